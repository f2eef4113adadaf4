package commands

import (
	"fmt"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
	"strings"
)

// Seat is a player's place at a table and the chat user holding it.
type Seat struct {
	Player int    // the player's id in the game (actions' entity)
	Name   string // the player's name in the game
	User   string // platform user id; "" while unclaimed (imported games)
}

// Position is what the chat layer reads of a table to resolve a command,
// offer the legal moves and answer queries: the game, its log and who sits
// where. Nothing that takes a Position changes it; the live table owns it.
type Position struct {
	Game  *engine.Game
	Log   *action.GameLog
	Seats []Seat
	// Acting is who the headers of the pictures a query draws name as
	// acting: the session's answer (nil reads it from the game).
	Acting *render.Acting

	// Recorded marks a table replaying a recorded game through chat
	// (ReplayChat): every action is trusted as 18xx.games recorded it, and
	// revenues stated in run commands are taken as given.
	Recorded bool
	cache    movesCache
}

// Request is one chat message to a table.
type Request struct {
	User  string // platform user id of the sender
	Admin bool   // the sender is a channel admin
	Text  string
	// Autos are auto actions to attach to the action the text makes; only
	// ReplayChat sets them, from the recorded log.
	Autos []action.Action
	// RecentEnd says the move that ended the game was made less than
	// UndoEndWindow ago, so its mover may undo it alone; the session,
	// which knows when moves were made, sets it.
	RecentEnd bool
}

// Reply is the answer to a request.
type Reply struct {
	Text string
	// OK is false when the request was refused; nothing changed then.
	OK bool
	// Action is the action appended to the log, for the caller to store;
	// nil when the log did not change.
	Action action.Action
	// Next lists the users whose turn it now is, to be mentioned.
	Next []string
	// Image is a picture to post with the text (map, market), if any.
	Image *Image
	// Err is an internal failure (a bug, not a refusal): nothing changed,
	// and the caller logs it and shows a generic message, never its text.
	Err error
}

// Image is a rendered picture.
type Image struct {
	Name string // file name, "map.png"
	Data []byte
}

// refusal is a refused request: what was wrong and what would be legal.
type refusal struct{ msg string }

// Error returns the message.
func (r *refusal) Error() string { return r.msg }

// Refuse makes a refusal.
func Refuse(format string, args ...any) error {
	return &refusal{msg: fmt.Sprintf(format, args...)}
}

// SeatOf is the seat held by user, or nil.
func (t *Position) SeatOf(user string) *Seat {
	if user == "" {
		return nil
	}
	for i := range t.Seats {
		if t.Seats[i].User == user {
			return &t.Seats[i]
		}
	}
	return nil
}

// UserOf is the user seated for player p ("" if none).
func (t *Position) UserOf(p *engine.Player) string {
	if p == nil {
		return ""
	}
	for _, s := range t.Seats {
		if s.Player == p.ID {
			return s.User
		}
	}
	return ""
}

// WhoActs names the entity whose turn it is and its user.
func (t *Position) WhoActs() (string, string) {
	e := WaitingEntity(t)
	if e == nil {
		e = CurrentEntity(t.Game)
	}
	if e == nil {
		return "nobody", ""
	}
	p := Controller(t.Game, e)
	label := EntityLabel(e)
	if p != nil && any(p) != e {
		label += " (" + p.Name + ")"
	}
	return label, t.UserOf(p)
}

// Standings lists the players by value.
func (t *Position) Standings() string {
	g := t.Game
	type row struct {
		name  string
		value int
	}
	var rows []row
	for _, p := range g.Players {
		rows = append(rows, row{p.Name, g.PlayerValue(p)})
	}
	for i := 1; i < len(rows); i++ {
		for j := i; j > 0 && rows[j].value > rows[j-1].value; j-- {
			rows[j], rows[j-1] = rows[j-1], rows[j]
		}
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %s", r.name, engine.Money(r.value))
	}
	reason := g.EndReason()
	if reason != "" {
		reason = " (" + strings.ReplaceAll(reason, "_", " ") + ")"
	}
	return strings.Join(parts, ", ") + reason + "."
}

// WaitingEntity is the entity whose decision holds up the game (a
// company over its train limit, a pending token...), or nil.
func WaitingEntity(t *Position) any {
	g, m := t.Game, t.Moves()
	if len(m.Actors) == 0 || !m.Actors[0].Waiting {
		return nil
	}
	a := m.Actors[0]
	id := a.Entity.String()
	switch a.EntityType {
	case action.EntityPlayer:
		if n, ok := a.Entity.PlayerID(); ok {
			return g.PlayerByID(n)
		}
	case action.EntityCompany:
		return g.Company(id)
	default:
		if c := g.Corp(id); c != nil {
			return c
		}
	}
	return nil
}

// ActorOf is the engine's actor for entity e, or nil when e may not act.
func ActorOf(m *engine.Moves, e any) *engine.Actor {
	id, typ := EntityID(e)
	for _, a := range m.Actors {
		if a.EntityType == typ && a.Entity.String() == id {
			return a
		}
	}
	return nil
}

// movesCache keeps the engine's legal moves while the game does not change.
type movesCache struct {
	g *engine.Game
	n int // log length when computed
	m *engine.Moves
}

// Moves returns the legal moves now, computed once per state; callers must
// not keep them past the next change to the table.
func (t *Position) Moves() *engine.Moves {
	c := &t.cache
	if c.m == nil || c.g != t.Game || c.n != len(t.Log.Actions) {
		c.g, c.n, c.m = t.Game, len(t.Log.Actions), t.Game.Moves()
	}
	return c.m
}

// ActingUser is the user seated for the controller of a's entity (the first
// seated user for an entity nobody controls): who would send a as a chat
// command, for drivers that replay recorded actions through a bot.
func (t *Position) ActingUser(a action.Action) string {
	g := t.Game
	env := a.Env()
	var e any
	if id, ok := env.Entity.PlayerID(); ok {
		e = g.PlayerByID(id)
	} else if env.EntityType == action.EntityCompany {
		e = g.Company(env.Entity.String())
	} else if c := g.Corp(env.Entity.String()); c != nil {
		e = c
	} else if c := g.Company(env.Entity.String()); c != nil {
		e = c
	}
	if u := t.UserOf(Controller(g, e)); u != "" {
		return u
	}
	for _, s := range t.Seats {
		if s.User != "" {
			return s.User
		}
	}
	return ""
}

// NameOf names a user by the player they play, else by their id.
func (t *Position) NameOf(user string) string {
	if s := t.SeatOf(user); s != nil {
		return s.Name
	}
	if user == "" {
		return "someone"
	}
	return user
}

// ActorLabel names the acting entity of an action.
func (t *Position) ActorLabel(a action.Action) string {
	env := a.Env()
	if id, ok := env.Entity.PlayerID(); ok {
		if p := t.Game.PlayerByID(id); p != nil {
			return p.Name
		}
	}
	if env.EntityType != action.EntityCompany {
		if c := t.Game.Corp(env.Entity.String()); c != nil {
			return EntityLabel(c)
		}
	}
	return env.Entity.String()
}
