package tabletop

import (
	"pbc/commands"
	"pbc/commands/notation"
	"sync"
	"testing"
)

// seedTexts are commands of every kind, right and wrong, for the fuzzers.
var seedTexts = []string{
	"bid M5 100", "bid P7 0", "buy SWW", "buy SWW pool", "buy SWW_3 SWW_4", "sell SWW 2", "sell SWW 20%",
	"par SWW 70", "par 70", "par SWW 100,0,9", "lay 57 D23 r1", "lay D23 57", "lay X20 H11 r0 with P12",
	"lay 8 D19 r2 with P11+P7", "cube D23", "token H11", "token H11 2", "token Q3.2 slot 1 dest",
	"token W3 with P10", "destination Q3", "run auto", "run none", "run L-4 D23", "run 3-1 H11 F9 E8 =120",
	"run 2 H11>G10>F9 F9>E8, L D23 bare; 2 AG13.1 AG13.2", "run 4 H11-F9-E8", "pay", "half", "withhold",
	"train 3", "train 2", "train E", "train 3 pool", "train L-4 from SWW 150", "train L-0 as L for 60",
	"upgrade L-4", "acquire P7", "merge 8", "choose 4", "choose None", "double", "one share", "two shares",
	"money", "replace", "exchange", "remove", "open", "closed", "use P21 M5 top", "use P11 GWR ipo",
	"assign D11", "assign D11 with P15", "issue 2", "issue 5 at 35", "redeem", "redeem 1", "payoff",
	"payoff 100", "pay off all", "discard 3-1", "pass", "P7: pass", "as SWW token H11", "5: pass", "undo",
	"redo", "agree", "refuse", "note hello", "autopass", "autobuy GWR 3", "autobuy PGE float pool then pass",
	"auto off", "status", "map", "market", "company SWW", "company M8", "player @Ann", "trains", "tiles",
	"log", "log 20", "moves", "games", "help", "help run", "new 1822PNW short", "join", "join Bob", "leave",
	"start", "kick b", "replace b with e", "end", "end game", "import {}", "!pass", "/bid m5 105",
	"pbc status", "", "   ", "run 3 H11 =", "token H11.0", "lay 57 D23 r9", "bid M5 -5", "sell SWW 0",
	"run L-4 D23 D21>D23", "run L-4 A1>A1>A1", "train 99-99 from 5 1", "as Ann pass", "Ann: pass",
}

// FuzzParse checks that no text makes the parser panic and that what it
// accepts has a verb.
func FuzzParse(f *testing.F) {
	for _, s := range seedTexts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmd, err := notation.Parse(text)
		if err == nil && cmd.Verb == "" {
			t.Fatalf("Parse(%q) accepted a command without a verb", text)
		}
		if err != nil && cmd != nil {
			t.Fatalf("Parse(%q) returned both a command and an error", text)
		}
	})
}

// fuzzTables are a fresh game and one in its first operating round.
func fuzzTables(t *testing.T) []*Table {
	sr := newPNW(t)
	or := newPNW(t)
	for _, c := range []struct{ user, text string }{
		{"a", "bid M5 100"}, {"a", "pass"}, {"b", "bid M20 100"}, {"b", "pass"}, {"c", "pass"}, {"a", "pass"}, {"b", "pass"},
	} {
		must(t, or, c.user, c.text)
	}
	return []*Table{sr, or}
}

// gameState is the game and its log, without the seats.
func gameState(t *testing.T, tb *Table) string {
	saved := tb.Seats
	tb.Seats = nil
	defer func() { tb.Seats = saved }()
	return state(t, tb)
}

// fuzzUsers are the senders the dispatcher fuzzer picks from.
var fuzzUsers = []string{"a", "b", "c", "eve", ""}

// fuzzCache keeps the fuzzer's tables between inputs; a table that accepted
// a command is built afresh.
var fuzzCache struct {
	sync.Mutex
	tables []*Table
	games  []string // their game states when fresh
	dirty  bool
}

// FuzzExec sends any text from any user to a game in a stock round and to
// one in an operating round: the dispatcher must never panic, a refused
// command must change nothing, and an accepted one changes the game only
// with an action to store.
func FuzzExec(f *testing.F) {
	for i, s := range seedTexts {
		f.Add(uint8(i), s, false)
	}
	f.Fuzz(func(t *testing.T, who uint8, text string, admin bool) {
		c := &fuzzCache
		c.Lock()
		defer c.Unlock()
		if c.tables == nil || c.dirty {
			c.tables, c.games, c.dirty = fuzzTables(t), nil, false
			for _, tb := range c.tables {
				c.games = append(c.games, gameState(t, tb))
			}
		}
		for i, tb := range c.tables {
			before := state(t, tb)
			rep := tb.Exec(commands.Request{User: fuzzUsers[int(who)%len(fuzzUsers)], Admin: admin, Text: text})
			if rep.Text == "" {
				t.Fatalf("%q: empty reply", text)
			}
			after := state(t, tb)
			if !rep.OK && (rep.Action != nil || after != before) {
				t.Fatalf("%q was refused (%q) but changed the game", text, rep.Text)
			}
			if rep.Action == nil && gameState(t, tb) != c.games[i] {
				t.Fatalf("%q changed the game without an action to store (%q)", text, rep.Text)
			}
			if after != before {
				c.dirty = true
			}
		}
	})
}
