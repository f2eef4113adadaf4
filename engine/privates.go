package engine

import (
	"strings"

	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/title"
)

// acquireCompanyStep lets a company take privates from any player (no money changes hands).
type acquireCompanyStep struct {
	stepBase
	r       *round
	p20From *Corp // a minor that just acquired P20 and may replace an associated minor
}

func (s *acquireCompanyStep) name() string { return "acquire private companies" }
func (s *acquireCompanyStep) skip()        { s.pass() }
func (s *acquireCompanyStep) setup()       { s.p20From = nil }

// purchasable lists the player-owned privates c may acquire now.
func (g *Game) purchasable(c *Corp) []*Company {
	var out []*Company
	for _, comp := range g.Companies {
		if comp.Closed || comp.Def.Kind != title.Private {
			continue
		}
		if _, ok := comp.Owner.(*Player); !ok {
			continue
		}
		d := comp.Def
		if d.AcquirePhase == 0 || g.phaseNum() < d.AcquirePhase {
			continue
		}
		if c.IsMinor() && d.AcquireBy&title.ByMinor == 0 || c.IsMajor() && d.AcquireBy&title.ByMajor == 0 {
			continue
		}
		out = append(out, comp)
	}
	return out
}

func (s *acquireCompanyStep) actions(e any) []string {
	if s.p20From != nil {
		if e == any(s.p20From) {
			return []string{"choose"}
		}
		return nil
	}
	c, ok := e.(*Corp)
	if !ok || e != s.r.current() || len(s.g.purchasable(c)) == 0 {
		return nil
	}
	return []string{"acquire_company", "pass"}
}

func (s *acquireCompanyStep) process(a action.Action, e any) error {
	g := s.g
	c := e.(*Corp)
	switch v := a.(type) {
	case *action.Pass:
		s.pass()
		return nil
	case *action.Choose:
		return s.p20Choose(c, v.Choice)
	case *action.AcquireCompany:
		comp := g.Company(v.Company)
		ok := false
		for _, x := range g.purchasable(c) {
			if x == comp {
				ok = true
			}
		}
		if !ok {
			return ruleErr("%s cannot acquire %s now", c.ID, v.Company)
		}
		if p, isP := comp.Owner.(*Player); isP {
			p.Companies = removeCompany(p.Companies, comp)
		}
		comp.Owner = c
		c.Privates = append(c.Privates, comp)
		g.companyBought(comp, c)
		if comp.Def.Ability == "backroom" {
			g.closeCompany(comp)
			if c.IsMinor() && g.assoc[c.ID] == "" && len(g.p20Targets()) > 0 {
				s.p20From = c
				return nil
			}
		}
		if len(g.purchasable(c)) == 0 {
			s.pass()
		}
		return nil
	}
	return ruleErr("%s can acquire a private or pass", c.ID)
}

// companyBought applies on-acquisition effects: train privates become trains.
func (g *Game) companyBought(comp *Company, c *Corp) {
	switch comp.Def.Ability {
	case "train", "pullman", "grain_train":
		if t := g.Depot.reserved[comp.Def.Train]; t != nil {
			g.giveTrain(c, t)
		}
		g.closeCompany(comp)
	case "builder_cubes", "timber_double", "mail":
		comp.Revenue = 0
	case "phase_revenue":
		// The pot goes to the acquiring company and the private closes.
		g.addCash(c, g.takeCardCash(comp.ID))
		g.closeCompany(comp)
	}
	if comp.Def.IncomeEndsWhenAcquired {
		comp.Revenue = 0
	}
}

// p20Targets are associated minors P20 may replace: not owned, not in a bid box,
// with an unstarted major.
func (g *Game) p20Targets() []*Corp {
	box := g.bidboxMinors()
	var out []*Corp
	for _, c := range g.Corps {
		mid := c.ID
		maj := g.assoc[mid]
		if maj == "" || !c.IsMinor() {
			continue
		}
		comp := g.Company("M" + mid)
		major := g.Corp(maj)
		discarded := comp != nil && comp.Owner == nil && comp.Closed && c.Closed
		inBox := false
		for _, b := range box {
			if b == comp {
				inBox = true
			}
		}
		if c.President() == nil && (discarded || !inBox) && major.President() == nil && !major.Floated {
			out = append(out, c)
		}
	}
	return out
}

func (s *acquireCompanyStep) p20Choose(c *Corp, choice string) error {
	g := s.g
	var target *Corp
	for _, t := range g.p20Targets() {
		if t.ID == choice {
			target = t
		}
	}
	if target == nil {
		return ruleErr("%s cannot replace minor %s", c.ID, choice)
	}
	major := g.Corp(g.assoc[target.ID])
	delete(g.assoc, target.ID)
	g.assoc[c.ID] = major.ID
	for _, h := range g.Board.Hexes {
		g.unreserve(h, target)
	}
	oldHome := major.HomeHex
	major.HomeHex, major.HomeCity = c.HomeHex, c.HomeCity
	if major.HomeHex == major.Dest {
		major.Dest = oldHome
	}
	target.Closed = true
	if comp := g.Company("M" + target.ID); comp != nil {
		comp.Closed = true
		g.dropCompany(comp)
	}
	s.p20From = nil
	if len(g.purchasable(c)) == 0 {
		s.pass()
	}
	return nil
}

// assignStep places P15 (paper mill) and P17 (ski haus) markers.
type assignStep struct {
	stepBase
	r *round
}

func (s *assignStep) name() string { return "assign" }

// blocks only while a placed marker waits for its owner's mode choice.
func (s *assignStep) blocks() bool { return s.g.modePending != "" }
func (s *assignStep) skip()        {}

func (s *assignStep) activeEntity() any {
	if cs := s.g.modeChooser(); cs != nil {
		return cs.markerOwner
	}
	return s.r.current()
}

func (s *assignStep) actions(e any) []string {
	if s.blocks() {
		return []string{"choose"}
	}
	comp, ok := e.(*Company)
	if !ok || comp.Closed {
		return nil
	}
	if comp.Def.Ability != "mill" && comp.Def.Ability != "ski_haus" && comp.Def.Ability != "sawmill" {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || owner.Closed {
		return nil
	}
	// Only in the owning company's turn (3.1.9). An imported log replays
	// as recorded: our own early self-play logs have assigns out of turn.
	if s.g.validating() && owner != s.r.current() {
		return nil
	}
	return []string{"assign"}
}

func (s *assignStep) process(a action.Action, e any) error {
	if ch, ok := a.(*action.Choose); ok && s.blocks() {
		cs := s.g.modeChooser()
		switch ch.Choice {
		case "open", "closed":
			cs.markerMode = ch.Choice
			s.g.modePending = ""
			return nil
		}
		return ruleErr("choose open (+$20 for everyone) or closed (+$10 for %s only)", cs.markerOwner.ID)
	}
	v, ok := a.(*action.Assign)
	if !ok {
		return ruleErr("%s can only be assigned to a hex", entityName(e))
	}
	comp := e.(*Company)
	h := s.g.Board.Hex(v.Target)
	if h == nil {
		return ruleErr("there is no hex %s", v.Target)
	}
	if len(comp.Def.Hexes) > 0 && !contains(comp.Def.Hexes, v.Target) {
		return ruleErr("%s can be placed on %s", comp.ID, strings.Join(comp.Def.Hexes, ", "))
	}
	h.mark(comp.ID)
	if comp.Def.Ability == "sawmill" {
		// The sawmill serves everyone or its owner alone: its owner chooses.
		cs := s.g.card(comp.ID)
		cs.markerOwner, cs.markerHex = comp.Owner.(*Corp), h.Def.ID
		s.g.modePending = comp.ID
	}
	s.g.closeCompany(comp)
	return nil
}

// specialTrackStep handles track laid by privates owned by the operating company.
type specialTrackStep struct {
	stepBase
	r *round
}

func (s *specialTrackStep) name() string { return "special track" }

// blocks only while a "lay together" private (P11) must finish or pass.
func (s *specialTrackStep) blocks() bool { return s.r.op != nil && s.r.op.mustLay != nil }

func (s *specialTrackStep) activeEntity() any {
	if s.r.op != nil && s.r.op.mustLay != nil {
		return s.r.op.mustLay
	}
	return s.r.current()
}
func (s *specialTrackStep) skip() {}

func (s *specialTrackStep) actions(e any) []string {
	if m := s.r.op.mustLay; m != nil {
		if e == any(m) {
			return []string{"lay_tile", "pass"}
		}
		return nil
	}
	comp, ok := e.(*Company)
	if !ok || !s.g.abilityUsable(comp) {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || owner != s.r.current() {
		return nil
	}
	if s.g.validating() && !s.trackTime() {
		return nil // as recorded on import (early self-play logs lay later)
	}
	return []string{"lay_tile"}
}

// trackTime reports whether the operating company is at its track step:
// 18xx.games lets a private lay track only then (its tile lays are timed
// "track"), not after the company has passed track or before it gets there.
func (s *specialTrackStep) trackTime() bool {
	_, ok := s.r.activeStep().(*trackStep)
	return ok
}

func (s *specialTrackStep) process(a action.Action, e any) error {
	g := s.g
	op := s.r.op
	if _, ok := a.(*action.Pass); ok && op.mustLay != nil {
		g.closeCompany(op.mustLay)
		op.mustLay = nil
		return nil
	}
	v, ok := a.(*action.LayTile)
	if !ok {
		return ruleErr("%s can only lay track", entityName(e))
	}
	comp := e.(*Company)
	c := comp.Owner.(*Corp)
	if g.validating() && v.Tile != "BC-0" && comp.Def.Ability == "builder_cubes" {
		return ruleErr("%s places builder cubes, not tiles", comp.ID)
	}
	if g.validating() && v.Tile == "BC-0" && comp.Def.Ability != "builder_cubes" && comp.Def.Ability != "extra_tile" {
		return ruleErr("%s cannot place a builder cube; its owner places one with `cube` (5.7.20)", comp.ID)
	}
	if g.validating() && v.Tile != "" {
		var combos []*Company
		for _, id := range v.ComboEntities {
			if x := g.Company(id); x != nil {
				combos = append(combos, x)
			}
		}
		if h := g.Board.Hex(v.Hex); h != nil {
			if err := g.checkLay(c, h, v.Tile, v.Rotation, layVia(comp, combos)); err != nil {
				return err
			}
		}
		if g.upgradeTile(v.Tile) {
			if err := g.extraTileUpgradeRefusal(op, append([]*Company{comp}, combos...)...); err != nil {
				return err
			}
		}
	}
	if g.portageBars(comp, op) {
		return ruleErr("%s laid portage track this turn; %s cannot lay track now", c.ID, comp.ID)
	}
	if len(v.ComboEntities) > 0 {
		return s.comboLay(comp, c, v)
	}
	h := g.Board.Hex(v.Hex)
	if h == nil {
		return ruleErr("there is no hex %s", v.Hex)
	}
	g.abilityUses[comp.ID]++
	g.abilityOR[comp.ID] = g.orKey()
	uses := g.abilityUses[comp.ID]
	switch comp.Def.Ability {
	case "builder_cubes":
		h.Cubes++
		if uses >= 3 {
			g.closeCompany(comp)
		}
		return nil
	case "extra_tile":
		// Either one upgrade or up to two lays (one for a minor).
		upgrade := false
		if v.Tile == "BC-0" {
			h.Cubes++
		} else {
			upgrade = g.upgradeTile(v.Tile)
			if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 0); err != nil {
				return err
			}
		}
		g.afterExtraTile(comp, c, op, upgrade)
		return nil
	case "small_port", "large_port", "special_upgrade":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		g.closeCompany(comp)
		return nil
	case "special_tile":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 0); err != nil {
			return err
		}
		op.portage++
		comp.Revenue = 0
		return nil
	case "coal_mine":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		op.laidTrack++
		g.card(comp.ID).markerHex = v.Hex // the coal token itself goes with c's tokens
		coal := &Token{Corp: c, Kind: CoalToken}
		if cities := h.Tile.Cities(); len(cities) > 0 {
			_ = h.placeToken(coal, cities[0], -1, true)
		}
		c.Tokens = append(c.Tokens, coal)
		comp.Revenue = 0
		return nil
	case "remove_town", "advanced_tile", "pass_tile":
		// These count as the company's own tile lay.
		isUpgrade := h.Tile.Color != board.White
		if g.validating() {
			lay, up, _ := g.tileLay(c, op)
			if g.T.PrivateLayWholeStep && comp.Def.Ability != "advanced_tile" && op.laidTrack > 0 {
				lay, up = false, false // it needs the whole track step
			}
			if isUpgrade && !up || !isUpgrade && !lay {
				return ruleErr("%s's lay counts as %s's own tile lay, which %s has used this turn", comp.ID, c.ID, c.ID)
			}
		}
		free := 0
		if a, _ := g.trackAbilityOf(comp); a.free {
			free = 1 << 30
		}
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, free); err != nil {
			return err
		}
		op.laidTrack++
		if g.T.PrivateLayWholeStep && comp.Def.Ability != "advanced_tile" {
			op.laidTrack++ // a mountain pass or town removal is the whole track step
		}
		if isUpgrade {
			op.upgraded = true
		}
		g.closeCompany(comp)
		return nil
	case "free_city_upgrade", "tile_grant":
		if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 1<<30); err != nil {
			return err
		}
		if a, _ := g.trackAbilityOf(comp); a.count > 0 && uses >= a.count {
			g.closeCompany(comp)
		}
		if comp.Def.Ability == "free_city_upgrade" && h.Tile.Color == board.Gray {
			g.abilityGone[comp.ID] = true
		}
		return nil
	}
	return ruleErr("%s cannot lay track", comp.ID)
}

// companyChoices lists a private's choices at track, token or issue time
// (PNW P21 Credit Mobilier, CA P28 token swap).
func (g *Game) companyChoices(comp *Company, when string) []string {
	if comp.Def.Ability == "token_swap" && (when == "track" || when == "token") {
		return g.tokenSwapChoices(comp)
	}
	if comp.Closed || comp.Def.Ability != "credit_mobilier" {
		return nil
	}
	owner, ok := comp.Owner.(*Corp)
	if !ok || g.round.kind != operatingRound || owner != g.round.current() {
		return nil
	}
	var out []string
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
	if owner.IsMajor() && owner.Exchange > 0 {
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
		if target.ID[0] == 'M' {
			box := g.bidboxMinors()
			for _, b := range box {
				if b != nil {
					last = b
				}
			}
		} else {
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

// afterExtraTile applies P11's rule after one of its lays: one upgrade, one lay
// for a minor, or two lays for a major that must follow each other.
func (g *Game) afterExtraTile(comp *Company, c *Corp, op *orState, upgrade bool) {
	// Used after one normal lay, the surveyors take the place of the second
	// (18xx.games counts it so whether or not they close now).
	if op.laidTrack == 1 {
		op.laidTrack = 2
	}
	if upgrade || c.IsMinor() || g.abilityUses[comp.ID] >= 2 {
		g.closeCompany(comp)
		if op.mustLay == comp {
			op.mustLay = nil
		}
		return
	}
	op.mustLay = comp
}

// portageBars reports whether a portage lay this turn stops comp's lay:
// the portage takes the company's tile lay, and the privates that lay in its
// place (town removal, ports, the coal mine) have none left; the surveyors,
// builder cubes and the boom town still may (as 18xx.games times them).
func (g *Game) portageBars(comp *Company, op *orState) bool {
	if op.portage == 0 {
		return false
	}
	switch comp.Def.Ability {
	case "remove_town", "small_port", "large_port", "coal_mine":
		return true
	}
	return false
}

// comboLay is a private's lay combined with P11 (e.g. P7 + P11): it does not
// use the company's own tile lay, and both abilities are spent.
func (s *specialTrackStep) comboLay(comp *Company, c *Corp, v *action.LayTile) error {
	g := s.g
	op := s.r.op
	h := g.Board.Hex(v.Hex)
	if h == nil {
		return ruleErr("there is no hex %s", v.Hex)
	}
	if err := g.layTile(comp, c, h, v.Tile, v.Rotation, 0); err != nil {
		return err
	}
	upgrade := g.upgradeTile(v.Tile)
	if comp.Def.Ability == "extra_tile" {
		// P11 named first, its partner in the combination: spent alike.
		g.abilityUses[comp.ID]++
		g.afterExtraTile(comp, c, op, upgrade)
	} else {
		g.closeCompany(comp)
	}
	for _, id := range v.ComboEntities {
		other := g.Company(id)
		if other == nil || other.Closed {
			return ruleErr("%s cannot be combined now", id)
		}
		g.abilityUses[other.ID]++
		if other.Def.Ability == "extra_tile" {
			g.afterExtraTile(other, c, op, upgrade)
		} else {
			g.closeCompany(other)
		}
	}
	return nil
}

// abilityChoices lists P21's deck moves at the track step.
func (s *trackStep) abilityChoices(comp *Company) []string { return s.g.companyChoices(comp, "track") }
