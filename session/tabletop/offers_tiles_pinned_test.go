package tabletop

import (
	"fmt"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
)

// TestTileChoicesTheIssueNamed pins the lays offered where the old code
// listed equal placements twice, as the issue saw them: P7's "11 ways"
// (9 r0 = 9 r3, 9 r1 = 9 r4) are 9, B19's "18 ways" (57 r0–r2 = r3–r5)
// are 15, and tiles 4 (r0 = r3) and 621 (r1 = r4) count once. It checks
// the engine's raw list, the lays offered (HexLays), the hex menu's count
// and the answer to `lay HEX`.
func TestTileChoicesTheIssueNamed(t *testing.T) {
	fixtures(t)
	for _, tc := range []struct {
		fixture string
		after   int // the action id after which
		actor   string
		hex     string
		raw     int
		want    string
	}{
		{"1822PNW/165580.json", 97, "17", "P7", 11, "7 r2, 7 r3, 7 r4, 8 r1, 8 r2, 8 r3, 8 r4, 9 r0, 9 r1"},
		{"1822PNW/165580.json", 365, "2", "B19", 18,
			"5 r0, 5 r1, 5 r2, 5 r3, 5 r4, 5 r5, 6 r0, 6 r1, 6 r2, 6 r3, 6 r4, 6 r5, 57 r0, 57 r1, 57 r2"},
		{"1822PNW/165580.json", 100, "6", "G8", 6, "3 r2, 3 r3, 4 r0, 58 r1, 58 r3"},
		{"1822CA/1.json", 118, "GWR", "AA25", 6, "201 r3, 201 r4, 202 r2, 202 r4, 621 r1"},
	} {
		t.Run(fmt.Sprintf("%s/%d/%s", tc.fixture, tc.after, tc.hex), func(t *testing.T) {
			l := readLog(t, fixtureDir+"/"+tc.fixture)
			var m *engine.Moves
			_, err := engine.Replay(l, engine.ReplayOptions{After: func(g *engine.Game, a action.Action) bool {
				if a.Env().ID == tc.after {
					m = g.Moves()
					return false
				}
				return true
			}})
			if m == nil {
				t.Fatalf("no action %d in %s (%v)", tc.after, tc.fixture, err)
			}
			var ac *engine.Actor
			for i := range m.Actors {
				if m.Actors[i].Name == tc.actor {
					ac = m.Actors[i]
				}
			}
			if ac == nil {
				t.Fatalf("%s does not act after action %d", tc.actor, tc.after)
			}
			raw := 0
			for _, tm := range ac.Tiles {
				if tm.Hex == tc.hex && !tm.Cube {
					raw++
				}
			}
			if raw != tc.raw {
				t.Errorf("the engine lists %d lays on %s, want the %d the issue counted", raw, tc.hex, tc.raw)
			}
			_, lays := offers.HexLays(m, ac.Player, ac.Name, tc.hex)
			var got []string
			for _, l := range lays {
				got = append(got, fmt.Sprintf("%s r%d", l.Name, l.Rotation))
			}
			if strings.Join(got, ", ") != tc.want {
				t.Errorf("offered on %s: %s\nwant %s", tc.hex, strings.Join(got, ", "), tc.want)
			}
			ways := fmt.Sprintf("%d ways", strings.Count(tc.want, ",")+1)
			cmd, err := notation.Parse("lay " + tc.hex)
			if err != nil {
				t.Fatal(err)
			}
			if text, ok := offers.NarrowText(m, ac.Player, cmd); !ok || !strings.HasPrefix(text, tc.hex+": "+ways+" ") {
				t.Errorf("`lay %s` answers %q, want %s", tc.hex, text, ways)
			}
		})
	}
}

// TestEqualRotationsNeedNoRotation: `lay 4 G8` where 4 fits at r0 and
// r3, the same lay, is played without asking which; `lay 3 G8`, which
// fits two different ways, still asks.
func TestEqualRotationsNeedNoRotation(t *testing.T) {
	fixtures(t)
	const fx = "1822PNW/165580.json"
	tb := tableAt(t, fx, upTo(t, fx, 100)+1)
	ac := tb.Moves().Actors[0]
	if ac.Name != "6" {
		t.Fatalf("after action 100 %s acts, want minor 6", ac.Name)
	}
	user := "u" + fmt.Sprint(ac.Player)
	before := state(t, tb)
	rep := tb.Exec(commands.Request{User: user, Text: "lay 3 G8"})
	if rep.Err == nil && !strings.Contains(rep.Text, "rotations 2 or 3") {
		t.Errorf("`lay 3 G8` answers %q, want it to ask for r2 or r3", rep.Text)
	}
	if state(t, tb) != before {
		t.Fatal("`lay 3 G8` changed the game")
	}
	rep = tb.Exec(commands.Request{User: user, Text: "lay 4 G8"})
	lay, ok := rep.Action.(*action.LayTile)
	if rep.Err != nil || !ok || lay.Hex != "G8" || lay.Rotation != 0 {
		t.Errorf("`lay 4 G8` answers %q (%+v), want 4 laid on G8 at r0", rep.Text, rep.Action)
	}
}
