package tabletop

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/commands/resolve"
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
func (t *Table) note(req commands.Request, text, reply string, next []string) commands.Reply {
	m := &action.Message{Message: text}
	if seat := t.SeatOf(req.User); seat != nil {
		resolve.SetEntity(m, t.Game.PlayerByID(seat.Player))
	}
	m.Type = action.TypeName(m)
	m.ID = t.nextID()
	t.record(req.User, m)
	return commands.Reply{OK: true, Text: reply, Action: m, Next: next}
}

// undo takes back the latest action: at once if it is the user's own (or
// an admin asks), else after its sender agrees.
func (t *Table) undo(req commands.Request) commands.Reply {
	if t.SeatOf(req.User) == nil && !req.Admin {
		return commands.Reply{Text: "only players (or an admin) may undo"}
	}
	i := t.lastUndoable()
	if i < 0 {
		return commands.Reply{Text: "there is nothing to undo"}
	}
	if text, full := t.undoRedoFull(); full {
		return commands.Reply{Text: text}
	}
	if t.Game.Finished() {
		return t.undoEnd(req, i)
	}
	owner := t.Senders[i]
	if owner != req.User && owner != "" && !req.Admin {
		text := fmt.Sprintf("%s asks to undo %s's last move (%s); %s, reply `agree` or `refuse`.",
			t.NameOf(req.User), t.NameOf(owner), offers.Describe(&t.Position, t.Log.Actions[i]), t.NameOf(owner))
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
func (t *Table) doUndo(user string, i int) commands.Reply {
	what := offers.Describe(&t.Position, t.Log.Actions[i])
	return t.rewrite(user, &action.Undo{}, "Undone: "+what+".")
}

// redo restores what the latest undo took back; only its sender (or an admin) may.
func (t *Table) redo(req commands.Request) commands.Reply {
	n := len(t.Log.Actions)
	if n == 0 {
		return commands.Reply{Text: "there is nothing to redo"}
	}
	if _, err := action.Effective(append(t.Log.Actions[:n:n], &action.Redo{})); err != nil {
		return commands.Reply{Text: "there is nothing to redo"}
	}
	last := ""
	for j := n - 1; j >= 0; j-- {
		if _, ok := t.Log.Actions[j].(*action.Undo); ok {
			last = t.Senders[j]
			break
		}
	}
	if last != req.User && !req.Admin {
		return commands.Reply{Text: fmt.Sprintf("only %s, who undid it, or an admin may redo", t.NameOf(last))}
	}
	if text, full := t.undoRedoFull(); full {
		return commands.Reply{Text: text}
	}
	return t.rewrite(req.User, &action.Redo{}, "Redone.")
}

// rewrite appends an undo or redo and rebuilds the game from the log; on
// failure the log is left as it was.
func (t *Table) rewrite(user string, a action.Action, text string) commands.Reply {
	env := a.Env()
	env.Type = action.TypeName(a)
	env.ID = t.nextID()
	if seat := t.SeatOf(user); seat != nil {
		env.Entity, env.EntityType = action.PlayerEntity(seat.Player), action.EntityPlayer
	}
	old, oldGame := len(t.Log.Actions), t.Game
	t.Log.Actions = append(t.Log.Actions, a)
	t.Senders = append(t.Senders, user)
	if err := t.rebuild(); err != nil {
		t.Log.Actions, t.Senders, t.Game = t.Log.Actions[:old], t.Senders[:old], oldGame
		return commands.Reply{Text: "that cannot be undone: " + err.Error()}
	}
	rep := t.nextReply(text)
	rep.Action = a
	return rep
}

// answer handles `agree` and `refuse` to a pending undo or replace
// request.
func (t *Table) answer(req commands.Request, yes bool) commands.Reply {
	p := t.pendingRequests()
	if s := t.seatOfPlayer(p.replacePlayer); p.replaceBy != "" && s != nil && s.User == req.User && req.User != "" {
		return t.answerReplace(req, p, s, yes)
	}
	if p.undoBy == "" {
		return commands.Reply{Text: "nobody is asking anything"}
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
		return commands.Reply{Text: fmt.Sprintf("it is for %s to answer", t.NameOf(owner))}
	}
	if !yes {
		return t.note(req, msgUndoRefuse, fmt.Sprintf("%s keeps the move; nothing is undone.", t.NameOf(req.User)), []string{p.undoBy})
	}
	if p.undoIndex != t.lastUndoable() {
		return commands.Reply{Text: "the game has moved on since; ask again"}
	}
	return t.doUndo(req.User, p.undoIndex)
}

// end ends the game once every seated player asked for it, or at once when
// an admin does.
func (t *Table) end(req commands.Request, cmd *notation.Command) commands.Reply {
	seat := t.SeatOf(req.User)
	if seat == nil && !req.Admin {
		return commands.Reply{Text: "only players (or an admin) may end the game"}
	}
	if t.Game.Finished() {
		return commands.Reply{Text: "the game is already over: " + t.Standings()}
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
		return commands.Reply{Text: fmt.Sprintf("you already asked to end the game; it ends when %s also say `end`", notation.JoinAnd(t.namesOf(missing)))}
	}
	if (len(missing) == 0 || req.Admin) && !t.Recorded && t.stage == nil && !cmd.Confirm {
		return commands.Reply{Text: t.endConfirmation()} // nothing is recorded: the vote counts once confirmed
	}
	if len(missing) > 0 && !req.Admin {
		text := fmt.Sprintf("%s wants to end the game; it ends when %s also say `end`.", t.NameOf(req.User), notation.JoinAnd(t.namesOf(missing)))
		return t.note(req, msgEndVote, text, missing)
	}
	a := &action.EndGame{}
	if seat != nil {
		resolve.SetEntity(a, t.Game.PlayerByID(seat.Player))
	} else {
		resolve.SetEntity(a, t.Game.Players[0])
	}
	return t.apply(req, a)
}

// seating handles join, leave, kick and replace in a running game.
func (t *Table) seating(req commands.Request, cmd *notation.Command) commands.Reply {
	switch cmd.Verb {
	case notation.Join:
		if t.SeatOf(req.User) != nil {
			return commands.Reply{Text: "you already have a seat"}
		}
		return t.claim(req, cmd.Text)
	case notation.Leave:
		return commands.Reply{Text: "the game is running; the creator or an admin can `replace` you"}
	}
	if req.User != t.Creator && !req.Admin {
		return commands.Reply{Text: "only the game's creator or an admin may " + string(cmd.Verb) + " players"}
	}
	s := t.findSeat(cmd.Target)
	if s == nil {
		return commands.Reply{Text: fmt.Sprintf("nobody called %q sits at this game", notation.Clip(cmd.Target))}
	}
	old := s.User
	// As with replace, another player's seat is freed at once by an admin
	// only; the creator asks that player first.
	if cmd.Verb == notation.Kick {
		if old != "" && old != req.User && !req.Admin {
			text := fmt.Sprintf("%s asks to free %s's seat (%s); %s, reply `agree` or `refuse`.",
				t.NameOf(req.User), t.NameOf(old), s.Name, t.NameOf(old))
			return t.note(req, msgKickAsk+strconv.Itoa(s.Player), text, []string{old})
		}
		s.User = ""
		return commands.Reply{OK: true, Text: fmt.Sprintf("%s's seat (%s) is free; anyone may `join` to take it.", t.NameOf(old), s.Name)}
	}
	newUser := houseUser(strings.Trim(cmd.Items[0], "<@!>"))
	if !IsHouse(newUser) && t.SeatOf(newUser) != nil {
		return commands.Reply{Text: "that user already has a seat"}
	}
	// A player is replaced at once by an admin, or when the seat is free,
	// the house's or the sender's own; otherwise its player must agree.
	if old != "" && old != req.User && !req.Admin && !IsHouse(old) {
		text := fmt.Sprintf("%s asks to hand %s's seat (%s) to %s; %s, reply `agree` or `refuse`.",
			t.NameOf(req.User), t.NameOf(old), s.Name, userLabel(newUser), t.NameOf(old))
		return t.note(req, fmt.Sprintf("%s%d %s", msgReplaceAsk, s.Player, newUser), text, []string{old})
	}
	s.User = newUser
	return commands.Reply{OK: true, Text: fmt.Sprintf("%s now plays %s.", userLabel(newUser), s.Name)}
}

// answerReplace handles the answer of the player whose seat a pending
// replace (or kick) request would hand over (or free).
func (t *Table) answerReplace(req commands.Request, p pending, s *commands.Seat, yes bool) commands.Reply {
	if p.kick {
		if !yes {
			return t.note(req, msgKickRefuse, fmt.Sprintf("%s keeps the seat.", t.NameOf(req.User)), []string{p.replaceBy})
		}
		rep := t.note(req, msgKickDone, fmt.Sprintf("%s gives up the seat; anyone may `join` to take it.", s.Name), nil)
		s.User = ""
		return rep
	}
	if !yes {
		return t.note(req, msgReplaceRefuse, fmt.Sprintf("%s keeps the seat.", t.NameOf(req.User)), []string{p.replaceBy})
	}
	if !IsHouse(p.replaceWith) && t.SeatOf(p.replaceWith) != nil {
		return commands.Reply{Text: "the user asked to take the seat has one already"}
	}
	rep := t.note(req, msgReplaceDone, fmt.Sprintf("%s hands the seat over: %s now plays %s.", s.Name, userLabel(p.replaceWith), s.Name), nil)
	s.User = p.replaceWith
	return rep
}

// seatOfPlayer is the seat of the game's player id, or nil.
func (t *Table) seatOfPlayer(id int) *commands.Seat {
	for i := range t.Seats {
		if t.Seats[i].Player == id {
			return &t.Seats[i]
		}
	}
	return nil
}

// claim gives the user a free seat (imported or kicked games) or one the
// house plays: the one named, else the first.
func (t *Table) claim(req commands.Request, name string) commands.Reply {
	var free []string
	for i := range t.Seats {
		s := &t.Seats[i]
		if s.User != "" && !IsHouse(s.User) {
			continue
		}
		if name == "" || playernames.Same(s.Name, name) {
			s.User = req.User
			return commands.Reply{OK: true, Text: fmt.Sprintf("You now play %s.", s.Name)}
		}
		free = append(free, s.Name)
	}
	if len(free) > 0 {
		return commands.Reply{Text: fmt.Sprintf("no free seat is called %q; free: %s", notation.Clip(name), notation.JoinAnd(free))}
	}
	return commands.Reply{Text: "every seat is taken; the creator or an admin can `replace` a player"}
}

// findSeat finds a seat by user id, mention or player name.
func (t *Table) findSeat(who string) *commands.Seat {
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
		out[i] = t.NameOf(u)
	}
	return out
}
