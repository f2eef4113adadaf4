package engine

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine/action"
)

// playedBreak is a recorded run that a game played here refuses or pays
// otherwise, and why.
type playedBreak struct {
	id     int
	refuse bool // refused outright; otherwise paid less than recorded
}

// Why the fixtures of the titles being added break when played here:
//
//   - E-train runs recorded before 18xx.games' change of October 2025,
//     which made E-trains start and end at the company's stations (the
//     E-train case of the English Channel followed in November): these
//     logs are older and their E-trains run on beyond their stations;
//   - 18xx.games paid the destination bonus on two runs of one turn (the
//     E-train's and another's, both recorded with it), where the rules
//     pay it to one train a turn (1822 engine README);
//   - a run 18xx.games recorded above what its own engine pays for it today
//     (1822MX_game_end_stock_market 842: FCM's 6-train, recorded $410, which
//     the reference recomputes as $360, as we do).
var (
	eTrainBeyond      = func(id int) playedBreak { return playedBreak{id, true} }
	doubleDestination = func(id int) playedBreak { return playedBreak{id, false} }
	repricedSince     = func(id int) playedBreak { return playedBreak{id, false} }
)

// playedFixtures are the fixtures of the titles being added that replay as
// games played here (every action checked as a move here, every run priced
// by our rules) to the recorded result, with their known breaks applied as
// 18xx.games did. Fixtures may be added, never removed.
var playedFixtures = map[string][]playedBreak{
	"1822/1822_game_end_stock_market.json":     {eTrainBeyond(1319), doubleDestination(1404), eTrainBeyond(1499)},
	"1822/discard_trains_after_sr_export.json": {eTrainBeyond(823)},
	"1822/hs_lxemeslq_30797.json":              nil,
	"1822NRS/128129.json":                      nil,
	"1822NRS/1822NRS_game_end_bank.json": {eTrainBeyond(801), eTrainBeyond(806), eTrainBeyond(809),
		doubleDestination(815), eTrainBeyond(841), eTrainBeyond(844), eTrainBeyond(848), doubleDestination(854),
		eTrainBeyond(868), eTrainBeyond(871), eTrainBeyond(874), doubleDestination(880), eTrainBeyond(887)},
	"1822MRS/1822MRS_game_end_bank.json": {eTrainBeyond(692), eTrainBeyond(736), eTrainBeyond(768), eTrainBeyond(776)},
	"1822MRS/2227.json":                  nil,
	"1822MRS/35936.json":                 nil,
	"1822MX/86.json":                     nil,
	"1822MX/1822MX_game_end_stock_market.json": {eTrainBeyond(744), eTrainBeyond(795), eTrainBeyond(798),
		repricedSince(842)},
	"1822MX/home_and_ndem_auctioned_token_in_mexico_city.json": nil,
}

// TestNextFixturesPlayed replays each fixture of playedFixtures as a game
// played here: every action must be accepted and the result must be the
// recorded one. Each known break must really be one (refused, or paid less
// than recorded, in the position before it) and is then applied as
// 18xx.games recorded it.
func TestNextFixturesPlayed(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "fixtures-next")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("../shared/fixtures-next not found: the fixtures are kept beside the repository")
	}
	for name, breaks := range playedFixtures {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r, err := os.Open(filepath.Join(dir, filepath.FromSlash(name)))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			l, err := action.ReadGameLog(r)
			if err != nil {
				t.Fatal(err)
			}
			known := map[int]playedBreak{}
			for _, b := range breaks {
				known[b.id] = b
			}
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			next := map[int]action.Action{} // the action after each one
			for i := 1; i < len(acts); i++ {
				next[acts[i-1].Env().ID] = acts[i]
			}
			seen := 0
			g, err := Replay(l, ReplayOptions{Played: true, After: func(g *Game, a action.Action) bool {
				n := next[a.Env().ID]
				b, isBreak := playedBreak{}, false
				if n != nil {
					b, isBreak = known[n.Env().ID]
				}
				if isBreak {
					seen++
					checkPlayedBreak(t, g, n, b)
				}
				if isBreak != g.importing {
					g.importing, g.trustRevenue = isBreak, isBreak
					g.invalidateActions()
				}
				return true
			}})
			if err != nil {
				t.Fatalf("played here: %v", err)
			}
			if seen != len(breaks) {
				t.Errorf("met %d of the %d known breaks", seen, len(breaks))
			}
			if got := g.Result(); !maps.Equal(got, l.Result) {
				t.Errorf("result %v, recorded %v", got, l.Result)
			}
		})
	}
}

// checkPlayedBreak checks that run_routes a, about to be applied, is the
// break b: refused, or paid less than recorded.
func checkPlayedBreak(t *testing.T, g *Game, a action.Action, b playedBreak) {
	t.Helper()
	rr, ok := a.(*action.RunRoutes)
	if !ok {
		t.Errorf("known break %d is a %s, not a run", b.id, a.Env().Type)
		return
	}
	c := g.Corp(rr.Entity.String())
	total, _, err := g.RouteRevenue(c, rr.Routes)
	recorded := 0
	for _, r := range rr.Routes {
		recorded += r.Revenue
	}
	switch {
	case b.refuse && err == nil:
		t.Errorf("run %d: accepted (pays $%d), expected refused", b.id, total)
	case b.refuse && !strings.Contains(err.Error(), "E-train"):
		t.Errorf("run %d: refused for another reason: %v", b.id, err)
	case !b.refuse && err != nil:
		t.Errorf("run %d: refused (%v), expected paid less than recorded", b.id, err)
	case !b.refuse && total >= recorded:
		t.Errorf("run %d: pays $%d, recorded $%d: expected less", b.id, total, recorded)
	}
}
