package tabletop

import (
	"fmt"
	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"strconv"
	"time"
)

// Safe ends: the move that ends a game is confirmed first, and taken back
// afterwards by its mover for a short while, or later with the consent of
// the other players.

// UndoEndWindow is how long after the move that ended the game its mover
// may undo it without asking anyone: long enough to notice a slip, short
// enough that the others may take the result as final.
const UndoEndWindow = 10 * time.Minute

// msgUndoAgree, in the log of a finished game, is one player's consent to
// the pending undo of the move that ended it.
const msgUndoAgree = "pbc: agrees to undo"

// LastMove is the position in the log of the latest action an undo would
// take back (chat notes are never undone), or -1.
func (t *Table) LastMove() int { return t.lastUndoable() }

// undoEnd takes back the move that ended the game, at log position i: at
// once for an admin, for its mover within UndoEndWindow, or when nobody
// else sits at the table; otherwise it asks every other player to agree.
func (t *Table) undoEnd(req commands.Request, i int) commands.Reply {
	owner := t.Senders[i]
	others := t.otherUsers(req.User)
	if req.Admin || (owner == req.User && req.RecentEnd) || len(others) == 0 {
		return t.doUndo(req.User, i)
	}
	why := fmt.Sprintf("the game ended more than %d minutes ago", int(UndoEndWindow.Minutes()))
	if owner != req.User {
		why = t.NameOf(owner) + " made the move that ended it"
	}
	names := make([]string, len(others))
	for k, u := range others {
		names[k] = t.NameOf(u)
	}
	text := fmt.Sprintf("%s asks to undo the move that ended the game (%s) and play on; %s, so %s must agree: reply `agree` or `refuse`.",
		t.NameOf(req.User), offers.Describe(&t.Position, t.Log.Actions[i]), why, notation.JoinAnd(names))
	return t.note(req, msgUndoAsk+strconv.Itoa(i), text, others)
}

// answerEnd handles `agree` and `refuse` to a pending undo of the move
// that ended the game: one refusal keeps the game over, and it reopens
// once every player but the one who asked agrees.
func (t *Table) answerEnd(req commands.Request, p pending) commands.Reply {
	if !req.Admin && (t.SeatOf(req.User) == nil || req.User == p.undoBy) {
		return commands.Reply{Text: "it is for the other players to answer"}
	}
	if p.undoIndex != t.lastUndoable() {
		return commands.Reply{Text: "the game has moved on since; ask again"}
	}
	p.undoAgreed[req.User] = true
	var missing []string
	for _, u := range t.otherUsers(p.undoBy) {
		if !p.undoAgreed[u] {
			missing = append(missing, u)
		}
	}
	if req.Admin || len(missing) == 0 {
		return t.doUndo(req.User, p.undoIndex)
	}
	names := make([]string, len(missing))
	for k, u := range missing {
		names[k] = t.NameOf(u)
	}
	return t.note(req, msgUndoAgree, fmt.Sprintf("%s agrees to reopen the game; waiting for %s.", t.NameOf(req.User), notation.JoinAnd(names)), missing)
}

// refuseUndoEnd answers a pending undo of the move that ended the game
// with a refusal: the game stays over.
func (t *Table) refuseUndoEnd(req commands.Request, p pending) commands.Reply {
	if !req.Admin && (t.SeatOf(req.User) == nil || req.User == p.undoBy) {
		return commands.Reply{Text: "it is for the other players to answer"}
	}
	return t.note(req, msgUndoRefuse, fmt.Sprintf("%s keeps the result; the game stays over.", t.NameOf(req.User)), []string{p.undoBy})
}

// otherUsers are the users seated at the table other than user, each once,
// in seat order.
func (t *Table) otherUsers(user string) []string {
	var out []string
	seen := map[string]bool{user: true}
	for _, s := range t.Seats {
		if s.User != "" && !seen[s.User] {
			seen[s.User] = true
			out = append(out, s.User)
		}
	}
	return out
}

// endsNow reports whether an `end` from user (an admin when admin) would
// end the game rather than only add a vote.
func (t *Table) endsNow(user string, admin bool) bool {
	if admin {
		return true
	}
	votes := t.pendingRequests().endVotes
	for _, s := range t.Seats {
		if s.User != "" && s.User != user && !votes[s.User] {
			return false
		}
	}
	return true
}

// endConfirmation words why the `end` that would end the game now waits
// for `end confirm`.
func (t *Table) endConfirmation() string {
	return "Saying `end` now ends the game for good, with the values as they stand: " + t.Standings() +
		" Send `end confirm` to end it."
}

// finishedOffer is what a finished game offers: the answers to a pending
// undo of the move that ended it, else nothing.
func (t *Table) finishedOffer() offers.Offer {
	if t.pendingRequests().undoBy == "" {
		return offers.Offer{}
	}
	return offers.Offer{Buttons: []offers.Option{{Label: "Agree to reopen the game", Command: string(notation.Agree)}, {Label: "Refuse", Command: string(notation.Refuse)}}}
}
