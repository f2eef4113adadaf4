package session

import (
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/render"
	"pbc/session/tabletop"
)

// Turn is who must act now and what each person may do: the one answer
// every reply, mention, button, menu, picture header and reminder takes.
// It is worked out once per state, under the session's lock, and is a
// snapshot: reading it needs no lock.
type Turn struct {
	// Seq is the log position it belongs to: choices offered from it are
	// marked Offer(Seq).
	Seq      int
	Finished bool
	// Actors are who the game waits for (none once it is over).
	Actors []Actor
	// Choices are what the first of them may do: the decision the game
	// waits for, as buttons and menus.
	Choices offers.Offer
	// Asked are who must answer a request pending at the table (an undo of
	// their move, the end of the game, their seat), and Answers the
	// buttons that answer it. The game goes on meanwhile: the next move
	// lets the request lapse.
	Asked   []Actor
	Answers offers.Offer
	// Moves are the legal moves now (nil once finished).
	Moves *engine.Moves
}

// turn works out the Turn of the session's state; the caller holds s.mu.
func (s *Session) turn() Turn {
	t := Turn{Seq: s.seq}
	if s.table == nil {
		return t
	}
	g := s.table.Game
	t.Finished = g.Finished()
	if !t.Finished {
		t.Moves = s.table.Moves()
		t.Actors = actors(g, t.Moves, s.seats)
		t.Choices = s.table.Choices()
	}
	if c, ok := s.table.Consent(); ok {
		for _, u := range c.Users {
			t.Asked = append(t.Asked, s.actorOf(u))
		}
		t.Answers = c.Answers
	}
	return t
}

// actorOf is the seated user u as someone asked to answer.
func (s *Session) actorOf(u string) Actor {
	a := Actor{UserID: u, Name: u}
	if tabletop.IsHouse(u) {
		a.UserID, a.Name, a.House = "", "the house", true
	}
	for _, st := range s.seats {
		if st.UserID == u {
			a.PlayerID = st.PlayerID
			if st.DisplayName != "" {
				a.Name = st.DisplayName
			}
		}
	}
	return a
}

// Acting is who the picture headers name as acting: the company the game
// waits for, if any, and the player who acts (for it); nil when nobody
// does.
func (t Turn) Acting() *render.Acting {
	if len(t.Actors) == 0 {
		return nil
	}
	a := t.Actors[0]
	return &render.Acting{Corp: a.Corp, Player: a.Name}
}

// turnKey is the state a Turn was worked out for.
type turnKey struct {
	game  *engine.Game
	n     int // log length
	seats int // s.seatsVer
}

// turnNow is the Turn of the session's state, worked out once per state;
// the caller holds s.mu.
func (s *Session) turnNow() Turn {
	if s.table == nil {
		return Turn{Seq: s.seq}
	}
	k := turnKey{s.table.Game, len(s.table.Log.Actions), s.seatsVer}
	if s.turnOK && s.turnKey == k && s.cur.Seq == s.seq {
		return s.cur
	}
	s.cur, s.turnKey, s.turnOK = s.turn(), k, true
	return s.cur
}
