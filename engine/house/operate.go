package house

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// companyTurn decides a step of a company's operating turn, for its president.
func (d *decider) companyTurn(c *engine.Corp) action.Action {
	a := d.actor
	switch {
	case d.has(action.TypeDiscardTrain):
		return d.discard(c)
	case d.has(action.TypeHexToken):
		return d.of(action.TypeHexToken)[0]
	case d.has(action.TypeRunRoutes):
		return d.run(c)
	case d.has(action.TypeDividend):
		return d.dividend(c)
	case d.has(action.TypeSellShares) && a.Emergency:
		return d.emergencySale()
	case d.has(action.TypeBuyTrain) && a.MustBuy:
		return d.mustBuyTrain(c)
	}
	if d.has(action.TypeLayTile) {
		if x := d.lay(c); x != nil {
			return x
		}
	}
	if d.has(action.TypePlaceToken) {
		if x := d.token(c); x != nil {
			return x
		}
	}
	if d.has(action.TypeBuyTrain) {
		if x := d.buyTrain(c); x != nil {
			return x
		}
	}
	if d.has(action.TypeMerge) {
		if x := d.acquire(c); x != nil {
			return x
		}
	}
	if d.has(action.TypeChoose) {
		return d.companyChoice(c)
	}
	if d.has(action.TypeAssign) {
		return d.of(action.TypeAssign)[0]
	}
	return nil
}

// upcoming lists the distinct train types the depot will sell, in order,
// with the cheapest price of each.
func (d *decider) upcoming() ([]string, map[string]int) {
	var names []string
	price := map[string]int{}
	for _, t := range d.g.Depot.Upcoming {
		if _, seen := price[t.Name]; seen {
			continue
		}
		names = append(names, t.Name)
		price[t.Name] = lowPrice(t)
	}
	return names, price
}

// rustsOn is the train type whose first purchase rusts t ("" never).
func rustsOn(t *engine.Train) string {
	if t.Name != t.Def.Name {
		for _, v := range t.Def.Variants {
			if v.Name == t.Name {
				return v.RustsOn
			}
		}
	}
	return t.Def.RustsOn
}

// reserve is what c keeps for the train it will need: when every train it
// runs rusts with one of the next three train types (or it has none), the
// price of the train it will then have to buy; else nothing.
func (d *decider) reserve(c *engine.Corp) int {
	names, price := d.upcoming()
	if len(names) == 0 {
		return 0
	}
	near := map[string]bool{}
	for _, n := range names[:min(3, len(names))] {
		near[n] = true
	}
	need, any := 0, false
	for _, t := range c.Trains {
		if t.Rusted || t.Def.Kind == title.Pullman || t.Def.Kind == title.Grain {
			continue
		}
		any = true
		r := rustsOn(t)
		if t.Def.Kind == title.Permanent || r == "" || !near[r] {
			return 0 // a train that lasts
		}
		if p, ok := price[r]; ok && (need == 0 || p < need) {
			need = p
		}
	}
	if !any || need == 0 {
		return d.g.CheapestTrain()
	}
	return need
}

// lasting counts c's trains that will not rust with the next three train types.
func (d *decider) lasting(c *engine.Corp) int {
	names, _ := d.upcoming()
	near := map[string]bool{}
	for _, n := range names[:min(3, len(names))] {
		near[n] = true
	}
	n := 0
	for _, t := range c.Trains {
		if t.Rusted || t.Def.Kind == title.Pullman || t.Def.Kind == title.Grain {
			continue
		}
		if r := rustsOn(t); t.Def.Kind == title.Permanent || r == "" || !near[r] {
			n++
		}
	}
	return n
}

func (d *decider) run(c *engine.Corp) action.Action {
	empty := d.of(action.TypeRunRoutes)[0]
	routes, _, err := d.g.AutoRoutes(c)
	if err != nil || len(routes) == 0 {
		return empty
	}
	r := *empty.(*action.RunRoutes)
	r.Routes = routes
	return &r
}

// dividend pays out the most it can while the company keeps what it needs
// for a train; a company without a lasting train withholds what it lacks.
func (d *decider) dividend(c *engine.Corp) action.Action {
	need := d.reserve(c)
	if d.lasting(c) > 0 || runningTrains(c) > 0 && !d.lateGame() {
		need = 0 // it has its train: pay out, as people do, and let the share price climb
	}
	l := d.of(action.TypeDividend)
	moves := d.actor.Dividends
	best := -1
	for i, dm := range moves {
		if c.Cash+dm.Treasury < need {
			continue
		}
		if best < 0 || dm.PerShare > moves[best].PerShare {
			best = i
		}
	}
	if best < 0 {
		for i, dm := range moves {
			if best < 0 || dm.Treasury > moves[best].Treasury {
				best = i
			}
		}
	}
	return l[best]
}

// discard gives up the cheapest train.
func (d *decider) discard(c *engine.Corp) action.Action {
	l := d.of(action.TypeDiscardTrain)
	price := func(id string) int {
		for _, t := range c.Trains {
			if t.ID == id {
				return t.Def.Price
			}
		}
		return 0
	}
	sort.SliceStable(l, func(i, j int) bool {
		return price(l[i].(*action.DiscardTrain).Train) < price(l[j].(*action.DiscardTrain).Train)
	})
	return l[0]
}

// emergencySale sells the largest bundle allowed: each company's shares
// may be sold once per purchase, and every dollar raised is a dollar less
// borrowed.
func (d *decider) emergencySale() action.Action {
	l := d.of(action.TypeSellShares)
	sort.SliceStable(l, func(i, j int) bool {
		return l[i].(*action.SellShares).Percent > l[j].(*action.SellShares).Percent
	})
	return l[0]
}

// trainBuys pairs the buy_train actions with their moves.
func (d *decider) trainBuys() ([]action.Action, []engine.TrainMove) {
	var acts []action.Action
	var moves []engine.TrainMove
	byKey := map[string]engine.TrainMove{}
	for _, tm := range d.actor.Trains {
		byKey[tm.Train+"/"+tm.Variant+"/"+tm.Exchange] = tm
	}
	for _, x := range d.of(action.TypeBuyTrain) {
		v := x.(*action.BuyTrain)
		tm := byKey[v.Train+"/"+v.Variant+"/"+v.Exchange]
		if tm.From != "depot" && tm.From != "discard" && tm.Exchange == "" {
			continue // another company's: only agreed sales, which the house does not make
		}
		if v.Price != tm.Price {
			continue
		}
		acts, moves = append(acts, x), append(moves, tm)
	}
	return acts, moves
}

// mustBuyTrain buys the train the company must: the one that needs the
// least borrowed, then the least from the president, then the cheapest.
func (d *decider) mustBuyTrain(c *engine.Corp) action.Action {
	acts, moves := d.trainBuys()
	if len(acts) == 0 {
		l := d.of(action.TypeBuyTrain)
		sort.SliceStable(l, func(i, j int) bool { return l[i].(*action.BuyTrain).Price < l[j].(*action.BuyTrain).Price })
		return l[0]
	}
	// A train that lasts, when the treasury alone pays for one.
	names, _ := d.upcoming()
	near := map[string]bool{}
	for _, n := range names[:min(3, len(names))] {
		near[n] = true
	}
	lastBest := -1
	for i, tm := range moves {
		if r := d.trainRusts(tm); tm.President == 0 && tm.Loan == 0 && (r == "" || !near[r]) {
			if lastBest < 0 || tm.Price < moves[lastBest].Price {
				lastBest = i
			}
		}
	}
	if lastBest >= 0 {
		return acts[lastBest]
	}
	best := 0
	for i, tm := range moves {
		b := moves[best]
		if tm.Loan < b.Loan || tm.Loan == b.Loan && (tm.President < b.President || tm.President == b.President && tm.Price < b.Price) {
			best = i
		}
	}
	if moves[best].President > 0 {
		// A person whose own company has a train to spare sells it to this
		// one for $1 rather than pay for a new one out of his own pocket.
		if x := d.spareTrain(c); x != nil {
			return x
		}
	}
	return acts[best]
}

// spareTrain is a purchase at the lowest price of a train from another
// company of the same president that keeps a lasting train of its own.
func (d *decider) spareTrain(c *engine.Corp) action.Action {
	var best action.Action
	bestPrice := 0
	for _, tm := range d.actor.Trains {
		if tm.From == "depot" || tm.From == "discard" || tm.Exchange != "" || tm.Seller != d.seat || tm.Price > c.Cash {
			continue
		}
		seller := d.g.Corp(tm.From)
		if seller == nil || seller.President() != d.player() || d.lastingBut(seller, tm.Train) == 0 {
			continue
		}
		var t *engine.Train
		for _, x := range seller.Trains {
			if x.ID == tm.Train {
				t = x
			}
		}
		if t == nil || !runs(t) {
			continue
		}
		for _, x := range d.of(action.TypeBuyTrain) {
			v := x.(*action.BuyTrain)
			if v.Train == tm.Train && v.Price == tm.Price && v.Variant == tm.Variant {
				if best == nil || t.Price > bestPrice {
					best, bestPrice = x, t.Price
				}
				break
			}
		}
	}
	return best
}

// lastingBut counts c's lasting trains other than the one with id skip.
func (d *decider) lastingBut(c *engine.Corp, skip string) int {
	names, _ := d.upcoming()
	near := map[string]bool{}
	for _, n := range names[:min(3, len(names))] {
		near[n] = true
	}
	n := 0
	for _, t := range c.Trains {
		if t.ID == skip || !runs(t) {
			continue
		}
		if t.Def.Kind == title.Permanent || t.RustsOn == "" || !near[t.RustsOn] {
			n++
		}
	}
	return n
}

// buyTrain buys a train the company wants and can pay for from its own
// treasury: while it has fewer lasting trains than it runs well with, or
// when it has money to spare.
func (d *decider) buyTrain(c *engine.Corp) action.Action {
	acts, moves := d.trainBuys()
	want := 2
	if c.IsMinor() {
		want = 1
	}
	count := 0
	for _, t := range c.Trains {
		if t.Def.Kind == title.Regular {
			count++
		}
	}
	if count >= d.g.TrainLimit(c) {
		return nil
	}
	lasting := d.lasting(c)
	names, _ := d.upcoming()
	near := map[string]bool{}
	for _, n := range names[:min(3, len(names))] {
		near[n] = true
	}
	best := -1
	for i, tm := range moves {
		if tm.President > 0 || tm.Loan > 0 || tm.Price > c.Cash {
			continue
		}
		if d.rustHurts(c, tm) {
			continue // it would send a president into debt
		}
		if r := d.trainRusts(tm); count > 0 && r != "" && near[r] {
			continue // it would soon rust: keep the money for one that lasts
		}
		if lasting >= want+1 && c.Cash-tm.Price < tm.Price {
			continue // enough trains; buy more only with money to spare
		}
		if best < 0 || tm.Price > moves[best].Price {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return acts[best]
}

// lay lays the tile that does the company most good: the first layTrials
// candidates by what the hex holds (four left better lays untried) are
// tried on a copy of the game and ranked by the revenue the company's
// trains earn after them, then by the stops its network comes nearer (aim).
func (d *decider) lay(c *engine.Corp) action.Action {
	l := d.of(action.TypeLayTile)
	budget := c.Cash - d.reserve(c)
	if budget < c.Cash && runningTrains(c) > 0 {
		// A company whose trains earn nothing spends its train money on
		// track: saved for a train that will earn nothing either, it only
		// waits for the rust (a minor whose home tile costs $40 never ran).
		if _, rev, err := d.g.AutoRoutes(c); err == nil && rev == 0 {
			budget = c.Cash
		}
	}
	type cand struct {
		act   action.Action
		score float64
	}
	var cands []cand
	tokened := map[string]bool{}
	for _, t := range c.Tokens {
		if t.Hex != "" {
			tokened[t.Hex] = true
		}
	}
	for i, tm := range d.actor.Tiles {
		if tm.Company != "" || strings.HasPrefix(tm.Tile, "BC-") || tm.Cost > max(budget, 0) {
			continue
		}
		h := d.g.Board.Hexes[tm.Hex]
		score := d.rng.Float64()
		if h != nil {
			for _, n := range h.Tile.Nodes {
				switch n.Kind {
				case board.City:
					score += 2
				case board.Town:
					score++
				}
			}
		}
		if tm.Upgrade {
			score += 2
		}
		if tokened[tm.Hex] {
			score += 3
		}
		score -= float64(tm.Cost) / 40
		cands = append(cands, cand{l[i], score})
	}
	if len(cands) == 0 {
		return nil
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].score > cands[j].score })
	best, bestScore := cands[0].act, -1.0
	for _, cd := range cands[:min(len(cands), layTrials)] {
		try := copyOf(cd.act)
		if try == nil {
			continue
		}
		trial, err := d.g.Try(try)
		if err != nil {
			continue
		}
		tc := trial.Corp(c.ID)
		if tc == nil {
			continue
		}
		score := 0.0
		if len(c.Trains) > 0 {
			_, rev, err := trial.AutoRoutes(tc)
			if err != nil {
				continue
			}
			score = 4 * float64(rev)
		}
		// What the company's next trains will run on, and the cities it
		// builds toward.
		score += aim(trial, trial.RouteInput(tc)) + cd.score
		if score > bestScore {
			best, bestScore = cd.act, score
		}
	}
	return best
}

// layTrials is how many of the best-looking lays are tried on a copy.
const layTrials = 8

// token places a station token the company can afford beyond the money it
// keeps for a train: a destination or home token always, else the cheapest.
func (d *decider) token(c *engine.Corp) action.Action {
	l := d.of(action.TypePlaceToken)
	best := -1
	for i, tm := range d.actor.Tokens {
		if tm.Tokener != "" && tm.Tokener != c.ID {
			continue
		}
		if tm.Kind == "destination" || tm.Kind == "home" {
			return l[i]
		}
		if tm.Cost > c.Cash-d.reserve(c) {
			continue
		}
		if best < 0 || tm.Cost < d.actor.Tokens[best].Cost {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	return l[best]
}

// copyOf copies an action (Apply records automatic actions on the one it
// takes, and a trial must leave the one that may be played clean).
func copyOf(a action.Action) action.Action {
	raw, err := json.Marshal(a)
	if err != nil {
		return nil
	}
	b, err := action.Decode(raw)
	if err != nil {
		return nil
	}
	return b
}

// acquire takes over a minor of the same president (its trains, token and
// cash stay in the family, and a minor is spared a rust it could not pay
// for), when the major can pay its value, less the minor's own cash, and
// keep its train money; minors whose trains rust soonest first.
func (d *decider) acquire(c *engine.Corp) action.Action {
	l := d.of(action.TypeMerge)
	if !c.IsMajor() {
		// A PNW merger round: an associated minor merges with an
		// unassociated one of its owner to form its major (6.3), the way
		// real tables start most PNW majors.
		for i, mm := range d.actor.Merges {
			if mm.Owner == d.seat {
				return l[i]
			}
		}
		return nil
	}
	best, bestScore := -1, 0
	for i, mm := range d.actor.Merges {
		m := d.g.Corp(mm.Corp)
		if m == nil {
			continue
		}
		// Another player's minor only when its trains are about to rust:
		// he is paid its value, and the major gains its station.
		if mm.Owner != d.seat && d.reserve(m) == 0 {
			continue
		}
		if mm.Value > c.Cash-d.reserve(c) && !contains(mm.Payments, "one_share") && !contains(mm.Payments, "two_shares") {
			continue
		}
		score := d.reserve(m)*2 - mm.Value + m.Cash
		if mm.Owner == d.seat {
			score += 1000 // his own: the value comes to him, the minor's trains stay his
		}
		if best < 0 || score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return nil
	}
	return l[best]
}

// companyChoice answers a company's question: paying for an acquisition
// with money when the treasury can, else with a share; a par price the
// highest offered; a number of shares the middle one (about the minors'
// worth, neither paying much nor receiving much); keeping a station rather
// than giving it up; anything else its first answer.
func (d *decider) companyChoice(c *engine.Corp) action.Action {
	l := d.of(action.TypeChoose)
	ch := d.actor.Choices
	for i, x := range ch {
		if x.Choice == "money" && c.Cash-d.reserve(c) > 0 {
			return l[i]
		}
	}
	for i, x := range ch {
		if x.Choice == "one_share" || x.Choice == "replace" {
			return l[i]
		}
	}
	return numericChoice(l, ch)
}

// numericChoice picks the highest par price, or the middle of a list of
// share counts, or the first answer.
func numericChoice(l []action.Action, ch []engine.ChoiceMove) action.Action {
	if len(ch) == 0 || len(ch) != len(l) {
		return l[0]
	}
	if strings.HasPrefix(ch[0].Label, "par at") {
		best, bestN := 0, -1
		for i, x := range ch {
			if n, err := strconv.Atoi(x.Choice); err == nil && n > bestN {
				best, bestN = i, n
			}
		}
		return l[best]
	}
	if strings.HasSuffix(ch[0].Label, "shares") {
		return l[len(l)/2]
	}
	return l[0]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// trainRusts is the train type that rusts the train tm buys.
func (d *decider) trainRusts(tm engine.TrainMove) string {
	for _, list := range [][]*engine.Train{d.g.Depot.Upcoming, d.g.Depot.Discarded} {
		for _, t := range list {
			if t.ID != tm.Train {
				continue
			}
			if tm.Variant != "" && tm.Variant != t.Def.Name {
				for _, v := range t.Def.Variants {
					if v.Name == tm.Variant {
						return v.RustsOn
					}
				}
			}
			return t.Def.RustsOn
		}
	}
	return ""
}

// runningTrains counts c's trains that run.
func runningTrains(c *engine.Corp) int {
	n := 0
	for _, t := range c.Trains {
		if runs(t) {
			n++
		}
	}
	return n
}

// lateGame is whether at most three train types are left to sell, when a
// company keeps its train money.
func (d *decider) lateGame() bool {
	names, _ := d.upcoming()
	return len(names) <= 3
}
