package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/session/tabletop"
	"pbc/storage"
)

// chatSession plays one fixture cut through a core as its players would:
// the log imported (straight into the store: a whole log is far longer
// than a chat command may be), the seats claimed with `join`, then the
// recorded moves typed one by one. When they run out it imports a fresh
// copy into a new channel.
type chatSession struct {
	core    *Core
	store   storage.Store
	game    *benchGame
	prefix  string // of the channels' ids
	imports int
	next    int // the next move of game.moves
	ch      storage.Channel
}

// restart imports the cut log into a new channel and claims its seats.
func (s *chatSession) restart() error {
	s.imports++
	s.ch = storage.Channel{Platform: storage.Local, ID: fmt.Sprintf("%s-%d", s.prefix, s.imports)}
	if _, err := s.store.Import(context.Background(), s.ch, benchCreator, s.game.cut); err != nil {
		return fmt.Errorf("importing: %w", err)
	}
	for _, p := range s.game.cut.Players {
		u := User{ID: tabletop.ChatUser(p.ID), Name: p.Name}
		if _, err := send(s.core, s.ch, u, "join "+p.Name); err != nil {
			return fmt.Errorf("claiming %s's seat: %w", p.Name, err)
		}
	}
	// A game being played has its map drawn already: look at it once, as
	// its players would have, so that moves are timed as they run in a
	// game in progress, not as the first drawing of a new one.
	if _, err := send(s.core, s.ch, User{ID: "viewer", Name: "viewer"}, "map"); err != nil {
		return fmt.Errorf("drawing the map: %w", err)
	}
	s.next = 0
	return nil
}

// move sends the next recorded move.
func (s *chatSession) move() (Reply, error) {
	m := s.game.moves[s.next]
	s.next++
	return send(s.core, s.ch, User{ID: m.user, Name: s.game.names[m.user]}, m.text)
}

// chatFigures are one sub-benchmark's times per move.
type chatFigures struct {
	ns, cpu float64
}

// BenchmarkChatMove times one move typed in a channel, through the whole
// core (parsing, rules, storage, the reply with its map and market images),
// on a real SQLite file, early and late in a game. PNW-late, run after
// PNW-early, also reports how much dearer its moves are (x-early metrics).
func BenchmarkChatMove(b *testing.B) {
	var early *chatFigures
	for _, c := range []struct {
		name, fixture string
		frac          float64
		pad           int // chat notes added to the cut log
	}{
		{"PNW-early", benchPNW, 0.10, 0},
		{"PNW-late", benchPNW, 0.90, 0},
		{"CA-late", benchCA, 0.90, 0},
		// PNW-early's moves on a log as long as PNW-late's (padded with
		// chat notes, which change nothing): what the log's length alone
		// costs, without the late moves being other kinds of moves.
		{"PNW-early-long-log", benchPNW, 0.10, 1150},
	} {
		b.Run(c.name, func(b *testing.B) {
			figs := benchChatMove(b, c.fixture, c.frac, c.pad)
			switch {
			case c.name == "PNW-early":
				early = &figs
			case (c.name == "PNW-late" || c.name == "PNW-early-long-log") && early != nil:
				b.ReportMetric(figs.ns/early.ns, "time-x-early")
				b.ReportMetric(figs.cpu/early.cpu, "cpu-x-early")
				b.Logf("%s / PNW-early: %.2fx the time, %.2fx the CPU per move (aim: within 1.3x)",
					c.name, figs.ns/early.ns, figs.cpu/early.cpu)
			}
		})
	}
}

// benchChatMove plays the moves of fixture cut at frac, importing a fresh
// copy (untimed) whenever they run out.
func benchChatMove(b *testing.B, fixtureName string, frac float64, pad int) chatFigures {
	g := newBenchGame(b, fixture(b, fixtureName), frac)
	padLog(g.cut, pad)
	st := openStore(b)
	c := benchCore(st, false)
	b.Cleanup(func() { c.Close(context.Background()) })
	s := &chatSession{core: c, store: st, game: g, prefix: "chat"}
	if err := s.restart(); err != nil {
		b.Fatal(err)
	}
	b.Logf("%s cut at %d actions of %d: %d moves play on through chat, then %.160s",
		g.cut.Title, len(g.cut.Actions), len(g.cut.Actions)+g.remain, len(g.moves), g.stop)
	b.ReportAllocs()
	var cpu time.Duration
	images, n := 0, 0
	for b.Loop() {
		if s.next == len(g.moves) {
			b.StopTimer()
			if err := s.restart(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
		before := cpuTime()
		r, err := s.move()
		cpu += cpuTime() - before
		if err != nil {
			b.Fatalf("move %d after the cut: %v", s.next, err)
		}
		// Pictures that did not change are not posted again (a pass that
		// changes no hex posts no map), but a tile lay always shows one.
		if text := g.moves[s.next-1].text; len(r.Images) == 0 && strings.Contains(text, "lay ") {
			b.Fatalf("move %d after the cut (%q) was answered without the map", s.next, text)
		}
		images += len(r.Images)
		n++
	}
	if images == 0 {
		b.Fatal("no move was answered with a picture")
	}
	figs := chatFigures{ns: float64(b.Elapsed().Nanoseconds()) / float64(n), cpu: float64(cpu.Nanoseconds()) / float64(n)}
	b.ReportMetric(figs.cpu, "cpu-ns/op")
	b.ReportMetric(float64(images)/float64(n), "images/op")
	if s.imports > 1 {
		b.Logf("%d imports for %d moves", s.imports, n)
	}
	return figs
}

// padLog adds n chat notes to a log, as players chatting through the bot
// would: they lengthen the log and change nothing of the game.
func padLog(l *action.GameLog, n int) {
	if n == 0 {
		return
	}
	id := 0
	for _, a := range l.Actions {
		id = max(id, a.Env().ID)
	}
	acts := append([]action.Action(nil), l.Actions...)
	for i := range n {
		m := &action.Message{Message: fmt.Sprintf("note %d", i)}
		m.Type, m.ID = "message", id+i+1
		m.Entity, m.EntityType = action.PlayerEntity(l.Players[0].ID), action.EntityPlayer
		acts = append(acts, m)
	}
	l.Actions = acts
}
