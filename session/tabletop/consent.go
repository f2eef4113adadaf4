package tabletop

import (
	"pbc/commands/notation"
	"pbc/commands/offers"
)

// Consent is a request waiting for answers: an undo of someone else's
// move, the end of the game, a seat handed over or freed, the reopening of
// a finished game. It is the table's, not the game's: the game waits for
// whoever acts meanwhile, and the next move lets the request lapse.
type Consent struct {
	// Users are who must answer, in seat order.
	Users []string
	// Answers are the buttons that answer it.
	Answers offers.Offer
}

// Consent returns the request waiting for answers, if any.
func (t *Table) Consent() (Consent, bool) {
	if t.Game == nil {
		return Consent{}, false
	}
	p := t.pendingRequests()
	switch {
	case p.undoBy != "" && t.Game.Finished():
		var users []string
		for _, u := range t.otherUsers(p.undoBy) {
			if !p.undoAgreed[u] {
				users = append(users, u)
			}
		}
		return Consent{Users: users, Answers: t.finishedOffer()}, len(users) > 0
	case p.undoBy != "":
		c := Consent{Answers: offers.Offer{Buttons: []offers.Option{{Label: "Agree to undo", Command: string(notation.Agree)}, {Label: "Refuse", Command: string(notation.Refuse)}}}}
		if p.undoIndex >= 0 && p.undoIndex < len(t.Senders) && t.Senders[p.undoIndex] != "" {
			c.Users = []string{t.Senders[p.undoIndex]}
		}
		return c, true
	case len(p.endVotes) > 0 && !t.Game.Finished():
		c := Consent{Answers: offers.Offer{Buttons: []offers.Option{{Label: "Agree to end the game", Command: string(notation.End), Danger: true},
			{Label: "Keep playing", Command: string(notation.Refuse)}}}}
		for _, u := range t.otherUsers("") {
			if !p.endVotes[u] {
				c.Users = append(c.Users, u)
			}
		}
		return c, true
	case p.replaceBy != "":
		give := "Agree to hand over my seat"
		if p.kick {
			give = "Agree to free my seat"
		}
		c := Consent{Answers: offers.Offer{Buttons: []offers.Option{{Label: give, Command: string(notation.Agree), Danger: true},
			{Label: "Keep my seat", Command: string(notation.Refuse)}}}}
		if s := t.seatOfPlayer(p.replacePlayer); s != nil && s.User != "" {
			c.Users = []string{s.User}
		}
		return c, true
	}
	return Consent{}, false
}

// Choices are what the entity the game waits for may do now, with the
// automatic passes its controller may set: the buttons and menus under a
// move's reply.
func (t *Table) Choices() offers.Offer {
	if t.Game == nil || t.Game.Finished() {
		return offers.Offer{}
	}
	m := t.Moves()
	d := offers.DecisionOf(m, t.Game)
	d.Buttons = t.withAutoPass(m, d.Buttons)
	return d.Clipped()
}
