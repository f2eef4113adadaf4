package action

import (
	"errors"
	"fmt"
	"io"
)

// Limits bound what an imported log may hold, so that a file made to be
// costly is refused before it is decoded or replayed. Real exports are 10
// to 250 KB and 50 to 1,500 actions with at most a hundred undos.
type Limits struct {
	Bytes    int64 // the file's size
	Actions  int   // actions in the log
	UndoRedo int   // undo and redo actions together
}

// DefaultLimits are generous for any real game: a long game of 1822 is
// under 2,000 actions and 300 KB.
var DefaultLimits = Limits{Bytes: 8 << 20, Actions: 20_000, UndoRedo: 2_000}

// MaxID is the largest action id accepted: the largest integer a JSON
// number holds exactly everywhere (the site's JavaScript among them), far
// below where ids counted on from it would overflow.
const MaxID = 1<<53 - 1

// ErrLimit is what every limit refusal wraps.
var ErrLimit = errors.New("the game log is over a limit")

// limitErr is a refusal naming the limit.
func limitErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrLimit, fmt.Sprintf(format, args...))
}

// ReadGameLogLimited reads an exported game of at most lim.Bytes bytes and
// checks it against lim (Check); it reads no more than one byte past the
// limit.
func ReadGameLogLimited(r io.Reader, lim Limits) (*GameLog, error) {
	if lim.Bytes > 0 {
		r = io.LimitReader(r, lim.Bytes+1)
	}
	data, err := readAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading the game log: %w", err)
	}
	if lim.Bytes > 0 && int64(len(data)) > lim.Bytes {
		return nil, limitErr("the file is over %s", sizeText(lim.Bytes))
	}
	l := new(GameLog)
	if err := l.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	if err := l.Check(lim); err != nil {
		return nil, err
	}
	return l, nil
}

// Check checks l's actions against lim (a zero field is no limit) and the
// ids whatever lim says: each id between 1 and MaxID and none below the one
// before. Ids may skip (the site drops actions it rejected) and, in real
// exports, repeat.
func (l *GameLog) Check(lim Limits) error {
	if lim.Actions > 0 && len(l.Actions) > lim.Actions {
		return limitErr("it has %d actions; at most %d are accepted", len(l.Actions), lim.Actions)
	}
	prev, undoRedo := 0, 0
	for i, a := range l.Actions {
		if a == nil {
			return fmt.Errorf("action %d is empty", i+1)
		}
		switch a.(type) {
		case *Undo, *Redo:
			undoRedo++
			if lim.UndoRedo > 0 && undoRedo > lim.UndoRedo {
				return limitErr("it has more than %d undo and redo actions", lim.UndoRedo)
			}
		}
		e := a.Env()
		if !e.HasID() {
			continue
		}
		switch {
		case e.ID < 1 || e.ID > MaxID:
			return limitErr("action %d has id %d; ids run from 1 to %d", i+1, e.ID, MaxID)
		case e.ID < prev:
			return limitErr("action %d has id %d, after id %d: ids must not go back", i+1, e.ID, prev)
		}
		prev = e.ID
	}
	return nil
}

// sizeText writes a byte count for people.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
