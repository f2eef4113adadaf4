package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"pbc/engine/action"
)

// The property test of the legal moves: at sampled states of every fixture
// and of the kept self-play games, continued as games played here, every
// action Apply accepts is one Moves lists, and every listed action applies.
// The actions tried are the listed ones and near misses of them (another
// entity, price, company, hex, rotation, train, share bundle...) plus, for
// the stock round, every bid, purchase, sale and par there could be.

// propertyStats counts what the property test covered.
type propertyStats struct {
	mu                     sync.Mutex
	states                 int
	tried, accepted        map[string]int
	listedTried, listedBad int
}

func (s *propertyStats) add(typ string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tried[typ]++
	if ok {
		s.accepted[typ]++
	}
}

func (s *propertyStats) String() string {
	var types []string
	for t := range s.tried {
		types = append(types, t)
	}
	sort.Strings(types)
	var parts []string
	total, acc := 0, 0
	for _, t := range types {
		parts = append(parts, fmt.Sprintf("%s %d/%d", t, s.accepted[t], s.tried[t]))
		total += s.tried[t]
		acc += s.accepted[t]
	}
	return fmt.Sprintf("%d states; %d listed actions applied (%d refused); %d candidate actions tried, %d accepted (accepted/tried by type: %s)",
		s.states, s.listedTried, s.listedBad, total, acc, strings.Join(parts, ", "))
}

// propertySources are the logs whose states are sampled: every fixture and
// every kept self-play game.
func propertySources(t *testing.T) map[string]*action.GameLog {
	out := map[string]*action.GameLog{}
	dir := filepath.Join("..", "..", "shared", "fixtures")
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	kept, _ := filepath.Glob(filepath.Join("testdata", "selfplay", "*.json"))
	if len(files) == 0 {
		t.Log("../shared/fixtures not found: only the kept self-play games are sampled")
	}
	for _, f := range append(files, kept...) {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		l, err := action.ReadGameLog(fh)
		fh.Close()
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		name := filepath.ToSlash(f)
		if i := strings.Index(name, "fixtures/"); i >= 0 {
			name = name[i+len("fixtures/"):]
		} else {
			name = "selfplay/" + filepath.Base(f)
			l.Actions = l.Actions[:len(l.Actions)-1] // the last is the move the log was kept for
		}
		out[name] = l
	}
	return out
}

// TestMovesProperty checks both directions at sampled states. It takes a
// few states of each log (one with -short) and a few dozen candidate
// actions of each type per state; PBC_MOVES_FULL=1 takes ten times more.
func TestMovesProperty(t *testing.T) {
	states, perType := 3, 12
	switch {
	case os.Getenv("PBC_MOVES_FULL") != "":
		states, perType = 30, 1000
	case testing.Short():
		states, perType = 1, 6
	}
	stats := &propertyStats{tried: map[string]int{}, accepted: map[string]int{}}
	sources := propertySources(t)
	names := make([]string, 0, len(sources))
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	t.Run("logs", func(t *testing.T) {
		for _, name := range names {
			l := sources[name]
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				checkPropertyLog(t, l, states, perType, stats)
			})
		}
	})
	t.Log(stats)
}

// checkPropertyLog samples states of one log.
func checkPropertyLog(t *testing.T, l *action.GameLog, states, perType int, stats *propertyStats) {
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(len(acts)), 4848))
	at := map[int]bool{}
	for k := 0; k < states; k++ {
		at[(2*k+1)*len(acts)/(2*states)] = true
	}
	var bases []*Game
	i := 0
	_, err = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		i++
		if at[i] && !g.Finished() {
			c := g.Clone()
			c.endImport() // from here the game is played here: every move checked
			bases = append(bases, c)
		}
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range bases {
		stats.mu.Lock()
		stats.states++
		stats.mu.Unlock()
		checkPropertyState(t, g, rng, perType, stats)
	}
}

// checkPropertyState checks one state both ways.
func checkPropertyState(t *testing.T, g *Game, rng *rand.Rand, perType int, stats *propertyStats) {
	m := g.Moves()
	listed := m.Actions()
	where := fmt.Sprintf("after %d actions (%s, waiting: %s)", len(g.applied), m.Round, m.Waiting)
	bad := 0
	for _, a := range sampleActions(listed, perType) {
		stats.mu.Lock()
		stats.listedTried++
		stats.mu.Unlock()
		if err := g.Check(a); err != nil {
			stats.mu.Lock()
			stats.listedBad++
			stats.mu.Unlock()
			if bad++; bad <= 3 {
				t.Errorf("%s: listed %s refused: %v", where, describeAction(a), err)
			}
		}
	}
	seen := map[string]bool{}
	for _, a := range listed {
		seen[describeAction(a)] = true
	}
	var cands []action.Action
	for _, a := range sampleActions(listed, perType) {
		cands = append(cands, nearMisses(g, m, a, rng)...)
	}
	cands = append(cands, stockUniverse(g)...)
	cands = append(cands, otherEntities(g, m)...)
	byType := map[string]int{}
	for _, a := range cands {
		key := describeAction(a)
		typ := action.TypeName(a)
		if seen[key] || byType[typ] >= 4*perType {
			continue
		}
		seen[key] = true
		byType[typ]++
		err := g.Check(a)
		stats.add(typ, err == nil)
		if err != nil {
			continue
		}
		if why := m.lists(a); why != "" {
			if bad++; bad <= 6 {
				t.Errorf("%s: accepted but not listed: %s: %s", where, describeAction(a), why)
			}
		}
	}
}

// withEnv sets a's envelope for entity e.
func withEnv(a action.Action, typ string, e action.EntityID, entityType string) action.Action {
	env := a.Env()
	env.Type, env.Entity, env.EntityType, env.ID, env.AutoActions = typ, e, entityType, 0, nil
	return a
}

// entityIDs lists every entity that could act: players, open companies
// and owned cards.
func entityIDs(g *Game) (ids []action.EntityID, types []string) {
	for _, p := range g.seats {
		ids, types = append(ids, action.PlayerEntity(p.ID)), append(types, action.EntityPlayer)
	}
	for _, c := range g.Corps {
		if !c.Closed && (c.Floated || c.IPOed) {
			ids, types = append(ids, action.NamedEntity(c.ID)), append(types, action.EntityCorporation)
		}
	}
	for _, c := range g.Companies {
		if !c.Closed && c.Owner != nil {
			ids, types = append(ids, action.NamedEntity(c.ID)), append(types, action.EntityCompany)
		}
	}
	return ids, types
}

// otherEntities tries each listed kind of action by entities that may not
// take it: a pass by everyone, and every listed action by two others.
func otherEntities(g *Game, m *Moves) []action.Action {
	ids, types := entityIDs(g)
	var out []action.Action
	for i := range ids {
		out = append(out, withEnv(&action.Pass{}, "pass", ids[i], types[i]))
	}
	listed := m.Actions()
	for k, a := range sampleActions(listed, 2) {
		for j := 0; j < 2; j++ {
			i := (k*7 + j*3) % len(ids)
			b, err := copyAction(a)
			if err != nil {
				continue
			}
			out = append(out, withEnv(b, action.TypeName(a), ids[i], types[i]))
		}
	}
	return out
}

// stockUniverse is every bid, share purchase, sale and par a player could
// try in a stock round, legal or not.
func stockUniverse(g *Game) []action.Action {
	if g.round.sr == nil {
		return nil
	}
	var out []action.Action
	for _, p := range g.seats {
		pe := action.PlayerEntity(p.ID)
		for _, list := range g.BidBoxes() {
			for _, c := range list {
				if c == nil {
					continue
				}
				lo := g.minBid(c)
				for _, price := range []int{lo - 5, lo, lo + 5, lo + 2, p.Cash - g.committed(p), p.Cash - g.committed(p) + 5} {
					out = append(out, withEnv(&action.Bid{Company: c.ID, Price: price}, "bid", pe, action.EntityPlayer))
				}
			}
		}
		for _, c := range g.Corps {
			if !c.IsMajor() || c.Closed {
				continue
			}
			for _, from := range []Holder{c, g.Pool} {
				shares := c.SharesOf(from)
				for n := 1; n <= 2 && n <= len(shares); n++ {
					ids := []string{}
					pct := 0
					for _, s := range shares[:n] {
						ids = append(ids, s.ID())
						pct += s.Percent
					}
					out = append(out, withEnv(&action.BuyShares{Shares: ids, Percent: pct}, "buy_shares", pe, action.EntityPlayer))
				}
			}
			own := c.SharesOf(p)
			for n := 1; n <= len(own); n++ {
				ids := []string{}
				pct := 0
				for _, s := range own[len(own)-n:] {
					ids = append(ids, s.ID())
					pct += s.Percent
				}
				out = append(out, withEnv(&action.SellShares{Shares: ids, Percent: pct}, "sell_shares", pe, action.EntityPlayer))
			}
			for _, cell := range g.Market.parCells(true) {
				out = append(out, withEnv(&action.Par{Corporation: c.ID, SharePrice: g.parCellText(cell)}, "par", pe, action.EntityPlayer))
			}
		}
	}
	return out
}

// nearMisses are variations of a listed action that may or may not be legal.
func nearMisses(g *Game, m *Moves, a action.Action, rng *rand.Rand) []action.Action {
	env := a.Env()
	var out []action.Action
	add := func(b action.Action) { out = append(out, withEnv(b, action.TypeName(a), env.Entity, env.EntityType)) }
	switch v := a.(type) {
	case *action.Bid:
		for _, d := range []int{-5, 5, 3, 1000} {
			add(&action.Bid{Company: v.Company, Price: v.Price + d})
		}
	case *action.SellShares:
		if n := len(v.Shares); n > 1 {
			add(&action.SellShares{Shares: v.Shares[1:], Percent: v.Percent - 10, SharePrice: v.SharePrice})
		}
		if v.SharePrice > 0 {
			add(&action.SellShares{Shares: v.Shares, Percent: v.Percent, SharePrice: v.SharePrice + 5})
		}
	case *action.LayTile:
		for r := 0; r < 6; r++ {
			add(&action.LayTile{Hex: v.Hex, Tile: v.Tile, Rotation: r, ComboEntities: v.ComboEntities})
		}
		hexes := g.Board.order
		for k := 0; k < 3 && len(hexes) > 0; k++ {
			add(&action.LayTile{Hex: hexes[rng.IntN(len(hexes))], Tile: v.Tile, Rotation: rng.IntN(6)})
		}
		if actor := m.Actor(env.Entity); actor != nil && len(actor.Tiles) > 0 {
			o := actor.Tiles[rng.IntN(len(actor.Tiles))]
			add(&action.LayTile{Hex: v.Hex, Tile: o.Tile, Rotation: v.Rotation})
			add(&action.LayTile{Hex: o.Hex, Tile: v.Tile, Rotation: o.Rotation})
		}
	case *action.PlaceToken:
		for k := 0; k < 3; k++ {
			h := g.Board.Hexes[g.Board.order[rng.IntN(len(g.Board.order))]]
			for _, node := range h.Tile.Cities() {
				slot := 0
				add(&action.PlaceToken{City: cityID(h, node), Slot: &slot, Tokener: v.Tokener, TokenType: v.TokenType})
			}
		}
		if v.Slot != nil {
			slot := *v.Slot + 1
			add(&action.PlaceToken{City: v.City, Slot: &slot, Tokener: v.Tokener, TokenType: v.TokenType})
		}
	case *action.BuyTrain:
		for _, d := range []int{-1, 1} {
			add(&action.BuyTrain{Train: v.Train, Price: v.Price + d, Variant: v.Variant, Exchange: v.Exchange})
		}
		for _, tr := range g.Depot.Upcoming[:min(2, len(g.Depot.Upcoming))] {
			add(&action.BuyTrain{Train: tr.ID, Price: tr.Price, Variant: tr.Name})
		}
		for _, c := range g.Corps {
			for _, tr := range c.Trains {
				add(&action.BuyTrain{Train: tr.ID, Price: 1, Variant: tr.Name})
				break
			}
		}
	case *action.Dividend:
		for _, k := range []string{"payout", "half", "withhold"} {
			add(&action.Dividend{Kind: k})
		}
	case *action.Choose:
		for k := 0; k <= 6; k++ {
			add(&action.Choose{Choice: strconv.Itoa(k)})
		}
	case *action.Par:
		for _, cell := range g.Market.parCells(false) {
			add(&action.Par{Corporation: v.Corporation, SharePrice: g.parCellText(cell)})
		}
	case *action.Merge:
		for _, c := range g.Corps {
			if !c.Closed && c.Floated && c.ID != env.Entity.String() && rng.IntN(4) == 0 {
				add(&action.Merge{Corporation: c.ID})
			}
		}
	case *action.AcquireCompany:
		for _, c := range g.Companies {
			if !c.Closed && c.Owner != nil && rng.IntN(3) == 0 {
				add(&action.AcquireCompany{Company: c.ID})
			}
		}
	case *action.DiscardTrain:
		for _, c := range g.Corps {
			for _, tr := range c.Trains {
				add(&action.DiscardTrain{Train: tr.ID})
			}
		}
	case *action.PayoffPlayerDebtPartial:
		add(&action.PayoffPlayerDebtPartial{Amount: v.Amount + 1})
		add(&action.PayoffPlayerDebtPartial{Amount: 0})
	case *action.Assign:
		for k := 0; k < 4; k++ {
			add(&action.Assign{Target: g.Board.order[rng.IntN(len(g.Board.order))], TargetType: "hex"})
		}
	case *action.HexToken:
		for k := 0; k < 4; k++ {
			add(&action.HexToken{Hex: g.Board.order[rng.IntN(len(g.Board.order))], TokenType: v.TokenType})
		}
	}
	return slices.DeleteFunc(out, func(b action.Action) bool { return b == nil })
}
