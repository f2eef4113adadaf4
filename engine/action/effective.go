package action

import "fmt"

// Effective applies the undo/redo filter of section 3.6 to a raw action log and
// returns the actions to process, in log order. Undo and redo are never
// returned; chat messages are never undone; every other action (log, end_game
// and program actions included) is undoable and makes earlier undos final.
func Effective(actions []Action) ([]Action, error) {
	firstByID := make(map[int]int, len(actions))
	for i, a := range actions {
		if a == nil {
			return nil, fmt.Errorf("action %d is nil", i)
		}
		if e := a.Env(); e.HasID() {
			if _, seen := firstByID[e.ID]; !seen {
				firstByID[e.ID] = i
			}
		}
	}

	kept := make([]bool, len(actions))
	var undos [][]int // per pending undo, the positions it emptied
	for i, a := range actions {
		switch a := a.(type) {
		case *Undo:
			from, err := undoStart(a, i, actions, kept, firstByID)
			if err != nil {
				return nil, err
			}
			var group []int
			for j := from; j < i; j++ {
				if kept[j] && !isMessage(actions[j]) {
					kept[j] = false
					group = append(group, j)
				}
			}
			undos = append(undos, group)
		case *Redo:
			if len(undos) == 0 {
				return nil, fmt.Errorf("action %d (id %d): redo with nothing to redo", i, a.ID)
			}
			for _, j := range undos[len(undos)-1] {
				kept[j] = true
			}
			undos = undos[:len(undos)-1]
		case *Message:
			kept[i] = true
		default:
			undos = undos[:0]
			kept[i] = true
		}
	}

	out := make([]Action, 0, len(actions))
	for i, k := range kept {
		if k {
			out = append(out, actions[i])
		}
	}
	return out, nil
}

// undoStart returns the first position the undo at index i empties: just after
// the action named by action_id (0 meaning the very start), or, without
// action_id, the latest still-kept action that is not a message.
func undoStart(u *Undo, i int, actions []Action, kept []bool, firstByID map[int]int) (int, error) {
	if u.ActionID != nil {
		if *u.ActionID == 0 {
			return 0, nil
		}
		j, ok := firstByID[*u.ActionID]
		if !ok {
			return 0, fmt.Errorf("action %d (id %d): undo to unknown action_id %d", i, u.ID, *u.ActionID)
		}
		return j + 1, nil
	}
	for j := i - 1; j >= 0; j-- {
		if kept[j] && !isMessage(actions[j]) {
			return j, nil
		}
	}
	return 0, nil
}

// isMessage reports whether a is a chat message, which undo never removes.
func isMessage(a Action) bool {
	_, ok := a.(*Message)
	return ok
}
