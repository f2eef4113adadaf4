package tabletop

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/commands/resolve"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
)

// Offered is what to show under the reply to text from user, at the
// table's state after it: the confirmation a refused move asked for, the
// answers to a pending undo request or end vote, the narrower choices a
// partial command asks for (`lay D23`: its tiles), else the decision the
// game waits for. Front ends mark it with the position it was offered at.
func (t *Table) Offered(user, text string, refused bool) offers.Offer {
	cmd, err := notation.Parse(text)
	if err != nil {
		cmd = nil
	}
	return t.OfferFor(user, cmd, text, refused)
}

// OfferFor is Offered for text already parsed as cmd (nil if it does not
// parse).
func (t *Table) OfferFor(user string, cmd *notation.Command, text string, refused bool) offers.Offer {
	if t.Game == nil {
		return offers.Offer{}
	}
	if t.Game.Finished() {
		return t.finishedOffer()
	}
	m := t.Moves()
	player := 0
	if s := t.SeatOf(user); s != nil {
		player = s.Player
	}
	if refused && cmd != nil {
		if why, ends := t.confirmCheck(cmd, user); why != "" {
			label := "Yes, pass"
			if ends {
				label = "Yes, end the game"
			}
			o := offers.Offer{Buttons: []offers.Option{{Label: label, Command: strings.TrimSpace(text) + " confirm", Danger: true}}}
			d := offers.DecisionOf(m, t.Game)
			o.Buttons = append(o.Buttons, slices.DeleteFunc(d.Buttons, func(b offers.Option) bool { return strings.HasSuffix(b.Command, string(notation.Pass)) })...)
			o.Menus = d.Menus
			return o.Clipped()
		}
	}
	if notation.Partial(cmd) && !refused {
		return offers.NarrowOffer(m, player, cmd)
	}
	var o offers.Offer
	if c, ok := t.Consent(); ok {
		o.Buttons = append(o.Buttons, c.Answers.Buttons...)
	}
	d := offers.DecisionOf(m, t.Game)
	d.Buttons = t.withAutoPass(m, d.Buttons)
	o.Buttons = append(o.Buttons, d.Buttons...)
	o.Menus = append(o.Menus, d.Menus...)
	return o.Clipped()
}

// narrow answers a partial command with what may complete it; `lay HEX`
// with a picture of every legal tile and rotation, numbered.
func (t *Table) narrow(seat *commands.Seat, cmd *notation.Command) commands.Reply {
	m := t.Moves()
	text, ok := offers.NarrowText(m, seat.Player, cmd)
	if !ok {
		return commands.Reply{Text: text}
	}
	rep := commands.Reply{OK: true, Text: offers.WithTopBid(&t.Position, cmd, text)}
	if cmd.Verb == notation.Lay {
		if img, err := t.tileChoices(seat.Player, offers.LayVia(cmd), cmd.Target); err == nil {
			rep.Image = img
		}
	}
	return rep
}

// tileChoices draws the legal lays on hex, numbered as HexLays lists them.
func (t *Table) tileChoices(player int, as, hex string) (*commands.Image, error) {
	a, lays := offers.HexLays(t.Moves(), player, as, hex)
	if len(lays) == 0 {
		return nil, fmt.Errorf("no lays on %s", hex)
	}
	opts := make([]render.TileOption, len(lays))
	for i, l := range lays {
		opts[i] = render.TileOption{Label: fmt.Sprintf("%s r%d", l.Name, l.Rotation), Hex: previewLay(t.Game, a, l)}
		if l.Cost > 0 {
			opts[i].Note = engine.Money(l.Cost)
		}
	}
	var buf bytes.Buffer
	if err := render.TileChoices(&buf, t.Game, lays[0].Hex, opts); err != nil {
		return nil, err
	}
	return &commands.Image{Name: "tiles-" + strings.ToLower(lays[0].Hex) + ".png", Data: buf.Bytes()}, nil
}

// previewLay is the hex as lay l by actor a would leave it, played on a
// copy of the game; nil if the copy refuses it.
func previewLay(g *engine.Game, a *engine.Actor, l engine.TileMove) *engine.HexState {
	c := g.Clone()
	act := &action.LayTile{Envelope: action.Envelope{Type: action.TypeLayTile, Entity: a.Entity, EntityType: a.EntityType},
		Hex: l.Hex, Tile: l.Tile, Rotation: l.Rotation, ComboEntities: l.Combo}
	if err := c.Apply(act); err != nil {
		return nil
	}
	return c.Board.Hexes[l.Hex]
}

// confirmCheck says why cmd from user must be confirmed before it is
// applied, "" if it need not, and whether it would end the game: a pass
// that ends the game (everyone passing in the first stock round, 7.1.2)
// or that skips an action the entity must take.
func (t *Table) confirmCheck(cmd *notation.Command, user string) (string, bool) {
	if cmd.Verb == notation.End && !cmd.Confirm && !t.Recorded && t.stage == nil && !t.Game.Finished() &&
		t.SeatOf(user) != nil && t.endsNow(user, false) {
		return t.endConfirmation(), true
	}
	if cmd.Verb != notation.Pass || cmd.Confirm || t.Recorded || t.stage != nil || t.Game.Finished() {
		return "", false
	}
	seat := t.SeatOf(user)
	if seat == nil {
		return "", false
	}
	a, err := resolve.Build(&t.Position, seat, cmd, commands.Request{User: user})
	if err != nil {
		return "", false
	}
	return t.confirmation(a)
}

// confirmation says why pass a must be confirmed ("" if not) and whether
// it would end the game.
func (t *Table) confirmation(a action.Action) (string, bool) {
	p, ok := a.(*action.Pass)
	if !ok {
		return "", false
	}
	m := t.Moves()
	env := p.Env()
	var actor *engine.Actor
	for _, x := range m.Actors {
		if x.Entity == env.Entity && x.EntityType == env.EntityType {
			actor = x
			break
		}
	}
	if actor != nil && actor.Waiting {
		if why := skipsForced(actor); why != "" {
			return fmt.Sprintf("Passing now %s. Send `%s confirm` to pass anyway.", why, passWord(actor)), false
		}
	}
	if m.Round == "SR" && t.Game.Turn == 1 {
		c := t.Game.Clone()
		cp := *p
		cp.AutoActions = nil
		cp.Type, cp.ID = action.TypeName(&cp), t.nextID()
		if err := c.Apply(&cp); err == nil && c.Finished() {
			return fmt.Sprintf("Passing now ends the game: the first stock round would end with nothing bought (rule %s). "+
				"Send `%s confirm` to end it.", t.Game.T.EmptyFirstSRRule, passWord(actor)), true
		}
	}
	return "", false
}

// passWord is the pass command of actor.
func passWord(a *engine.Actor) string {
	if a != nil && a.EntityType == action.EntityCompany {
		return a.Name + ": pass"
	}
	return string(notation.Pass)
}

// skipsForced words what a pass by a, the entity the game waits for,
// gives up that it is there to do, or "". The engine offers no pass where
// an action is compulsory (a train a company must buy, a destination token
// that is due), so these are the passes that cost something.
func skipsForced(a *engine.Actor) string {
	switch {
	case !slices.Contains(a.Types, action.TypePass):
		// A pass the rules refuse (a company that must buy a train and
		// can) is not confirmed: its refusal says what must be done.
		return ""
	case a.EntityType == action.EntityCompany && slices.Contains(a.Types, action.TypeLayTile):
		// A private that lays twice (PNW P11) waits for its second lay;
		// passing closes it.
		return "gives up " + a.Name + "'s second tile lay, and " + a.Name + " closes"
	case a.MustBuy && len(a.Trains) > 0:
		return "skips the train " + notation.CorpLabel(a.Name) + " must buy"
	case len(a.Types) > 0 && a.Types[0] == action.TypeRunRoutes && a.Routes != nil && len(a.Routes.Trains) > 0:
		return "runs no trains: " + notation.CorpLabel(a.Name) + " earns nothing this turn (`run auto` finds the best routes)"
	}
	return ""
}

// msgEndRefuse, in the log, sets aside the end votes before it.
const msgEndRefuse = "pbc: refuses to end the game"

// refuseEnd answers a pending end vote with a refusal: the game goes on
// and the votes so far no longer count.
func (t *Table) refuseEnd(req commands.Request) commands.Reply {
	if t.SeatOf(req.User) == nil && !req.Admin {
		return commands.Reply{Text: "only players (or an admin) may answer"}
	}
	return t.note(req, msgEndRefuse, t.NameOf(req.User)+" wants to keep playing; the votes to end the game are set aside.", nil)
}
