package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pbc/engine/action"
)

// programAuto reports whether an auto action is a program's: a program
// action, or a player's pass or purchase (the engine's own auto actions are
// companies').
func programAuto(a action.Action) bool {
	switch a.(type) {
	case *action.ProgramDisable, *action.ProgramSharePass, *action.ProgramBuyShares, *action.ProgramMergerPass:
		return true
	case *action.Pass, *action.BuyShares:
		return a.Env().EntityType == action.EntityPlayer
	}
	return false
}

// autoKey is what must agree between a recorded and a generated auto action.
func autoKey(g *Game, a action.Action) string {
	e := a.Env()
	k := e.Type + " " + e.Entity.String()
	switch v := a.(type) {
	case *action.ProgramDisable:
		// Fixtures name players anew; the reasons keep the names they had.
		reason := string(v.Extra["reason"])
		if _, rest, ok := strings.Cut(reason, " bought on corporation "); ok {
			reason = "… bought on corporation " + rest
		}
		k += " " + reason
	case *action.BuyShares:
		if _, c, err := g.findShares(v.Shares); err == nil {
			k += fmt.Sprintf(" %s %d%%", c.ID, v.Percent)
		}
	}
	return k
}

func autoKeys(g *Game, list []action.Action) string {
	var out []string
	for _, a := range list {
		out = append(out, autoKey(g, a))
	}
	return strings.Join(out, "; ")
}

// TestProgramsMatchFixtures replays every fixture and, before each action
// that 18xx.games followed with a program's actions (or while a program is
// set), applies the action on a copy without its recorded auto actions and
// lets the engine run the programs: it must take the same actions, with the
// same reasons, as 18xx.games recorded.
func TestProgramsMatchFixtures(t *testing.T) {
	dir, names := movesFixtures(t)
	total, agreed := 0, 0
	for _, name := range names {
		l := readFixture(t, dir, name)
		var bad []string
		err := stepFixture(l, func(g *Game, a action.Action) {
			rec := a.Env().AutoActions
			has := false
			for _, x := range rec {
				has = has || programAuto(x)
			}
			if _, isProg := a.(*action.ProgramSharePass); !has && len(g.programs) == 0 && !isProg {
				return
			}
			if g.Finished() {
				return
			}
			raw, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			bare, err := action.Decode(raw)
			if err != nil {
				t.Fatal(err)
			}
			bare.Env().AutoActions = nil
			c := g.Clone()
			if err := c.process(bare); err != nil {
				bad = append(bad, fmt.Sprintf("action %d: %v", a.Env().ID, err))
				return
			}
			c.importing = false
			if err := c.runAutoActions(bare); err != nil {
				bad = append(bad, fmt.Sprintf("action %d: auto actions: %v", a.Env().ID, err))
				return
			}
			got := bare.Env().AutoActions
			gotProg := false
			for _, x := range got {
				gotProg = gotProg || programAuto(x)
			}
			if !has && !gotProg {
				return
			}
			total++
			if w, h := autoKeys(g, rec), autoKeys(g, got); w != h {
				bad = append(bad, fmt.Sprintf("action %d %s: recorded [%s], engine [%s]", a.Env().ID, a.Env().Type, w, h))
				return
			}
			agreed++
		})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i, b := range bad {
			if i < 8 {
				t.Errorf("%s: %s", name, b)
			}
		}
		if len(bad) > 8 {
			t.Errorf("%s: %d more", name, len(bad)-8)
		}
	}
	t.Logf("%d of %d actions followed by program actions agree with 18xx.games", agreed, total)
}
