package engine

import (
	"slices"
	"strings"
)

// The private companies' choose_ability answers, which several steps offer at
// their own time (track, token, issue): the steps' own files list them
// through abilityLister.

// offerAbility is what a step offers a company card with these answers to
// its ability: choose_ability when there is any, so that what a step offers
// and what it lists are one list.
func offerAbility(choices []string) []string {
	if len(choices) > 0 {
		return []string{"choose_ability"}
	}
	return nil
}

// companyChoices lists a private's choices at track, token or issue time
// (PNW P21 Credit Mobilier, CA P28 token swap).
func (g *Game) companyChoices(comp *Company, when string) []string {
	if comp.Def.Ability == "token_swap" && (when == "track" || when == "token") {
		return g.tokenSwapChoices(comp)
	}
	if comp.Def.Ability == "english_channel" {
		// 1822 P5 may instead free an exchange token, at token time.
		if c, ok := comp.Owner.(*Corp); ok && !comp.Closed && when == "token" && g.round.kind == operatingRound &&
			c == g.round.current() && c.Exchange > 0 {
			return []string{"exchange"}
		}
		return nil
	}
	if comp.Closed || comp.Def.Ability != "credit_mobilier" && comp.Def.Ability != "move_card" {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || g.round.kind != operatingRound || owner != g.round.current() {
		return nil
	}
	var out []string
	// 1822 P17 (move_card) moves concessions too, and frees no token.
	moveCard := comp.Def.Ability == "move_card"
	box := g.bidboxMinors()
	for _, c := range g.bankCompanies('M') {
		in := false
		for _, b := range box {
			if b == c {
				in = true
			}
		}
		if !in {
			out = append(out, c.ID+"_top", c.ID+"_bottom")
		}
	}
	if moveCard {
		cbox := g.bidboxConcessions()
		for _, c := range g.bankCompanies('C') {
			if !slices.Contains(cbox, c) {
				out = append(out, c.ID+"_top", c.ID+"_bottom")
			}
		}
	}
	pbox := g.bidboxPrivates()
	for _, c := range g.bankCompanies('P') {
		in := false
		for _, b := range pbox {
			if b == c {
				in = true
			}
		}
		if !in {
			out = append(out, c.ID+"_top", c.ID+"_bottom")
		}
	}
	if !moveCard && owner.IsMajor() && owner.Exchange > 0 {
		out = append(out, "exchange")
	}
	return out
}

// companyChoice applies P21 Credit Mobilier: move a deck card or free an exchange token.
func (g *Game) companyChoice(comp *Company, choice, when string) error {
	if comp.Def.Ability == "token_swap" {
		return g.tokenSwap(comp, choice)
	}
	if !contains(g.companyChoices(comp, when), choice) {
		return ruleErr("%s cannot choose %q now", comp.ID, choice)
	}
	owner := comp.Owner.(*Corp)
	if choice == "exchange" {
		g.exchangeToAvailable(owner)
		g.closeCompany(comp)
		return nil
	}
	i := strings.LastIndexByte(choice, '_')
	target := g.Company(choice[:i])
	top := choice[i+1:] == "top"
	g.dropCompany(target)
	if top {
		var last *Company
		switch target.ID[0] {
		case 'M':
			box := g.bidboxMinors()
			for _, b := range box {
				if b != nil {
					last = b
				}
			}
		case 'C':
			if box := g.bidboxConcessions(); len(box) > 0 {
				last = box[len(box)-1]
			}
		default:
			box := g.bidboxPrivates()
			if len(box) > 0 {
				last = box[len(box)-1]
			}
		}
		idx := 0
		for k, c := range g.Companies {
			if c == last {
				idx = k + 1
			}
		}
		g.Companies = append(g.Companies[:idx], append([]*Company{target}, g.Companies[idx:]...)...)
	} else {
		g.Companies = append(g.Companies, target)
	}
	g.closeCompany(comp)
	return nil
}
