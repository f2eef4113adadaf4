package bot

import (
	"context"
	"fmt"
	"log/slog"
	"maps"
	"syscall"
	"testing"
	"time"

	"pbc/commands"
	"pbc/commands/resolve"
	"pbc/engine/action"
	"pbc/session/tabletop"
	"pbc/storage"
)

// The fixtures the session benchmarks play on: both games play on through
// chat from their late cuts, every command checked by today's rules.
const (
	benchPNW = "1822PNW/1822PNW_game_end_stock_market.json"
	benchCA  = "1822CA/1822CA_game_end_bank.json"
)

// benchCreator is the user who imports the benchmarks' games.
const benchCreator = "bench-host"

// volatileHeader are the header fields of an exported log that describe its
// state at export; a cut log must not claim the final ones.
var volatileHeader = []string{"status", "turn", "round", "acting", "loaded", "updated_at", "finished_at", "manually_ended"}

// cutLog is a log's first n effective actions (undos resolved) as a game
// still in progress: no result, no end reason, no final status.
func cutLog(full *action.GameLog, eff []action.Action, n int) *action.GameLog {
	cut := *full
	cut.Actions = eff[:n:n]
	cut.Result, cut.GameEndReason = nil, ""
	cut.Extra = maps.Clone(full.Extra)
	for _, k := range volatileHeader {
		delete(cut.Extra, k)
	}
	return &cut
}

// chatMove is one recorded action phrased as the chat command of the user
// who would send it.
type chatMove struct {
	user, text string
}

// chatScript phrases the recorded actions after a cut as chat commands, as
// the user seated for each acting entity would send them (tabletop.ChatUser
// of the player), playing each on a shadow table that mirrors the bot's so
// that the next one is phrased against the right state. It stops where the
// log ends or where an action does not play as a live game (the live rules
// differ from what 18xx.games recorded), saying why.
func chatScript(cut *action.GameLog, rest []action.Action) ([]chatMove, string, error) {
	own := *cut // the shadow appends to its log
	shadow, err := tabletop.ImportTable(&own, benchCreator)
	if err != nil {
		return nil, "", fmt.Errorf("the cut log does not import: %w", err)
	}
	for i := range shadow.Seats {
		shadow.Seats[i].User = tabletop.ChatUser(shadow.Seats[i].Player)
	}
	var moves []chatMove
	for _, a := range rest {
		switch a.(type) {
		case *action.Message:
			continue
		case *action.EndGame:
			return moves, "the log ends the game", nil
		}
		m, did, why := shadowMove(shadow, a)
		if why != "" {
			return moves, why, nil
		}
		moves = append(moves, m)
		// 18xx.games recorded, after the action that let them, the
		// actions it took itself: some the engine here takes too (they
		// are on the action it made), others (players' programs: auto
		// passes) the players type here.
		taken := did.Env().AutoActions
		for _, auto := range a.Env().AutoActions {
			if len(taken) > 0 && sameKind(taken[0], auto) {
				taken = taken[1:]
				continue
			}
			m, _, why := shadowMove(shadow, auto)
			if why != "" {
				return moves, "auto " + why, nil
			}
			moves = append(moves, m)
		}
	}
	return moves, "the log runs out", nil
}

// shadowMove phrases a recorded action on the shadow table and plays it
// there, returning the action made, or says why it does not play live.
func shadowMove(shadow *tabletop.Table, a action.Action) (chatMove, action.Action, string) {
	id := a.Env().ID
	text, err := resolve.Phrase(&shadow.Position, a)
	if err != nil {
		return chatMove{}, nil, fmt.Sprintf("action id %d (%s) has no command: %.300v", id, action.TypeName(a), err)
	}
	user := shadow.ActingUser(a)
	rep := shadow.Exec(commands.Request{User: user, Text: text})
	if !rep.OK {
		return chatMove{}, nil, fmt.Sprintf("action id %d (%q) is refused live: %s", id, text, rep.Text)
	}
	if rep.Action == nil {
		return chatMove{}, nil, fmt.Sprintf("action id %d (%q) appended nothing", id, text)
	}
	return chatMove{user: user, text: text}, rep.Action, ""
}

// sameKind reports whether two actions are of one type by one entity.
func sameKind(a, b action.Action) bool {
	return action.TypeName(a) == action.TypeName(b) && a.Env().Entity.String() == b.Env().Entity.String()
}

// benchGame is a fixture cut at a point, with the moves that follow it.
type benchGame struct {
	cut    *action.GameLog
	moves  []chatMove
	stop   string // why the moves stop there
	names  map[string]string
	remain int // recorded actions after the cut
}

// newBenchGame cuts a fixture at frac of its effective log and phrases the
// rest; it fails when not even one move plays on.
func newBenchGame(b testing.TB, full *action.GameLog, frac float64) *benchGame {
	b.Helper()
	eff, err := action.Effective(full.Actions)
	if err != nil {
		b.Fatal(err)
	}
	n := int(frac * float64(len(eff)))
	g := &benchGame{cut: cutLog(full, eff, n), remain: len(eff) - n, names: map[string]string{}}
	if g.moves, g.stop, err = chatScript(g.cut, eff[n:]); err != nil {
		b.Fatal(err)
	}
	if len(g.moves) == 0 {
		b.Fatalf("%s cut at %d of %d actions: no move plays on through chat: %s", full.Title, n, len(eff), g.stop)
	}
	for _, p := range full.Players {
		g.names[tabletop.ChatUser(p.ID)] = p.Name
	}
	return g
}

// benchCore is a core as production runs it over st, images included
// unless noImages, logging nowhere.
func benchCore(st storage.Store, noImages bool) *Core {
	quiet := slog.New(slog.DiscardHandler)
	return New(Options{Store: st, Commands: &Dispatcher{Store: st, Log: quiet}, Logger: quiet,
		NoImages: noImages})
}

// replyWait is a Responder that keeps the replies to one message and says
// when the core is done with it.
type replyWait struct {
	replies []Reply
	done    chan struct{}
}

func (w *replyWait) Respond(_ context.Context, r Reply) error {
	w.replies = append(w.replies, r)
	return nil
}

func (w *replyWait) Finish() { close(w.done) }

// send submits a typed message and waits for the core to be done with it;
// it returns the last reply, an error when there was none or it was a
// refusal (refusals and failures are ephemeral).
func send(c *Core, ch storage.Channel, user User, text string) (Reply, error) {
	w := &replyWait{done: make(chan struct{})}
	c.Submit(Message{Channel: ch, User: user, Text: text, Kind: KindTyped, Respond: w})
	limit := time.NewTimer(3 * time.Minute)
	defer limit.Stop()
	select {
	case <-w.done:
	case <-limit.C:
		return Reply{}, fmt.Errorf("%.40q: no end of handling after 3 minutes", text)
	}
	if len(w.replies) == 0 {
		return Reply{}, fmt.Errorf("%.40q: no reply", text)
	}
	r := w.replies[len(w.replies)-1]
	if r.Ephemeral {
		return r, fmt.Errorf("%.60q was refused: %s", text, r.Text)
	}
	return r, nil
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestChatScript checks the benchmarks' harness: a late PNW cut is a game
// in progress, and the first moves phrased on the shadow table play through
// a core, each stored (a few only: every write waits for the disk).
func TestChatScript(t *testing.T) {
	g := newBenchGame(t, fixture(t, benchPNW), 0.9)
	if g.cut.GameEndReason != "" || len(g.cut.Result) != 0 {
		t.Errorf("the cut log still has its end: %q %v", g.cut.GameEndReason, g.cut.Result)
	}
	st := openStore(t)
	c := benchCore(st, true)
	defer c.Close(context.Background())
	s := &chatSession{core: c, store: st, game: g, prefix: "script"}
	if err := s.restart(); err != nil {
		t.Fatal(err)
	}
	moves := min(3, len(g.moves))
	for range moves {
		if _, err := s.move(); err != nil {
			t.Fatalf("move %d: %v", s.next, err)
		}
	}
	sg, err := st.OpenGame(context.Background(), s.ch)
	if err != nil {
		t.Fatal(err)
	}
	ld, err := st.Load(context.Background(), sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(ld.Entries), len(g.cut.Actions)+moves; got != want {
		t.Errorf("%d log entries after %d moves on %d imported actions, want %d", got, moves, len(g.cut.Actions), want)
	}
	for _, e := range ld.Entries[len(g.cut.Actions):] {
		if g.names[e.UserID] == "" {
			t.Errorf("entry %d sent by %q, not a seated player", e.Seq, e.UserID)
		}
	}
}
