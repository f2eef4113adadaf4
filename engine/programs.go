package engine

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"pbc/engine/action"
)

// Automatic play, as 18xx.games programs it: a player sets a program
// (program_share_pass, program_buy_shares, program_merger_pass) and, each
// time his turn comes, the program acts for him or stops with a reason
// (program_disable). What programs do is recorded as auto actions of the
// action after which they acted, as 18xx.games records them, so a log
// exported from here replays there. A player has at most one program: a
// new one replaces the old, as on 18xx.games.

// Program kinds, as the action types name them.
const (
	ProgramSharePass  = "program_share_pass"
	ProgramBuyShares  = "program_buy_shares"
	ProgramMergerPass = "program_merger_pass"
)

// Program is a player's automatic play.
type Program struct {
	Kind string // ProgramSharePass, ProgramBuyShares or ProgramMergerPass
	// Share pass: Unconditional passes whatever others do; Indefinite keeps
	// the program past the stock round.
	Unconditional, Indefinite bool
	// Buy shares: one share of Corp a turn, from the market when FromMarket,
	// until the player holds Until shares or, with Float, until it floats;
	// AutoPassAfter then sets a share pass.
	Corp          string
	Until         int
	Float         bool
	FromMarket    bool
	AutoPassAfter bool
	// Merger pass: the minors passed in merger rounds (read only once set).
	Minors []string

	since int // g.seq when it was set: only later actions by others stop it
}

// String says what the program does, for players.
func (p Program) String() string {
	switch p.Kind {
	case ProgramSharePass:
		s := "pass in the stock round"
		if p.Unconditional {
			s += ", unconditionally"
		}
		if p.Indefinite {
			s += ", indefinitely"
		}
		return s
	case ProgramBuyShares:
		src, until := "the treasury", strconv.Itoa(p.Until)+" shares"
		if p.FromMarket {
			src = "the market"
		}
		if p.Float {
			until = "it floats"
		}
		s := "buy " + p.Corp + " from " + src + " until " + until
		if p.AutoPassAfter {
			s += ", then pass"
		}
		return s
	case ProgramMergerPass:
		return "pass in merger rounds for " + strings.Join(p.Minors, ", ")
	}
	return p.Kind
}

// ProgramOf is the program player id has set, if any.
func (g *Game) ProgramOf(id int) (Program, bool) {
	p, ok := g.programs[id]
	return p, ok
}

// srEvent is one action of a player's latest stock-round turn that a
// program of another player may have to stop for (18xx.games keeps them as
// players_history).
type srEvent struct {
	seq    int
	kind   string // "bid", "buy_shares", "sell_shares", "par", "choose"
	target string // the corporation or bid-box company acted on
}

// track notes an action of p's turn for the programs of others.
func (g *Game) track(p *Player, kind, target string) {
	sr := g.round.sr
	if sr == nil || len(g.programs) == 0 {
		return // only actions after a program was set can stop it
	}
	if sr.history == nil {
		sr.history = map[int][]srEvent{}
	}
	sr.history[p.ID] = append(sr.history[p.ID], srEvent{seq: g.seq, kind: kind, target: target})
}

// storeWinningBids notes the bid-box items p leads, at the end of his turn
// and when he sets a program: being outbid on one of them stops it.
func (g *Game) storeWinningBids(p *Player) {
	sr := g.round.sr
	if sr == nil {
		return
	}
	var ids []string
	for _, list := range [][]*Company{g.bidboxMinors(), g.bidboxConcessions(), g.bidboxPrivates()} {
		for _, c := range list {
			if c == nil {
				continue
			}
			if b, ok := sr.highest(c); ok && b.player == p {
				ids = append(ids, c.ID)
			}
		}
	}
	if sr.winning == nil {
		sr.winning = map[int][]string{}
	}
	sr.winning[p.ID] = ids
}

// processProgram sets or ends a player's program.
func (g *Game) processProgram(a action.Action) error {
	env := a.Env()
	id, ok := env.Entity.PlayerID()
	p := g.PlayerByID(id)
	if !ok || p == nil {
		if g.importing {
			return nil
		}
		return ruleErr("only a player may set automatic play")
	}
	if _, off := a.(*action.ProgramDisable); off {
		delete(g.programs, p.ID)
		return nil
	}
	prog, err := readProgram(a)
	if err != nil {
		if g.importing {
			return nil // 18xx.games keeps what it cannot use; so does the replay
		}
		return err
	}
	if !g.importing {
		if err := g.checkProgram(p, prog); err != nil {
			return err
		}
	}
	prog.since = g.seq
	if g.programs == nil {
		g.programs = map[int]Program{}
	}
	g.programs[p.ID] = prog
	if g.round.sr != nil {
		g.storeWinningBids(p)
	}
	return nil
}

// readProgram reads a program action's fields.
func readProgram(a action.Action) (Program, error) {
	env := a.Env()
	flag := func(k string) bool { return string(env.Extra[k]) == "true" }
	switch a.(type) {
	case *action.ProgramSharePass:
		return Program{Kind: ProgramSharePass, Unconditional: flag("unconditional"), Indefinite: flag("indefinite")}, nil
	case *action.ProgramBuyShares:
		p := Program{Kind: ProgramBuyShares, FromMarket: flag("from_market"), AutoPassAfter: flag("auto_pass_after")}
		if err := json.Unmarshal(env.Extra["corporation"], &p.Corp); err != nil || p.Corp == "" {
			return p, ruleErr("automatic buying needs a corporation")
		}
		var until any
		if err := json.Unmarshal(env.Extra["until_condition"], &until); err != nil {
			return p, ruleErr("automatic buying needs a number of shares or float")
		}
		switch v := until.(type) {
		case string:
			if v != "float" {
				return p, ruleErr("automatic buying runs until a number of shares or float, not %q", v)
			}
			p.Float = true
		case float64:
			p.Until = int(v)
		default:
			return p, ruleErr("automatic buying needs a number of shares or float")
		}
		return p, nil
	case *action.ProgramMergerPass:
		var by map[string][]string
		_ = json.Unmarshal(env.Extra["corporations_by_round"], &by)
		return Program{Kind: ProgramMergerPass, Minors: by[action.MergerRoundKey]}, nil
	}
	return Program{}, fmt.Errorf("program: unexpected %s", env.Type)
}

// checkProgram refuses programs that could never act.
func (g *Game) checkProgram(p *Player, prog Program) error {
	switch prog.Kind {
	case ProgramBuyShares:
		c := g.Corp(prog.Corp)
		if c == nil || !c.IsMajor() {
			return ruleErr("%s is not a major: automatic buying is for majors' shares", prog.Corp)
		}
		if !prog.Float && (prog.Until < 1 || prog.Until > 10) {
			return ruleErr("automatic buying runs until 1 to 10 shares are held, or until the major floats")
		}
	case ProgramMergerPass:
		if g.T.Majors.MergerRoundFrom == 0 {
			return ruleErr("this game has no merger rounds")
		}
		if g.round.kind == stockRound {
			// It would end with the stock round, before any merger round.
			return ruleErr("a merger pass is set in an operating or merger round, for the merger round that follows")
		}
		if len(prog.Minors) == 0 {
			return ruleErr("%s has no minor to pass for", p.Name)
		}
		for _, id := range prog.Minors {
			if c := g.Corp(id); c == nil || !c.IsMinor() || c.President() != p {
				return ruleErr("%s is not a minor of %s", id, p.Name)
			}
		}
	}
	return nil
}

// pruneProgramsForRound drops, as a new round starts, the programs that do
// not reach into it: share programs end with the stock round (an indefinite
// share pass excepted), merger passes with the merger round.
func (g *Game) pruneProgramsForRound() {
	for id, p := range g.programs {
		var keep bool
		switch p.Kind {
		case ProgramSharePass:
			keep = g.round.kind == stockRound || p.Indefinite
		case ProgramBuyShares:
			keep = g.round.kind == stockRound
		case ProgramMergerPass:
			keep = g.round.kind == mergerRound
		}
		if !keep {
			delete(g.programs, id)
		}
	}
}

// programActions are the actions the program of the entity whose turn it
// is takes now: a pass, a share bought, or the program's end with its
// reason (and, after buying, the share pass it asked for).
func (g *Game) programActions() []action.Action {
	if len(g.programs) == 0 || g.finished || g.rebuilding {
		return nil
	}
	if s, ok := g.round.activeStep().(programStep); ok {
		return s.programActions()
	}
	return nil
}

// programStep is a step in whose time programs act (the share step, the
// merger step); it says what the current entity's program does now.
type programStep interface {
	programActions() []action.Action
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// playerAction addresses a to player p.
func playerAction(a action.Action, typ string, p *Player) action.Action {
	e := a.Env()
	e.Type, e.Entity, e.EntityType = typ, action.PlayerEntity(p.ID), action.EntityPlayer
	return a
}

// disable is the program_disable a program ends with.
func disable(p *Player, reason string) action.Action {
	a := &action.ProgramDisable{}
	raw, _ := json.Marshal(reason)
	a.Extra = map[string]json.RawMessage{"reason": raw}
	return playerAction(a, "program_disable", p)
}

func (g *Game) sharePassActions(s *shareStep, p *Player, prog Program) []action.Action {
	if !contains(s.actions(p), "pass") {
		return nil
	}
	if !prog.Unconditional {
		if why := g.programStop(p, prog, nil); why != "" {
			return []action.Action{disable(p, why)}
		}
	}
	return []action.Action{playerAction(&action.Pass{}, "pass", p)}
}

func (g *Game) buySharesActions(s *shareStep, p *Player, prog Program) []action.Action {
	c := g.Corp(prog.Corp)
	if c == nil {
		return []action.Action{disable(p, "Cannot buy "+prog.Corp)}
	}
	done := ""
	switch {
	case prog.Float && (c.Floated || c.IPOed && c.PercentOf(c) <= 100-c.floatPercent):
		done = c.ID + " is floated"
	case !prog.Float && c.PercentOf(p) >= 10*prog.Until:
		done = fmt.Sprintf("%d share(s) bought in %s, end condition met", prog.Until, c.ID)
	}
	if done != "" {
		out := []action.Action{disable(p, done)}
		if prog.AutoPassAfter {
			sp := &action.ProgramSharePass{}
			sp.Extra = map[string]json.RawMessage{"unconditional": json.RawMessage("false"), "indefinite": json.RawMessage("false")}
			out = append(out, playerAction(sp, ProgramSharePass, p))
		}
		return out
	}
	types := s.actions(p)
	buys := s.buyMoves(p)
	if !contains(types, "buy_shares") || len(buys) == 0 {
		return nil // nothing to buy this turn (bids made, a loan): the player decides
	}
	from, src := "treasury", "Treasury"
	if prog.FromMarket {
		from, src = "market", "market"
	}
	var pick *ShareMove
	for i, b := range buys {
		if b.Corp == c.ID && b.From == from {
			pick = &buys[i]
			break
		}
	}
	if pick == nil {
		return []action.Action{disable(p, "Cannot buy "+c.ID+" from "+src)}
	}
	if why := g.programStop(p, prog, c); why != "" {
		return []action.Action{disable(p, why)}
	}
	return []action.Action{playerAction(&action.BuyShares{Shares: pick.Shares, Percent: pick.Percent}, "buy_shares", p)}
}

// programStop is why p's program must stop before acting, or "": p must
// sell to the certificate limit, or since the program was set another
// player (in his latest turn) sold shares, started a major (for a pass),
// converted a minor, bought into a major p presides without holding half
// of it, or bid on an item p was winning. buying is the major a buy
// program is about to buy (nil for a pass).
func (g *Game) programStop(p *Player, prog Program, buying *Corp) string {
	if g.numCerts(p) > g.certLimit() && g.canSellAny(p) {
		return p.Name + " must sell shares"
	}
	sr := g.round.sr
	if sr == nil {
		return ""
	}
	// 18xx.games looks at the players in the order they first had a turn
	// this round, and at each one's actions company by company, in the
	// order he first acted on them: the first reason found is given.
	for _, e := range g.round.entities {
		other := e.(*Player)
		list := sr.history[other.ID]
		if other == p || len(list) == 0 {
			continue
		}
		var targets []string
		for _, ev := range list {
			if !hasString(targets, ev.target) {
				targets = append(targets, ev.target)
			}
		}
		for _, target := range targets {
			for _, ev := range list {
				if ev.target != target || ev.seq < prog.since {
					continue
				}
				if why := g.stopFor(p, other, ev, buying, sr); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// stopFor is why one action of another player stops p's program, or "".
func (g *Game) stopFor(p, other *Player, ev srEvent, buying *Corp, sr *srState) string {
	switch ev.kind {
	case "bid":
		if hasString(sr.winning[p.ID], ev.target) {
			return "No longer winning bid on " + ev.target
		}
	case "par":
		// A buy program stops only if p could sell the new major's shares,
		// which no major just started allows.
		if buying == nil {
			return "Corporation " + ev.target + " parred"
		}
	case "buy_shares":
		c := g.Corp(ev.target)
		if c == nil || c.President() != p || c.PercentOf(p) >= 50 || c == buying {
			return "" // the bought major's president-to-be check finds no larger share in 1822
		}
		return other.Name + " bought on corporation " + c.ID + " and is unsecure"
	case "sell_shares":
		return "Shares were sold"
	case "choose":
		return "Unknown action choose disabling for safety"
	}
	return ""
}

// trackShares notes a purchase or sale of the shares named by ids.
func (g *Game) trackShares(p *Player, kind string, ids []string) {
	if _, c, err := g.findShares(ids); err == nil && c != nil {
		g.track(p, kind, c.ID)
	}
}
