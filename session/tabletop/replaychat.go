package tabletop

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/resolve"
	"pbc/engine"
	"pbc/engine/action"
)

// ChatError says which action of a log could not be played through chat.
type ChatError struct {
	Index int    // position in the log's action list
	ID    int    // the action's id
	Type  string // the action's type
	Text  string // the command sent, if one was found
	Msg   string // why it failed
}

// Error describes the failure.
func (e *ChatError) Error() string {
	if e.Text == "" {
		return fmt.Sprintf("action %d (id %d, %s): %s", e.Index, e.ID, e.Type, e.Msg)
	}
	return fmt.Sprintf("action %d (id %d, %s): %q: %s", e.Index, e.ID, e.Type, e.Text, e.Msg)
}

// ChatUser is the chat user ReplayChat seats for a log's player.
func ChatUser(playerID int) string { return "user-" + strconv.Itoa(playerID) }

// ReplayChat plays a recorded 18xx.games game through the command layer:
// every effective action is worded as a player would type it (Translate),
// parsed and dispatched as the user seated for the entity's controller,
// with the recorded auto actions attached. Like an 18xx.games import, the
// game trusts what was recorded (rules since changed, stated revenues), so
// it must reach exactly the log's result.
func ReplayChat(l *action.GameLog) (*engine.Game, error) {
	g, _, err := ReplayChatTrace(l, nil)
	return g, err
}

// ReplayChatTrace is ReplayChat calling line after every command sent
// (with the sending user, the text and the reply); it returns the number of
// commands sent.
//
// The game is driven by engine.Replay (with After) over a log of empty actions of
// the recorded types: before each one is processed, the commands for the
// recorded action are sent and the action they make is copied into it. So
// the engine treats the chat's actions exactly as an imported log, in one
// pass.
func ReplayChatTrace(l *action.GameLog, line func(user, text string, rep commands.Reply)) (*engine.Game, int, error) {
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return nil, 0, err
	}
	index := map[action.Action]int{}
	for i, a := range l.Actions {
		index[a] = i
	}
	var plays, slots []action.Action
	slotOf := map[action.Action]int{}
	for _, a := range acts {
		if _, ok := a.(*action.Message); ok {
			continue
		}
		slot := reflect.New(reflect.TypeOf(a).Elem()).Interface().(action.Action)
		slotOf[slot] = len(slots)
		plays, slots = append(plays, a), append(slots, slot)
	}
	head := *l
	head.Actions = nil
	t := &Table{Position: commands.Position{Log: &head, Recorded: true}}
	for _, p := range l.Players {
		t.Seats = append(t.Seats, commands.Seat{Player: p.ID, Name: p.Name, User: ChatUser(p.ID)})
	}
	if err := t.rebuild(); err != nil {
		return nil, 0, err
	}
	t.Log = &action.GameLog{Title: l.Title, Players: l.Players, Settings: l.Settings}
	next := 0
	t.stage = func(a action.Action) error {
		if next >= len(slots) || reflect.TypeOf(slots[next]) != reflect.TypeOf(a) {
			return fmt.Errorf("the chat made a %s where the log has %s", action.TypeName(a), describeSlot(slots, next))
		}
		reflect.ValueOf(slots[next]).Elem().Set(reflect.ValueOf(a).Elem())
		next++
		return nil
	}
	sent := 0
	texts := make([]string, len(plays))
	send := func(user, text string, autos []action.Action) commands.Reply {
		rep := t.Exec(commands.Request{User: user, Text: text, Autos: autos})
		sent++
		if line != nil {
			line(user, text, rep)
		}
		return rep
	}
	var chatErr error
	play := func(i int) bool {
		a := plays[i]
		fail := func(text, msg string) bool {
			chatErr = &ChatError{Index: index[a], ID: a.Env().ID, Type: action.TypeName(a), Text: text, Msg: msg}
			return false
		}
		if _, ok := a.(*action.EndGame); ok {
			texts[i] = string(notation.End)
			if err := endByVotes(t, send); err != nil {
				return fail(string(notation.End), err.Error())
			}
			return true
		}
		text, err := resolve.Phrase(&t.Position, a)
		if err != nil {
			return fail("", err.Error())
		}
		texts[i] = text
		if rep := send(t.ActingUser(a), text, a.Env().AutoActions); !rep.OK || next != i+1 {
			return fail(text, rep.Text)
		}
		return true
	}
	if len(plays) == 0 {
		return t.Game, 0, nil
	}
	if !play(0) {
		return t.Game, sent, chatErr
	}
	run := head
	run.Actions = slots
	g, err := engine.Replay(&run, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
		t.Game = g
		if i := slotOf[a] + 1; i < len(plays) {
			return play(i)
		}
		return true
	}})
	if chatErr != nil {
		return g, sent, chatErr
	}
	var re *engine.ReplayError
	if errors.As(err, &re) && re.Index < len(plays) {
		a := plays[re.Index]
		return g, sent, &ChatError{Index: index[a], ID: a.Env().ID, Type: action.TypeName(a), Text: texts[re.Index], Msg: engineRefusal(re.Reason)}
	}
	return g, sent, err
}

// describeSlot names the recorded action type expected next.
func describeSlot(slots []action.Action, i int) string {
	if i >= len(slots) {
		return "nothing more"
	}
	return "a " + action.TypeName(slots[i])
}

// endByVotes ends the game as players do here: every seated player says `end`.
func endByVotes(t *Table, send func(user, text string, autos []action.Action) commands.Reply) error {
	var rep commands.Reply
	for i, s := range t.Seats {
		text := string(notation.End)
		if i == len(t.Seats)-1 {
			text = "end confirm" // the last vote ends the game, which a live table asks to confirm
		}
		rep = send(s.User, text, nil)
		if !rep.OK {
			return fmt.Errorf("%s", rep.Text)
		}
	}
	if rep.Action == nil {
		return fmt.Errorf("the game did not end: %s", rep.Text)
	}
	return nil
}
