package multiproc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// slot is the move the driver sent at one log position.
type slot struct {
	user, verb string
	acked      bool   // its reply was received; else found applied after a failure
	reply      string // the first reply, to explain a failure
}

// tally counts what happened to a table's commands.
type tally struct {
	acked     int // moves answered as applied
	recovered int // moves whose reply was lost, found applied
	dropped   int // moves whose delivery failed and that were not applied (sent again)
	refused   int // moves the game refused (an illegal amount, say)
	failures  int // deliveries that failed (a process killed or down)
	staleCur  int // current choices refused as no longer current
}

// table is one channel's scripted game, its messages spread over the
// processes in turn.
type table struct {
	base    context.Context // outlives the play, to settle its last move
	c       *cluster
	ch      string
	players []string
	rng     *rand.Rand
	next    int  // the process the next message goes to
	pinned  bool // every message goes to one process while it is up

	at      int // the log position offered now (the next move's Seq)
	actor   string
	options []string
	done    bool // the game offers no choices (over, or the script is stuck)
	stuck   bool // every choice offered was refused

	slots    map[int]slot
	attempts int
	tally
	problems []string
}

func newTable(ctx context.Context, c *cluster, ch string, seed uint64) *table {
	t := &table{base: ctx, c: c, ch: ch, rng: rand.New(rand.NewPCG(seed, 17)), next: int(seed), slots: map[int]slot{}}
	for i := range 3 {
		t.players = append(t.players, fmt.Sprintf("%sp%d", ch, i))
	}
	return t
}

func (t *table) problem(format string, args ...any) {
	t.problems = append(t.problems, fmt.Sprintf("%s: ", t.ch)+fmt.Sprintf(format, args...))
}

// deliver sends one message to the next process that is up; a process
// found down is skipped, so only a failure in flight is an error.
func (t *table) deliver(ctx context.Context, user, text string, button bool, id string) ([]event, error) {
	for range len(t.c.procs) {
		p := t.c.procs[t.next%len(t.c.procs)]
		if !t.pinned {
			t.next++
		}
		evs, err := t.c.client.send(ctx, p, user, t.ch, text, button, id)
		if errors.Is(err, errDown) {
			t.next++
			continue
		}
		return evs, err
	}
	return nil, errDown
}

// must sends a message until a process answers it (set-up commands and
// queries, which may safely be sent again).
func (t *table) must(ctx context.Context, user, text string) ([]event, error) {
	id := fmt.Sprintf("%s.%s.%d", t.ch, user, t.attempts)
	t.attempts++
	for ctx.Err() == nil {
		evs, err := t.deliver(ctx, user, text, false, id)
		if err == nil {
			return evs, nil
		}
		t.failures++
		time.Sleep(50 * time.Millisecond)
	}
	return nil, ctx.Err()
}

// setUp creates the game and seats the players.
func (t *table) setUp(ctx context.Context) error {
	steps := []struct{ user, text string }{{t.players[0], "new 1822PNW"}}
	for _, p := range t.players[1:] {
		steps = append(steps, struct{ user, text string }{p, "join"})
	}
	steps = append(steps, struct{ user, text string }{t.players[0], "start"})
	for _, s := range steps {
		if _, err := t.must(ctx, s.user, s.text); err != nil {
			return fmt.Errorf("%s: %s: %w", t.ch, s.text, err)
		}
	}
	if err := t.refresh(ctx); err != nil {
		return err
	}
	if t.done {
		return fmt.Errorf("%s: the game offers no choices after start", t.ch)
	}
	return nil
}

// refresh asks a process where the game is.
func (t *table) refresh(ctx context.Context) error {
	evs, err := t.must(ctx, t.players[0], "status")
	if err != nil {
		return err
	}
	t.adopt(evs)
	return nil
}

var (
	offerAt = regexp.MustCompile(`^@(\d+) (\S+)`)
	fromAmt = regexp.MustCompile(`from \$(\d+)`)
)

// state is where replies say the game is: the position offered, who acts,
// the commands offered; ok is false when none is.
func (t *table) state(evs []event) (at int, actor string, options []string, ok bool) {
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		var opts []string
		for _, b := range e.Buttons {
			opts = append(opts, b.Command)
		}
		for _, m := range e.Menus {
			for _, o := range m.Options {
				cmd := o.Command
				if m := fromAmt.FindStringSubmatch(o.Description); m != nil {
					cmd += " " + m[1]
				}
				opts = append(opts, cmd)
			}
		}
		opts = slices.DeleteFunc(opts, func(s string) bool { return !offerAt.MatchString(s) })
		if len(opts) == 0 {
			continue
		}
		at, _ = strconv.Atoi(offerAt.FindStringSubmatch(opts[0])[1])
		for _, m := range e.Mentions {
			if slices.Contains(t.players, m) {
				actor = m
			}
		}
		if actor == "" {
			// A status names who acts ("Mp01p2 to act", "M6 (mp01p2) to act").
			for _, line := range strings.Split(strings.ToLower(e.Text), "\n") {
				if head, _, found := strings.Cut(line, " to act"); found {
					for _, p := range t.players {
						if strings.Contains(head, p) {
							actor = p
						}
					}
				}
			}
		}
		return at, actor, opts, actor != ""
	}
	return 0, "", nil, false
}

// adopt takes the state replies show; with none, the game is done.
func (t *table) adopt(evs []event) {
	at, actor, opts, ok := t.state(evs)
	if !ok {
		t.done = true
		return
	}
	t.at, t.actor, t.options, t.done = at, actor, opts, false
}

func stale(evs []event) bool {
	for _, e := range evs {
		if e.Stale || strings.Contains(e.Text, "no longer current") {
			return true
		}
	}
	return false
}

// move plays one of the offered choices, sending it again (the same
// delivery) to another process while deliveries fail, and works out from
// the answers whether it was applied.
func (t *table) move() {
	opt := t.options[t.rng.IntN(len(t.options))]
	if t.rng.IntN(2) == 0 && slices.ContainsFunc(t.options, func(s string) bool { return strings.HasSuffix(s, " pass") }) {
		opt = t.options[slices.IndexFunc(t.options, func(s string) bool { return strings.HasSuffix(s, " pass") })]
	}
	at, user := t.at, t.actor
	verb := offerAt.FindStringSubmatch(opt)[2]
	id := fmt.Sprintf("%s.%d.%d", t.ch, at, t.attempts)
	t.attempts++
	failed := false
	// The move is settled even when the play ends meanwhile (on the
	// table's own context): a reply given up on could be a move applied.
	for try := 0; t.base.Err() == nil && try < 200; try++ {
		evs, err := t.deliver(t.base, user, opt, true, id)
		if err != nil {
			t.failures++
			failed = true
			time.Sleep(50 * time.Millisecond)
			continue
		}
		nat, _, _, ok := t.state(evs)
		switch {
		case len(evs) == 0 || stale(evs):
			// Answered as a repeat, or as a choice of the past: either
			// an earlier delivery was applied, or the session serving
			// it did not know of the game's latest moves.
			if !failed {
				t.staleCur++
				t.problem("the current choice %q (as %s) was refused as no longer current: %q", opt, user, firstText(evs))
			}
			t.resolve(at, slot{user: user, verb: verb})
		case ok && nat == at+1:
			t.slots[at] = slot{user: user, verb: verb, acked: true, reply: firstText(evs)}
			t.acked++
			t.adopt(evs)
		case ok && nat == at:
			t.refused++
			t.adopt(evs)
		case !ok:
			// No choices in the answer: the move ended the game, or it
			// was answered with a question (not applied). Ask.
			if err := t.refresh(t.base); err != nil {
				return
			}
			switch {
			case t.done || t.at == at+1:
				t.slots[at] = slot{user: user, verb: verb, acked: true, reply: firstText(evs) + " (then asked: done " + fmt.Sprint(t.done) + ")"}
				t.acked++
			case t.at == at:
				t.refused++
			default:
				t.problem("after the move at %d the game offers position %d", at, t.at)
			}
		default:
			t.problem("a move at %d answered with position %d: %q", at, nat, firstText(evs))
			t.adopt(evs)
		}
		return
	}
}

// resolve finds out, from the game's state now, whether the move sent at
// position at was applied.
func (t *table) resolve(at int, s slot) {
	if err := t.refresh(t.base); err != nil {
		return
	}
	switch {
	case t.done || t.at == at+1:
		t.slots[at] = s
		t.recovered++
	case t.at == at:
		t.dropped++
	default:
		t.problem("after an unanswered move at %d the game offers position %d", at, t.at)
	}
}

func firstText(evs []event) string {
	if len(evs) == 0 {
		return "(no reply)"
	}
	s := evs[0].Text
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// play moves until ctx ends or the game offers nothing more.
func (t *table) play(ctx context.Context) {
	refusedInRow := 0
	for ctx.Err() == nil && !t.done {
		before := t.refused
		t.move()
		if t.refused > before {
			if refusedInRow++; refusedInRow > 20 {
				// The script only takes the choices offered as buttons
				// and menus; some positions need a typed answer.
				t.stuck = true
				return
			}
		} else {
			refusedInRow = 0
		}
	}
}
