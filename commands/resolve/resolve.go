package resolve

import (
	"encoding/json"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/title"
)

// actorKind says who may perform a verb.
type actorKind uint8

const (
	byPlayer  actorKind = iota // the player himself
	byCorp                     // a corporation (minor, major)
	byCompany                  // a private company
	byAny                      // whoever's turn it is (pass, choose)
)

// Build turns a command of a seated user into an engine action with its
// acting entity, or refuses it.
func Build(t *commands.Position, seat *commands.Seat, cmd *notation.Command, req commands.Request) (action.Action, error) {
	g := t.Game
	me := g.PlayerByID(seat.Player)
	if me == nil {
		return nil, commands.Refuse("your seat has no player in this game")
	}
	b := &builder{t: t, g: g, me: me, cmd: cmd}
	var a action.Action
	var err error
	switch cmd.Verb {
	case notation.Bid:
		a, err = b.bid()
	case notation.Buy:
		a, err = b.buy()
	case notation.Sell:
		a, err = b.sell()
	case notation.Par:
		a, err = b.par()
	case notation.Lay, notation.Cube:
		a, err = b.lay()
	case notation.Token:
		a, err = b.token()
	case notation.DestToken:
		a, err = b.destination()
	case notation.Nominate:
		a, err = b.nominate()
	case notation.Run:
		a, err = b.run()
	case notation.Payout, notation.Half, notation.Withhold:
		a, err = b.dividend()
	case notation.Train:
		a, err = b.train()
	case notation.Upgrade:
		a, err = b.upgrade()
	case notation.Acquire:
		a, err = b.acquire()
	case notation.Merge:
		a, err = b.merge()
	case notation.Choose:
		a, err = b.choose()
	case notation.Use:
		a, err = b.use()
	case notation.Assign:
		a, err = b.assign()
	case notation.Issue, notation.Redeem:
		a, err = b.issue()
	case notation.Payoff:
		a, err = b.payoff()
	case notation.Discard:
		a, err = b.discard()
	case notation.Pass:
		a, err = b.simple(&action.Pass{}, byAny)
	case notation.Note:
		a, err = b.simple(&action.Log{Message: cmd.Text}, byPlayer)
	case notation.AutoPass, notation.AutoBuy, notation.AutoOff:
		a, err = b.program()
	default:
		return nil, commands.Refuse("`%s` is not a game move", cmd.Verb)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

// builder holds what building one action needs.
type builder struct {
	t   *commands.Position
	g   *engine.Game
	me  *engine.Player
	cmd *notation.Command
}

// SetEntity fills the action's acting entity.
func SetEntity(a action.Action, e any) action.Action {
	env := a.Env()
	id, typ := commands.EntityID(e)
	if p, ok := e.(*engine.Player); ok {
		env.Entity = action.PlayerEntity(p.ID)
	} else {
		env.Entity = action.NamedEntity(id)
	}
	env.EntityType = typ
	return a
}

// simple builds an action without fields for the entity of kind.
func (b *builder) simple(a action.Action, kind actorKind) (action.Action, error) {
	e, err := b.actor(kind)
	if err != nil {
		return nil, err
	}
	return SetEntity(a, e), nil
}

// controls reports whether the user may act for e.
func (b *builder) controls(e any) bool {
	p := commands.Controller(b.g, e)
	return p == nil || p == b.me
}

// named resolves the entity of "X: command".
func (b *builder) named(s string) any {
	g := b.g
	if strings.HasPrefix(s, "@") {
		// "@2: choose open" is the player, where "2" alone is minor 2.
		if p := commands.FindPlayer(g, s); p != nil {
			return p
		}
		return nil
	}
	if c := commands.FindCorp(g, s); c != nil {
		return c
	}
	if c := commands.FindCompany(g, s); c != nil {
		return c
	}
	if p := commands.FindPlayer(g, s); p != nil {
		return p
	}
	return nil
}

// actor picks the entity acting for the command: the one named with "X:",
// else the player (player moves) or the entity whose turn it is.
func (b *builder) actor(kind actorKind) (any, error) {
	if as := b.cmd.As; as != "" {
		e := b.named(as)
		if e == nil {
			return nil, commands.Refuse("there is no company or player %q in this game", notation.Clip(as))
		}
		if !b.controls(e) {
			return nil, b.notYours(e)
		}
		if err := kindFits(e, kind, b.cmd.Verb); err != nil {
			return nil, err
		}
		return e, nil
	}
	if kind == byPlayer {
		return b.me, nil
	}
	cur := commands.CurrentEntity(b.g)
	if cur == nil || !b.controls(cur) {
		if w := commands.WaitingEntity(b.t); w != nil && b.controls(w) {
			cur = w
		}
	}
	if cur == nil {
		return nil, commands.Refuse("nobody is to act now")
	}
	if !b.controls(cur) {
		who := commands.EntityLabel(cur)
		if p := commands.Controller(b.g, cur); p != nil && any(p) != cur {
			who += " (" + p.Name + ")"
		}
		return nil, commands.Refuse("it is %s's turn, not yours%s", who, b.ownTurnHint(cur))
	}
	if kind == byCorp {
		if _, ok := cur.(*engine.Corp); !ok {
			return nil, commands.Refuse("companies act in operating rounds; in this stock round it is %s's turn", commands.EntityLabel(cur))
		}
	}
	return cur, nil
}

// kindFits checks that an entity named with "X:" can make the move.
func kindFits(e any, kind actorKind, v notation.Verb) error {
	ok := true
	switch kind {
	case byPlayer:
		_, ok = e.(*engine.Player)
	case byCorp:
		_, ok = e.(*engine.Corp)
	case byCompany:
		_, ok = e.(*engine.Company)
	}
	if !ok {
		return commands.Refuse("%s cannot %s", commands.EntityLabel(e), v)
	}
	return nil
}

// player is the acting player of a player move (checking any "X:").
func (b *builder) player() (*engine.Player, error) {
	e, err := b.actor(byPlayer)
	if err != nil {
		return nil, err
	}
	return e.(*engine.Player), nil
}

// corp is the acting corporation of a corporation move.
func (b *builder) corp() (*engine.Corp, error) {
	e, err := b.actor(byCorp)
	if err != nil {
		return nil, err
	}
	return e.(*engine.Corp), nil
}

// bid builds a bid: "bid M5 100".
func (b *builder) bid() (action.Action, error) {
	if a, err := b.auctionBidAction(); a != nil || err != nil {
		return a, err
	}
	if _, err := b.player(); err != nil {
		return nil, err
	}
	if b.cmd.Target == "" {
		return nil, commands.Refuse("bid on what? say the company and the amount, e.g. `bid %s %d`", b.bidBoxList(), b.cmd.Amount)
	}
	c := commands.FindCompany(b.g, b.cmd.Target)
	if c == nil {
		return nil, commands.Refuse("there is no company %q; bid on %s", notation.Clip(b.cmd.Target), b.bidBoxList())
	}
	return SetEntity(&action.Bid{Company: c.ID, Price: b.cmd.Amount}, b.me), nil
}

// bidBoxList lists the companies in the bid boxes.
func (b *builder) bidBoxList() string {
	var ids []string
	for _, box := range b.g.BidBoxes() {
		for _, c := range box {
			if c != nil {
				ids = append(ids, c.ID)
			}
		}
	}
	if len(ids) == 0 {
		return "a company in a bid box (none now)"
	}
	return notation.JoinOr(ids)
}

// par starts a major: "par SWW 70".
func (b *builder) par() (action.Action, error) {
	g := b.g
	if _, err := b.player(); err != nil {
		return nil, err
	}
	if err := parPhaseRefusal(g); err != nil { // the phase is checked before the major named
		return nil, err
	}
	c := commands.FindCorp(g, b.cmd.Target)
	if c == nil || !c.IsMajor() {
		return nil, commands.Refuse("%q is not a major%s; par one of %s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.MajorIDs(g), ""), b.majorList())
	}
	cell := b.cmd.Choice
	if cell == "" {
		var prices []string
		for i, m := range g.Market.Cells {
			if m.Kind == title.ParAll {
				prices = append(prices, "$"+strconv.Itoa(m.Price))
			}
			if m.Price == b.cmd.Amount {
				cell = strconv.Itoa(m.Price) + ",0," + strconv.Itoa(i)
			}
		}
		if cell == "" {
			return nil, commands.Refuse("$%d is not a share price; majors par at %s", b.cmd.Amount, notation.JoinOr(prices))
		}
	}
	return SetEntity(&action.Par{Corporation: c.ID, SharePrice: cell}, b.me), nil
}

// majorList lists the majors not yet started.
func (b *builder) majorList() string {
	var ids []string
	for _, c := range b.g.Corps {
		if c.IsMajor() && !c.IPOed && !c.Closed {
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return "(none left)"
	}
	return notation.JoinOr(ids)
}

// dividend builds "pay", "half" or "withhold".
// When the company is first asked how to pay out its extra train's (2P,
// LP) revenue, the word answers that question.
func (b *builder) dividend() (action.Action, error) {
	kind := map[notation.Verb]string{notation.Payout: "payout", notation.Half: "half", notation.Withhold: "withhold"}[b.cmd.Verb]
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	if offers.AsksChoice(b.t, c, kind) {
		return SetEntity(&action.Choose{Choice: kind}, c), nil
	}
	if err := b.dividendCheck(c); err != nil {
		return nil, err
	}
	return SetEntity(&action.Dividend{Kind: kind}, c), nil
}

// acquire buys a player's private: "acquire P7".
func (b *builder) acquire() (action.Action, error) {
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	comp := commands.FindCompany(b.g, b.cmd.Target)
	if comp == nil {
		return nil, commands.Refuse("there is no private %q%s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.CompanyIDs(b.g), ""))
	}
	return SetEntity(&action.AcquireCompany{Company: comp.ID}, c), nil
}

// merge acquires or merges a minor: "merge 8".
func (b *builder) merge() (action.Action, error) {
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	m := commands.FindCorp(b.g, b.cmd.Target)
	if m != nil && m.IsMajor() && b.mayPayForToken(c, m) {
		return SetEntity(&action.Merge{Corporation: m.ID}, c), nil // the major paying for an auctioned token
	}
	if m == nil || m.IsMajor() {
		return nil, commands.Refuse("%q is not a minor or regional railway", notation.Clip(b.cmd.Target))
	}
	return SetEntity(&action.Merge{Corporation: m.ID}, c), nil
}

// choose answers the game's question: "choose 4".
func (b *builder) choose() (action.Action, error) {
	return b.simple(&action.Choose{Choice: b.cmd.Choice}, byAny)
}

// use builds a private's ability choice: "use P21 M5 top".
func (b *builder) use() (action.Action, error) {
	g := b.g
	comp := commands.FindCompany(g, b.cmd.Target)
	if comp == nil {
		return nil, commands.Refuse("there is no company %q%s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.CompanyIDs(b.g), ""))
	}
	if !b.controls(comp) || commands.Controller(b.g, comp) == nil {
		return nil, commands.Refuse("%s is not yours to use", comp.ID)
	}
	choice := b.cmd.Choice
	head, tail, found := strings.Cut(choice, "_")
	switch {
	case found && commands.FindCompany(g, head) != nil:
		choice = commands.FindCompany(g, head).ID + "_" + strings.ToLower(tail)
	case found && commands.FindCorp(g, head) != nil:
		choice = commands.FindCorp(g, head).ID + "_" + strings.ToLower(tail)
	default:
		choice = strings.ToLower(choice)
	}
	return SetEntity(&action.ChooseAbility{Choice: choice}, comp), nil
}

// assign places a private's marker: "assign D11 [with P15]".
func (b *builder) assign() (action.Action, error) {
	g := b.g
	h := commands.FindHex(g, b.cmd.Target)
	if h == nil {
		return nil, commands.Refuse("there is no hex %q%s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.HexIDs(b.g), ""))
	}
	comp, err := b.private(b.cmd.With, "mill", "ski_haus", "sawmill")
	if err != nil {
		return nil, err
	}
	return SetEntity(&action.Assign{Target: h.Def.ID, TargetType: "hex"}, comp), nil
}

// private resolves the private named with "with", or the user's only open
// private with one of the abilities.
func (b *builder) private(with []string, abilities ...string) (*engine.Company, error) {
	if len(with) > 0 {
		comp := commands.FindCompany(b.g, with[0])
		if comp == nil {
			return nil, commands.Refuse("there is no private %q", notation.Clip(with[0]))
		}
		if !b.controls(comp) || commands.Controller(b.g, comp) == nil {
			return nil, commands.Refuse("%s is not yours to use", comp.ID)
		}
		return comp, nil
	}
	var found []*engine.Company
	for _, comp := range b.g.Companies {
		if comp.Closed || commands.Controller(b.g, comp) != b.me {
			continue
		}
		for _, ab := range abilities {
			if comp.Def.Ability == ab {
				found = append(found, comp)
			}
		}
	}
	switch len(found) {
	case 0:
		return nil, commands.Refuse("none of your companies can do that")
	case 1:
		return found[0], nil
	}
	ids := make([]string, len(found))
	for i, c := range found {
		ids[i] = "`with " + c.ID + "`"
	}
	return nil, commands.Refuse("say which private: %s", notation.JoinOr(ids))
}

// payoff repays a loan: "payoff", "payoff 100".
func (b *builder) payoff() (action.Action, error) {
	if _, err := b.player(); err != nil {
		return nil, err
	}
	if b.me.Debt == 0 {
		return nil, commands.Refuse("you have no debt to pay off")
	}
	if b.cmd.HasAmount {
		return SetEntity(&action.PayoffPlayerDebtPartial{Amount: b.cmd.Amount}, b.me), nil
	}
	return SetEntity(&action.PayoffPlayerDebt{}, b.me), nil
}

// discard drops a train over the limit: "discard 3-1".
func (b *builder) discard() (action.Action, error) {
	tr := commands.FindTrain(b.g, b.cmd.Target)
	if tr == nil || tr.Owner == nil {
		return nil, commands.Refuse("there is no train %q owned by a company; name it by id, e.g. `discard 3-1`", notation.Clip(b.cmd.Target))
	}
	e := any(tr.Owner)
	if b.cmd.As != "" {
		var err error
		if e, err = b.actor(byCorp); err != nil {
			return nil, err
		}
	}
	if !b.controls(e) {
		return nil, commands.Refuse("%s belongs to %s, which is %s's", tr.ID, tr.Owner.ID, commands.Controller(b.g, e).Name)
	}
	return SetEntity(&action.DiscardTrain{Train: tr.ID}, e), nil
}

// program builds the automatic-play settings of 18xx.games: auto pass, auto
// buy and switching them off. They change no game state.
func (b *builder) program() (action.Action, error) {
	cmd := b.cmd
	if _, err := b.player(); err != nil {
		return nil, err
	}
	raw := func(v any) json.RawMessage { j, _ := json.Marshal(v); return j }
	switch cmd.Verb {
	case notation.AutoPass:
		if cmd.Choice == "merger" {
			return b.mergerProgram()
		}
		a := &action.ProgramSharePass{}
		a.Extra = map[string]json.RawMessage{"unconditional": raw(cmd.Pool), "indefinite": raw(cmd.Text == "indefinite")}
		return SetEntity(a, b.me), nil
	case notation.AutoBuy:
		c := commands.FindCorp(b.g, cmd.Target)
		if c == nil || !c.IsMajor() {
			return nil, commands.Refuse("%q is not a major", notation.Clip(cmd.Target))
		}
		until := raw(cmd.Amount)
		if cmd.Choice == "float" {
			until = raw("float")
		}
		a := &action.ProgramBuyShares{}
		a.Extra = map[string]json.RawMessage{"corporation": raw(c.ID), "until_condition": until,
			"from_market": raw(cmd.Pool), "auto_pass_after": raw(cmd.Text == "pass")}
		return SetEntity(a, b.me), nil
	}
	a := &action.ProgramDisable{}
	a.Extra = map[string]json.RawMessage{"reason": raw("user")}
	if prog, ok := b.g.ProgramOf(b.me.ID); ok {
		a.Extra["original_type"] = raw(prog.Kind)
	}
	return SetEntity(a, b.me), nil
}

// dividendCheck refuses a dividend the company is not asked for now,
// saying what it may do instead; nil lets the engine judge.
func (b *builder) dividendCheck(c *engine.Corp) error {
	if b.t.Recorded {
		return nil
	}
	a := commands.ActorOf(b.t.Moves(), c)
	if a == nil || len(a.Types) == 0 {
		return nil
	}
	for _, typ := range a.Types {
		if typ == action.TypeDividend {
			return nil
		}
	}
	why := ""
	for _, typ := range a.Types {
		if typ == action.TypeRunRoutes {
			why = " (it pays out after it runs its trains)"
		}
	}
	return commands.Refuse("%s cannot pay a dividend now%s; it may: %s", commands.EntityLabel(c), why, strings.Join(offers.ActorCommands(a, false), "; "))
}
