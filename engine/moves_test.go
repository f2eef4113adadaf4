package engine

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine/action"
)

// movesFixtures lists the fixture files, or skips the test without them.
func movesFixtures(t *testing.T) (dir string, names []string) {
	t.Helper()
	dir = filepath.Join("..", "..", "shared", "fixtures")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	if len(files) == 0 {
		t.Skip("../shared/fixtures not found: conformance fixtures are kept beside the repository")
	}
	for _, f := range files {
		names = append(names, strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(dir)+"/"))
	}
	return dir, names
}

func readFixture(t *testing.T, dir, name string) *action.GameLog {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := action.ReadGameLog(f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// nextFixture reads a log of ../shared/fixtures-next (a title's folder and
// file), skipping the test when the fixtures are not beside the repository.
func nextFixture(t *testing.T, dir, name string) *action.GameLog {
	t.Helper()
	r, err := os.Open(filepath.Join("..", "..", "shared", "fixtures-next", dir, name))
	if err != nil {
		t.Skip("../shared/fixtures-next not found: the fixtures are kept beside the repository")
	}
	defer r.Close()
	l, err := action.ReadGameLog(r)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// movesAllowed are recorded actions the listed moves leave out on purpose,
// by fixture and action id, with the reason.
// They are the rule breaks 18xx.games accepted (see validateBreaks).
var movesAllowed = map[string]map[int]string{
	"1822PNWSRS/1822PNWSRS_game_end_bank_during_sr.json": {
		720: "5.8.2: Seattle goes from its printed tile to X21, skipping X20",
		933: "5.8.2: Portland goes from its printed tile to X25, skipping X24",
	},
	"1822PNW/p20_replaces_closed_minor.json": {
		487: `a merger's token choice is replace or exchange; 18xx.games read "3" as exchange`,
	},
}

// skipMoveCheck reports whether a recorded action is outside what Moves
// lists: chat, notes, programmed actions and manual game ends.
func skipMoveCheck(a action.Action) bool {
	switch a.(type) {
	case *action.Message, *action.Log, *action.ProgramSharePass, *action.ProgramBuyShares,
		*action.ProgramDisable, *action.EndGame:
		return true
	}
	return false
}

// TestMovesCoverFixtures replays every fixture and checks that each recorded
// action was among the moves listed just before it.
func TestMovesCoverFixtures(t *testing.T) {
	dir, names := movesFixtures(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readFixture(t, dir, name)
			var misses []string
			err := stepFixture(l, func(g *Game, a action.Action) {
				if skipMoveCheck(a) || g.Finished() {
					return
				}
				if why := g.Moves().lists(a); why != "" {
					id := a.Env().ID
					if _, ok := movesAllowed[name][id]; !ok {
						misses = append(misses, fmt.Sprintf("action %d %s by %s: %s", id, a.Env().Type, a.Env().Entity, why))
					}
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range misses {
				t.Error(m)
			}
		})
	}
}

// stepFixture replays an imported log, calling before with the state just
// before each effective action.
func stepFixture(l *action.GameLog, before func(g *Game, a action.Action)) error {
	acts, err := action.Effective(l.Actions)
	if err != nil || len(acts) == 0 {
		return err
	}
	t, err := TitleByName(l.Title)
	if err != nil {
		return err
	}
	seats := make([]Seat, len(l.Players))
	for i, p := range l.Players {
		seats[i] = Seat{ID: p.ID, Name: p.Name}
	}
	fresh, err := New(t, seats, l.Seed(), l.Settings.OptionalRules)
	if err != nil {
		return err
	}
	before(fresh, acts[0])
	pos := map[action.Action]int{}
	for i, a := range acts {
		pos[a] = i
	}
	_, err = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		if i := pos[a] + 1; i < len(acts) {
			before(g, acts[i])
		}
		return true
	}})
	return err
}

// lists returns "" when a is among the listed moves, else why not.
func (m *Moves) lists(a action.Action) string {
	env := a.Env()
	actor := m.Actor(env.Entity)
	if actor == nil {
		var who []string
		for _, x := range m.Actors {
			who = append(who, x.Name+" "+strings.Join(x.Types, "/"))
		}
		return "entity may not act; listed: " + strings.Join(who, "; ")
	}
	typ := action.TypeName(a)
	if !slices.Contains(actor.Types, typ) {
		return "type not listed; listed types " + strings.Join(actor.Types, ", ")
	}
	g := m.g
	switch v := a.(type) {
	case *action.Bid:
		for _, b := range actor.Bids {
			if b.Company == v.Company && v.Price >= b.Min && v.Price <= b.Max && (v.Price-b.Min)%b.Step == 0 {
				return ""
			}
		}
		return fmt.Sprintf("bid %s $%d not within %+v", v.Company, v.Price, actor.Bids)
	case *action.Par:
		for _, p := range actor.Pars {
			if p.Corp == v.Corporation && strings.HasPrefix(v.SharePrice, fmt.Sprint(p.Price)+",") {
				return ""
			}
		}
		return fmt.Sprintf("par %s %s not in %+v", v.Corporation, v.SharePrice, actor.Pars)
	case *action.BuyShares:
		return matchShares(g, actor.Buys, v.Shares, true)
	case *action.SellShares:
		return matchShares(g, actor.Sells, v.Shares, false)
	case *action.LayTile:
		for _, l := range actor.Tiles {
			rotOK := l.Rotation == v.Rotation || l.Name == "BC" // a builder cube has no rotation
			if l.Hex == v.Hex && l.Name == tileName(v.Tile) && rotOK && slices.Equal(l.Combo, v.ComboEntities) {
				return ""
			}
		}
		var here []string
		for _, l := range actor.Tiles {
			if l.Hex == v.Hex {
				here = append(here, fmt.Sprintf("%s/%d $%d%s", l.Name, l.Rotation, l.Cost, strings.Join(append([]string{""}, l.Combo...), "+")))
			}
		}
		return fmt.Sprintf("tile %s rot %d on %s not listed (%d lays; here: %v)", v.Tile, v.Rotation, v.Hex, len(actor.Tiles), here)
	case *action.PlaceToken:
		h, node, err := g.Board.cityByID(v.City)
		if err != nil {
			return err.Error()
		}
		for _, k := range actor.Tokens {
			if k.Hex == h.Def.ID && k.Node == node {
				return ""
			}
		}
		return fmt.Sprintf("token in %s not in %+v", v.City, actor.Tokens)
	case *action.HexToken:
		if slices.Contains(actor.HexTokens, v.Hex) {
			return ""
		}
		return "hex token " + v.Hex + " not listed"
	case *action.BuyTrain:
		for _, tm := range actor.Trains {
			same := tm.Train == v.Train || tm.From == "depot" && trainBase(tm.Train) == trainBase(v.Train) && v.Exchange == ""
			variant := v.Variant
			if variant == "" {
				variant = tm.Variant
			}
			price := v.Price == tm.Price || tm.MaxPrice > 0 && v.Price >= tm.Price && v.Price <= tm.MaxPrice
			if same && variant == tm.Variant && price && tm.Exchange == v.Exchange {
				return ""
			}
		}
		return fmt.Sprintf("train %s as %s for $%d not in %+v", v.Train, v.Variant, v.Price, actor.Trains)
	case *action.DiscardTrain:
		if slices.Contains(actor.Discards, v.Train) {
			return ""
		}
		return "discard " + v.Train + " not listed"
	case *action.AcquireCompany:
		if slices.Contains(actor.Privates, v.Company) {
			return ""
		}
		return "private " + v.Company + " not listed"
	case *action.Merge:
		for _, mm := range actor.Merges {
			if mm.Corp == v.Corporation {
				return ""
			}
		}
		return fmt.Sprintf("merge %s not in %+v", v.Corporation, actor.Merges)
	case *action.Choose:
		for _, c := range actor.Choices {
			if c.Choice == v.Choice {
				return ""
			}
		}
		return fmt.Sprintf("choice %q not in %+v", v.Choice, actor.Choices)
	case *action.ChooseAbility:
		for _, c := range actor.Abilities {
			if c.Choice == v.Choice {
				return ""
			}
		}
		return fmt.Sprintf("ability choice %q not in %+v", v.Choice, actor.Abilities)
	case *action.Assign:
		if slices.Contains(actor.Assigns, v.Target) {
			return ""
		}
		return "assign to " + v.Target + " not listed"
	case *action.Dividend:
		for _, d := range actor.Dividends {
			if d.Kind == v.Kind {
				return ""
			}
		}
		return "dividend " + v.Kind + " not listed"
	case *action.PayoffPlayerDebtPartial:
		if v.Amount >= 1 && v.Amount <= actor.Debt.Max {
			return ""
		}
		return fmt.Sprintf("debt payment $%d not within $1-$%d", v.Amount, actor.Debt.Max)
	}
	return ""
}

// matchShares finds a listed bundle of the same corporation, source and size.
func matchShares(g *Game, list []ShareMove, ids []string, buy bool) string {
	shares, corp, err := g.findShares(ids)
	if err != nil {
		return err.Error()
	}
	from := ""
	if buy && len(shares) > 0 {
		from = "treasury"
		if shares[0].Owner == Holder(g.Pool) {
			from = "market"
		}
	}
	pct := percentOf(shares)
	for _, s := range list {
		if s.Corp == corp.ID && s.Percent == pct && (!buy || s.From == from) {
			return ""
		}
	}
	return fmt.Sprintf("%d%% of %s (%s) not in %+v", pct, corp.ID, from, list)
}

// TestMovesApply takes sampled states of every fixture and applies each
// listed action to a copy of the state, checking the engine accepts it and
// that listing the moves left the state unchanged. By default it samples
// (states and, per state, a dozen actions of every type) to stay quick; set
// PBC_MOVES_FULL=1 to try every listed action on every 25th state.
func TestMovesApply(t *testing.T) {
	dir, names := movesFixtures(t)
	full := os.Getenv("PBC_MOVES_FULL") != ""
	every, states, perState := 60, 12, 12
	if full {
		every, states, perState = 25, 1<<30, 1<<30
	} else if testing.Short() {
		every, states, perState = 150, 4, 6
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readFixture(t, dir, name)
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			step := max(every, len(acts)/states)
			tried := 0
			for i := step / 2; i < len(acts); i += step {
				base, err := Replay(prefixLog(l, acts[:i]), ReplayOptions{})
				if err != nil {
					t.Fatalf("replaying %d actions: %v", i, err)
				}
				if base.Finished() {
					break
				}
				before, _ := json.Marshal(base.Snapshot(true))
				list := base.Moves().Actions()
				if after, _ := json.Marshal(base.Snapshot(true)); string(after) != string(before) {
					t.Fatalf("after action %d: listing the moves changed the state:\n%s\n%s", acts[i-1].Env().ID, before, after)
				}
				for _, a := range sampleActions(list, perState) {
					clone := base.Clone()
					tried++
					if err := clone.Apply(a); err != nil {
						t.Errorf("after action %d: listed %s refused: %v", acts[i-1].Env().ID, describeAction(a), err)
					}
				}
			}
			t.Logf("%d listed actions applied", tried)
		})
	}
}

// prefixLog is l with only the given (effective) actions.
func prefixLog(l *action.GameLog, acts []action.Action) *action.GameLog {
	c := *l
	c.Actions = acts
	return &c
}

// sampleActions keeps up to n actions of each type, spread over the list.
func sampleActions(list []action.Action, n int) []action.Action {
	byType := map[string][]action.Action{}
	var order []string
	for _, a := range list {
		typ := action.TypeName(a)
		if _, ok := byType[typ]; !ok {
			order = append(order, typ)
		}
		byType[typ] = append(byType[typ], a)
	}
	var out []action.Action
	for _, typ := range order {
		l := byType[typ]
		if len(l) <= n {
			out = append(out, l...)
			continue
		}
		for k := 0; k < n; k++ {
			out = append(out, l[k*len(l)/n])
		}
	}
	return out
}

// describeAction writes an action as JSON for messages.
func describeAction(a action.Action) string {
	b, err := json.Marshal(a)
	if err != nil {
		return action.TypeName(a)
	}
	return string(b)
}

// TestInvariantsOnFixtures checks the self-play invariants after every
// action of every fixture: real games must satisfy them too.
func TestInvariantsOnFixtures(t *testing.T) {
	dir, names := movesFixtures(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readFixture(t, dir, name)
			seen := 0
			_, err := Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
				for _, v := range g.Invariants() {
					if seen++; seen <= 5 {
						t.Errorf("after action %d: %s", a.Env().ID, v)
					}
				}
				return true
			}})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}
