package commands

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/action"
	playernames "pbc/internal/names"
)

// Undo, redo, ending the game and seats: the moves that need someone's
// agreement or authority.

// lastUndoable is the position in the log of the latest action an undo
// would take back, or -1.
func (t *Table) lastUndoable() int {
	acts, err := action.Effective(t.Log.Actions)
	if err != nil || len(acts) == 0 {
		return -1
	}
	for i := len(acts) - 1; i >= 0; i-- {
		if _, ok := acts[i].(*action.Message); ok {
			continue
		}
		for j := len(t.Log.Actions) - 1; j >= 0; j-- {
			if t.Log.Actions[j] == acts[i] {
				return j
			}
		}
	}
	return -1
}

// Requests that need others' agreement (undoing someone else's move,
// ending the game) are kept in the log as chat messages, which change
// nothing and are never undone, so that a table rebuilt from storage still
// knows them. A pending request lapses with the next move.
const (
	msgUndoAsk    = "pbc: asks to undo action "
	msgUndoRefuse = "pbc: refuses the undo"
	msgEndVote    = "pbc: agrees to end the game"
	// msgReplaceAsk is followed by the seat's player id and the user who
	// would take it, separated by a space.
	msgReplaceAsk    = "pbc: asks to replace player "
	msgReplaceRefuse = "pbc: refuses the replace"
	msgReplaceDone   = "pbc: replace agreed"
	// msgKickAsk is followed by the seat's player id.
	msgKickAsk    = "pbc: asks to free the seat of player "
	msgKickRefuse = "pbc: refuses the kick"
	msgKickDone   = "pbc: kick agreed"
)

// pending is what the messages since the last move ask for.
type pending struct {
	undoBy    string          // the user asking for an undo ("" if none)
	undoIndex int             // the position in the log of the action to undo
	endVotes  map[string]bool // users who said `end`
	// undoAgreed are the users who agreed to the pending undo of the move
	// that ended the game.
	undoAgreed map[string]bool
	// replaceBy asks for replacePlayer's seat to go to replaceWith ("" if
	// nobody asks), or to be freed when kick is set.
	replaceBy, replaceWith string
	replacePlayer          int
	kick                   bool
}

// pendingRequests reads the requests made since the last move.
func (t *Table) pendingRequests() pending {
	p := pending{endVotes: map[string]bool{}, undoAgreed: map[string]bool{}, undoIndex: -1}
	endRefused := false
	for i := len(t.Log.Actions) - 1; i >= 0; i-- {
		m, ok := t.Log.Actions[i].(*action.Message)
		if !ok {
			break
		}
		user := t.Senders[i]
		switch {
		case m.Message == msgEndRefuse:
			endRefused = true
		case m.Message == msgEndVote && !endRefused:
			p.endVotes[user] = true
		case m.Message == msgUndoAgree && p.undoBy == "":
			p.undoAgreed[user] = true
		case m.Message == msgUndoRefuse && p.undoBy == "":
			p.undoBy = "-"
		case strings.HasPrefix(m.Message, msgUndoAsk) && p.undoBy == "":
			p.undoBy = user
			p.undoIndex, _ = strconv.Atoi(strings.TrimPrefix(m.Message, msgUndoAsk))
		case (m.Message == msgReplaceRefuse || m.Message == msgReplaceDone || m.Message == msgKickRefuse ||
			m.Message == msgKickDone) && p.replaceBy == "":
			p.replaceBy = "-" // the latest seat request is answered
		case strings.HasPrefix(m.Message, msgReplaceAsk) && p.replaceBy == "":
			id, with, _ := strings.Cut(strings.TrimPrefix(m.Message, msgReplaceAsk), " ")
			if n, err := strconv.Atoi(id); err == nil && with != "" {
				p.replaceBy, p.replacePlayer, p.replaceWith = user, n, with
			}
		case strings.HasPrefix(m.Message, msgKickAsk) && p.replaceBy == "":
			if n, err := strconv.Atoi(strings.TrimPrefix(m.Message, msgKickAsk)); err == nil {
				p.replaceBy, p.replacePlayer, p.kick = user, n, true
			}
		}
	}
	if p.undoBy == "-" {
		p.undoBy = ""
	}
	if p.replaceBy == "-" {
		p.replaceBy = ""
	}
	return p
}

// note appends a request message for user and returns the reply.
func (t *Table) note(req Request, text, reply string, next []string) Reply {
	m := &action.Message{Message: text}
	if seat := t.seatOf(req.User); seat != nil {
		setEntity(m, t.Game.PlayerByID(seat.Player))
	}
	m.Type = action.TypeName(m)
	m.ID = t.nextID()
	t.record(req.User, m)
	return Reply{OK: true, Text: reply, Action: m, Next: next}
}

// undo takes back the latest action: at once if it is the user's own (or
// an admin asks), else after its sender agrees.
func (t *Table) undo(req Request) Reply {
	if t.seatOf(req.User) == nil && !req.Admin {
		return Reply{Text: "only players (or an admin) may undo"}
	}
	i := t.lastUndoable()
	if i < 0 {
		return Reply{Text: "there is nothing to undo"}
	}
	if text, full := t.undoRedoFull(); full {
		return Reply{Text: text}
	}
	if t.Game.Finished() {
		return t.undoEnd(req, i)
	}
	owner := t.Senders[i]
	if owner != req.User && owner != "" && !req.Admin {
		text := fmt.Sprintf("%s asks to undo %s's last move (%s); %s, reply `agree` or `refuse`.",
			t.nameOf(req.User), t.nameOf(owner), t.describe(t.Log.Actions[i]), t.nameOf(owner))
		return t.note(req, msgUndoAsk+strconv.Itoa(i), text, []string{owner})
	}
	return t.doUndo(req.User, i)
}

// undoRedoFull says, when the log holds as many undos and redos as an
// import accepts, that no more are taken: the game stays exportable and
// importable, and a flood of them cannot make every reload slower.
func (t *Table) undoRedoFull() (string, bool) {
	n := 0
	for _, a := range t.Log.Actions {
		switch a.(type) {
		case *action.Undo, *action.Redo:
			n++
		}
	}
	if n < action.DefaultLimits.UndoRedo {
		return "", false
	}
	return fmt.Sprintf("this game has had %d undos and redos, the most a game may; play on from here", n), true
}

// doUndo appends an undo and replays the game.
func (t *Table) doUndo(user string, i int) Reply {
	what := t.describe(t.Log.Actions[i])
	return t.rewrite(user, &action.Undo{}, "Undone: "+what+".")
}

// redo restores what the latest undo took back; only its sender (or an admin) may.
func (t *Table) redo(req Request) Reply {
	n := len(t.Log.Actions)
	if n == 0 {
		return Reply{Text: "there is nothing to redo"}
	}
	if _, err := action.Effective(append(t.Log.Actions[:n:n], &action.Redo{})); err != nil {
		return Reply{Text: "there is nothing to redo"}
	}
	last := ""
	for j := n - 1; j >= 0; j-- {
		if _, ok := t.Log.Actions[j].(*action.Undo); ok {
			last = t.Senders[j]
			break
		}
	}
	if last != req.User && !req.Admin {
		return Reply{Text: fmt.Sprintf("only %s, who undid it, or an admin may redo", t.nameOf(last))}
	}
	if text, full := t.undoRedoFull(); full {
		return Reply{Text: text}
	}
	return t.rewrite(req.User, &action.Redo{}, "Redone.")
}

// rewrite appends an undo or redo and rebuilds the game from the log; on
// failure the log is left as it was.
func (t *Table) rewrite(user string, a action.Action, text string) Reply {
	env := a.Env()
	env.Type = action.TypeName(a)
	env.ID = t.nextID()
	if seat := t.seatOf(user); seat != nil {
		env.Entity, env.EntityType = action.PlayerEntity(seat.Player), "player"
	}
	old, oldGame := len(t.Log.Actions), t.Game
	t.Log.Actions = append(t.Log.Actions, a)
	t.Senders = append(t.Senders, user)
	if err := t.rebuild(); err != nil {
		t.Log.Actions, t.Senders, t.Game = t.Log.Actions[:old], t.Senders[:old], oldGame
		return Reply{Text: "that cannot be undone: " + err.Error()}
	}
	rep := t.nextReply(text)
	rep.Action = a
	return rep
}

// answer handles `agree` and `refuse` to a pending undo or replace
// request.
func (t *Table) answer(req Request, yes bool) Reply {
	p := t.pendingRequests()
	if s := t.seatOfPlayer(p.replacePlayer); p.replaceBy != "" && s != nil && s.User == req.User && req.User != "" {
		return t.answerReplace(req, p, s, yes)
	}
	if p.undoBy == "" {
		return Reply{Text: "nobody is asking anything"}
	}
	if t.Game.Finished() {
		if !yes {
			return t.refuseUndoEnd(req, p)
		}
		return t.answerEnd(req, p)
	}
	owner := ""
	if p.undoIndex >= 0 && p.undoIndex < len(t.Senders) {
		owner = t.Senders[p.undoIndex]
	}
	if req.User != owner && !req.Admin {
		return Reply{Text: fmt.Sprintf("it is for %s to answer", t.nameOf(owner))}
	}
	if !yes {
		return t.note(req, msgUndoRefuse, fmt.Sprintf("%s keeps the move; nothing is undone.", t.nameOf(req.User)), []string{p.undoBy})
	}
	if p.undoIndex != t.lastUndoable() {
		return Reply{Text: "the game has moved on since; ask again"}
	}
	return t.doUndo(req.User, p.undoIndex)
}

// end ends the game once every seated player asked for it, or at once when
// an admin does.
func (t *Table) end(req Request, cmd *Command) Reply {
	seat := t.seatOf(req.User)
	if seat == nil && !req.Admin {
		return Reply{Text: "only players (or an admin) may end the game"}
	}
	if t.Game.Finished() {
		return Reply{Text: "the game is already over: " + t.standings()}
	}
	votes := t.pendingRequests().endVotes
	again := votes[req.User]
	votes[req.User] = true
	var missing []string
	for _, s := range t.Seats {
		if s.User != "" && !votes[s.User] {
			missing = append(missing, s.User)
		}
	}
	if again && len(missing) > 0 && !req.Admin {
		// A repeated vote changes nothing: nothing more is recorded.
		return Reply{Text: fmt.Sprintf("you already asked to end the game; it ends when %s also say `end`", joinAnd(t.namesOf(missing)))}
	}
	if (len(missing) == 0 || req.Admin) && !t.recorded && t.stage == nil && !cmd.Confirm {
		return Reply{Text: t.endConfirmation()} // nothing is recorded: the vote counts once confirmed
	}
	if len(missing) > 0 && !req.Admin {
		text := fmt.Sprintf("%s wants to end the game; it ends when %s also say `end`.", t.nameOf(req.User), joinAnd(t.namesOf(missing)))
		return t.note(req, msgEndVote, text, missing)
	}
	a := &action.EndGame{}
	if seat != nil {
		setEntity(a, t.Game.PlayerByID(seat.Player))
	} else {
		setEntity(a, t.Game.Players[0])
	}
	return t.apply(req, a)
}

// seating handles join, leave, kick and replace in a running game.
func (t *Table) seating(req Request, cmd *Command) Reply {
	switch cmd.Verb {
	case Join:
		if t.seatOf(req.User) != nil {
			return Reply{Text: "you already have a seat"}
		}
		return t.claim(req, cmd.Text)
	case Leave:
		return Reply{Text: "the game is running; the creator or an admin can `replace` you"}
	}
	if req.User != t.Creator && !req.Admin {
		return Reply{Text: "only the game's creator or an admin may " + string(cmd.Verb) + " players"}
	}
	s := t.findSeat(cmd.Target)
	if s == nil {
		return Reply{Text: fmt.Sprintf("nobody called %q sits at this game", clip(cmd.Target))}
	}
	old := s.User
	// As with replace, another player's seat is freed at once by an admin
	// only; the creator asks that player first.
	if cmd.Verb == Kick {
		if old != "" && old != req.User && !req.Admin {
			text := fmt.Sprintf("%s asks to free %s's seat (%s); %s, reply `agree` or `refuse`.",
				t.nameOf(req.User), t.nameOf(old), s.Name, t.nameOf(old))
			return t.note(req, msgKickAsk+strconv.Itoa(s.Player), text, []string{old})
		}
		s.User = ""
		return Reply{OK: true, Text: fmt.Sprintf("%s's seat (%s) is free; anyone may `join` to take it.", t.nameOf(old), s.Name)}
	}
	newUser := houseUser(strings.Trim(cmd.Items[0], "<@!>"))
	if !IsHouse(newUser) && t.seatOf(newUser) != nil {
		return Reply{Text: "that user already has a seat"}
	}
	// A player is replaced at once by an admin, or when the seat is free,
	// the house's or the sender's own; otherwise its player must agree.
	if old != "" && old != req.User && !req.Admin && !IsHouse(old) {
		text := fmt.Sprintf("%s asks to hand %s's seat (%s) to %s; %s, reply `agree` or `refuse`.",
			t.nameOf(req.User), t.nameOf(old), s.Name, userLabel(newUser), t.nameOf(old))
		return t.note(req, fmt.Sprintf("%s%d %s", msgReplaceAsk, s.Player, newUser), text, []string{old})
	}
	s.User = newUser
	return Reply{OK: true, Text: fmt.Sprintf("%s now plays %s.", userLabel(newUser), s.Name)}
}

// answerReplace handles the answer of the player whose seat a pending
// replace (or kick) request would hand over (or free).
func (t *Table) answerReplace(req Request, p pending, s *Seat, yes bool) Reply {
	if p.kick {
		if !yes {
			return t.note(req, msgKickRefuse, fmt.Sprintf("%s keeps the seat.", t.nameOf(req.User)), []string{p.replaceBy})
		}
		rep := t.note(req, msgKickDone, fmt.Sprintf("%s gives up the seat; anyone may `join` to take it.", s.Name), nil)
		s.User = ""
		return rep
	}
	if !yes {
		return t.note(req, msgReplaceRefuse, fmt.Sprintf("%s keeps the seat.", t.nameOf(req.User)), []string{p.replaceBy})
	}
	if !IsHouse(p.replaceWith) && t.seatOf(p.replaceWith) != nil {
		return Reply{Text: "the user asked to take the seat has one already"}
	}
	rep := t.note(req, msgReplaceDone, fmt.Sprintf("%s hands the seat over: %s now plays %s.", s.Name, userLabel(p.replaceWith), s.Name), nil)
	s.User = p.replaceWith
	return rep
}

// seatOfPlayer is the seat of the game's player id, or nil.
func (t *Table) seatOfPlayer(id int) *Seat {
	for i := range t.Seats {
		if t.Seats[i].Player == id {
			return &t.Seats[i]
		}
	}
	return nil
}

// claim gives the user a free seat (imported or kicked games) or one the
// house plays: the one named, else the first.
func (t *Table) claim(req Request, name string) Reply {
	var free []string
	for i := range t.Seats {
		s := &t.Seats[i]
		if s.User != "" && !IsHouse(s.User) {
			continue
		}
		if name == "" || playernames.Same(s.Name, name) {
			s.User = req.User
			return Reply{OK: true, Text: fmt.Sprintf("You now play %s.", s.Name)}
		}
		free = append(free, s.Name)
	}
	if len(free) > 0 {
		return Reply{Text: fmt.Sprintf("no free seat is called %q; free: %s", clip(name), joinAnd(free))}
	}
	return Reply{Text: "every seat is taken; the creator or an admin can `replace` a player"}
}

// findSeat finds a seat by user id, mention or player name.
func (t *Table) findSeat(who string) *Seat {
	who = strings.Trim(who, "<@!>")
	for i := range t.Seats {
		s := &t.Seats[i]
		if (s.User != "" && strings.EqualFold(s.User, who)) || strings.EqualFold(s.Name, who) {
			return s
		}
	}
	return nil
}

// namesOf names users as nameOf does.
func (t *Table) namesOf(users []string) []string {
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = t.nameOf(u)
	}
	return out
}

// nameOf names a user by the player they play, else by their id.
func (t *Table) nameOf(user string) string {
	if s := t.seatOf(user); s != nil {
		return s.Name
	}
	if user == "" {
		return "someone"
	}
	return user
}

// actorLabel names the acting entity of an action.
func (t *Table) actorLabel(a action.Action) string {
	env := a.Env()
	if id, ok := env.Entity.PlayerID(); ok {
		if p := t.Game.PlayerByID(id); p != nil {
			return p.Name
		}
	}
	if env.EntityType != action.EntityCompany {
		if c := t.Game.Corp(env.Entity.String()); c != nil {
			return entityLabel(c)
		}
	}
	return env.Entity.String()
}

// describe words an action briefly, with its actor.
func (t *Table) describe(a action.Action) string {
	who := t.actorLabel(a)
	words := Translate(t.Game, a)
	if _, ok := a.(*action.LayTile); ok && len(words) > 1 {
		return who + ": " + words[1] // with the rotation
	}
	return who + ": " + words[0]
}

// confirm words an applied action for the reply.
func (t *Table) confirm(a action.Action) string {
	g := t.Game
	switch v := a.(type) {
	case *action.RunRoutes:
		total := 0
		var runs []string
		for _, r := range v.Routes {
			total += r.Revenue
			runs = append(runs, routeWords(g, r, false, false))
		}
		if len(runs) == 0 {
			return capitalize(t.actorLabel(a)) + " runs no trains."
		}
		return fmt.Sprintf("%s runs %s for %s.", capitalize(t.actorLabel(a)), strings.Join(runs, ", "), engine.Money(total))
	case *action.Bid:
		if id, ok := v.Entity.PlayerID(); ok && g.PlayerByID(id) != nil {
			return fmt.Sprintf("%s bids %s on %s.", g.PlayerByID(id).Name, engine.Money(v.Price), v.Company)
		}
	}
	return capitalize(t.describe(a)) + "."
}
