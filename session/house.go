package session

import (
	"context"
	"fmt"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine/house"
	"pbc/engine/title"
	"pbc/internal/names"
	"pbc/session/tabletop"
	"pbc/storage"
)

// The house player holds seats like a person: given one while a game is
// set up (`house`), or a running game's seat by `replace NAME house`, with
// the consent a person's replacement needs. It plays as soon as the game
// waits for it (engine/house chooses among the listed moves), each move
// written and worded like anyone's, and it agrees at once to what it is
// asked (an undo of its move, the end of the game, its seat). A person
// takes its seat with `join` or `replace`, as any seat.

// maxHouseMoves bounds the moves the house makes in a row for one command,
// so that a table of house seats cannot hold a message forever.
const maxHouseMoves = 200

// houseName is the name the house takes in a seat of a game being set up:
// "House", then "House 2" and so on, unlike every name seated.
func houseName(seats []storage.Seat) string {
	for n := 1; ; n++ {
		name := "House"
		if n > 1 {
			name = fmt.Sprintf("House %d", n)
		}
		taken := false
		for _, s := range seats {
			taken = taken || names.Same(s.DisplayName, name)
		}
		if !taken {
			return name
		}
	}
}

// seatHouse gives a seat of sg, being set up, to the house player: an
// empty one, else a new one. Seated players, the creator and admins may.
func (m *Manager) seatHouse(ctx context.Context, sg storage.Game, t *title.Title, seats []storage.Seat, may bool) (Outcome, error) {
	if !may {
		return refused("Only a seated player may give a seat to the house."), nil
	}
	name := houseName(seats)
	var err error
	if free := indexSeat(seats, ""); free >= 0 {
		_, err = m.store.ReplaceSeat(ctx, sg.ID, seats[free].Order, tabletop.HouseUser, name)
	} else if len(seats) >= t.MaxPlayers {
		return refused("Every seat is taken (%s seats %d).", sg.Title, t.MaxPlayers), nil
	} else {
		_, err = m.store.AddSeat(ctx, sg.ID, storage.Seat{Order: len(seats), PlayerID: len(seats) + 1,
			UserID: tabletop.HouseUser, DisplayName: name})
	}
	if err != nil {
		return Outcome{}, err
	}
	return m.lobbyStatus(ctx, sg, t, fmt.Sprintf("The house takes a seat as %s. ", name), true)
}

// indexSeat is the index of the first seat user holds, or -1.
func indexSeat(seats []storage.Seat, user string) int {
	for i, s := range seats {
		if s.UserID == user {
			return i
		}
	}
	return -1
}

// HouseMoves plays the house's moves at active game id while the game
// waits for it, and says what it did ("" when it did nothing).
func (m *Manager) HouseMoves(ctx context.Context, id storage.GameID) (string, error) {
	s, err := m.Open(ctx, id)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gone || s.broken != nil {
		return "", nil
	}
	said, _, err := s.houseMoves(ctx)
	return strings.Join(said, "\n"), err
}

// houseMoves plays, while the game waits for a seat the house holds or
// asks the house to answer a request, the house's move or answer, each
// written as its own entry. It returns what each said and the last one;
// it stops at a refusal (logged: the house only plays listed moves) and
// after maxHouseMoves. The caller holds s.mu.
func (s *Session) houseMoves(ctx context.Context) (said []string, last *commands.Reply, err error) {
	hreq := Request{User: User{ID: tabletop.HouseUser, Name: "the house"}}
	for range maxHouseMoves {
		if !s.housed() {
			return said, last, nil
		}
		t := s.turnNow()
		var rep commands.Reply
		switch {
		case houseAsked(t) && len(t.Answers.Buttons) > 0:
			cmd, perr := notation.Parse(t.Answers.Buttons[0].Command) // the consenting answer
			if perr != nil {
				return said, last, fmt.Errorf("the house's answer %q: %w", t.Answers.Buttons[0].Command, perr)
			}
			rep = s.table.Do(commands.Request{User: tabletop.HouseUser}, cmd)
		case len(t.Actors) > 0 && t.Actors[0].House:
			a := house.ChooseFrom(s.table.Game, t.Moves, t.Actors[0].PlayerID)
			if a == nil {
				return said, last, nil
			}
			rep = s.table.Play(tabletop.HouseUser, a)
		default:
			return said, last, nil
		}
		if rep.Err != nil {
			s.drop()
			return said, last, rep.Err
		}
		if !rep.OK || rep.Action == nil {
			s.m.log.Warn("the house's move was refused", "game", s.id, "reply", rep.Text)
			return said, last, nil
		}
		if err := s.commit(ctx, hreq, rep.Action, seatChanges(s.seats, s.table.Seats, hreq.User)); err != nil {
			return said, last, err
		}
		said = append(said, rep.Text)
		last = &rep
	}
	s.m.log.Warn("the house stopped after its bound of moves in a row", "game", s.id, "bound", maxHouseMoves)
	return said, last, nil
}

// houseAsked reports whether the house must answer the request pending.
func houseAsked(t Turn) bool {
	for _, a := range t.Asked {
		if a.House {
			return true
		}
	}
	return false
}

// undoHouse takes back, before an undo by a player or an admin, the
// house's moves made since the last move of anyone else: the house agrees
// to it at once, and an undo that took back the house's move alone would
// only see it played again. It returns what each undo said. The caller
// holds s.mu.
func (s *Session) undoHouse(ctx context.Context, req Request) ([]string, error) {
	if s.table.Game.Finished() || tabletop.IsHouse(req.User.ID) || (indexSeat(s.seats, req.User.ID) < 0 && !req.User.Admin) {
		return nil, nil
	}
	hreq := Request{User: User{ID: tabletop.HouseUser, Name: "the house"}}
	var said []string
	for range maxHouseMoves {
		i := s.table.LastMove()
		if i < 0 || i >= len(s.table.Senders) || !tabletop.IsHouse(s.table.Senders[i]) {
			break
		}
		rep := s.table.Do(commands.Request{User: tabletop.HouseUser}, &notation.Command{Verb: notation.Undo})
		if rep.Err != nil {
			s.drop()
			return said, rep.Err
		}
		if !rep.OK || rep.Action == nil {
			break
		}
		if err := s.commit(ctx, hreq, rep.Action, nil); err != nil {
			return said, err
		}
		text, _, _ := strings.Cut(rep.Text, " Next: ") // who acts is said once, under the undo asked for
		said = append(said, text)
	}
	return said, nil
}

// dueHouse plays the house's moves due before a command: the game waits
// for the house although nobody's command set it going (a process stopped
// mid-way, the bound of moves in a row reached). It returns what they said.
func (s *Session) dueHouse(ctx context.Context, req Request) ([]string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gone || s.broken != nil || s.table == nil || tabletop.IsHouse(req.User.ID) || !s.housed() {
		return nil, nil // a game without the house costs nothing here
	}
	if t := s.turnNow(); !houseAsked(t) && (len(t.Actors) == 0 || !t.Actors[0].House) {
		return nil, nil
	}
	said, _, err := s.houseMoves(ctx)
	return said, err
}

// housed reports whether the house holds a seat. The caller holds s.mu.
func (s *Session) housed() bool { return indexSeat(s.seats, tabletop.HouseUser) >= 0 }
