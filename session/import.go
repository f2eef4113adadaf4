package session

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/internal/names"
	"pbc/storage"
)

// Import opens an 18xx.games game l in channel ch: its seats are named as
// in the log; the importer takes the one with their name, and the others
// are told how to claim theirs. A lost race for the channel is a
// storage.ErrConflict, to be tried again.
func (m *Manager) Import(ctx context.Context, ch storage.Channel, req Request, l *action.GameLog) (Outcome, error) {
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		return refused("That log does not replay here: %v", err), nil
	}
	sg, err := m.store.Import(ctx, ch, req.User.ID, l)
	if errors.Is(err, storage.ErrChannelBusy) {
		return Outcome{}, fmt.Errorf("%w: a game was created meanwhile", storage.ErrConflict)
	}
	if err != nil {
		return refused("The log could not be imported: %v", err), nil
	}
	lead := fmt.Sprintf("Imported %s with %d actions.", l.Title, len(l.Actions))
	if sg.Status == storage.Finished {
		res := m.finishedText(ctx, sg)
		if mine, theirs := g.Result(), l.Result; len(theirs) > 0 && !maps.Equal(mine, theirs) {
			res += fmt.Sprintf(" (Replayed here, the values differ: %s.)", resultText(mine, logNames(l)))
		}
		return Outcome{Game: sg.ID, Changed: true, Finished: true, Text: lead + " " + res}, nil
	}
	seats, err := m.store.Seats(ctx, sg.ID)
	if err != nil {
		return Outcome{}, err
	}
	var names []string
	mine := ""
	for _, s := range seats {
		names = append(names, s.DisplayName)
		if mine == "" && sameName(s.DisplayName, req.User.Name) {
			if _, err := m.store.ReplaceSeat(ctx, sg.ID, s.Order, req.User.ID, req.User.Name); err != nil {
				return Outcome{}, err
			}
			mine = s.DisplayName
		}
	}
	if len(names) == 0 {
		return m.overview(ctx, req, sg, lead)
	}
	lead += " Players: " + strings.Join(names, ", ") + "."
	if mine != "" {
		lead += fmt.Sprintf(" %s, you play %s.", req.User.Name, mine)
	}
	lead += " Everyone else: `join` takes the seat with your name, `join NAME` (e.g. `join " + names[0] +
		"`) the one you name; the creator or an admin can `replace NAME @user` to seat someone."
	return m.overview(ctx, req, sg, lead)
}

// sameName reports whether a player's name in a log is a chat user's name:
// spaces aside, and case, width and look-alike letters (see names.Same).
func sameName(a, b string) bool {
	join := func(s string) string { return strings.Join(strings.Fields(s), "") }
	return a != "" && names.Same(join(a), join(b))
}

// finishedText is the end of a finished game as stored: its final values
// (as the log it came from said, for an import) and why it ended.
func (m *Manager) finishedText(ctx context.Context, sg storage.Game) string {
	names := map[string]string{}
	if seats, err := m.store.Seats(ctx, sg.ID); err == nil {
		for _, s := range seats {
			names[strconv.Itoa(s.PlayerID)] = s.DisplayName
		}
	}
	text := "The game is over: " + resultText(sg.Result, names)
	if sg.EndReason != "" {
		text += " (" + strings.ReplaceAll(sg.EndReason, "_", " ") + ")"
	}
	return text + "."
}

// logNames are a log's player names by id.
func logNames(l *action.GameLog) map[string]string {
	names := map[string]string{}
	for _, p := range l.Players {
		names[strconv.Itoa(p.ID)] = p.Name
	}
	return names
}

// resultText lists final values, highest first.
func resultText(result map[string]int, names map[string]string) string {
	ids := slices.Collect(maps.Keys(result))
	slices.SortFunc(ids, func(a, b string) int {
		if result[a] != result[b] {
			return result[b] - result[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(ids))
	for i, id := range ids {
		name := names[id]
		if name == "" {
			name = "player " + id
		}
		v := result[id]
		if v < 0 { // a player deep in debt: "-$6306", as the game's own replies write it
			parts[i] = fmt.Sprintf("%s -$%d", name, -v)
		} else {
			parts[i] = fmt.Sprintf("%s $%d", name, v)
		}
	}
	return strings.Join(parts, ", ")
}

// LastGame answers `status` in channel ch without an open game: how its
// latest game ended, if it had one (ok false when it had none).
func (m *Manager) LastGame(ctx context.Context, ch storage.Channel) (Outcome, bool, error) {
	gs, err := m.store.ListGames(ctx, storage.Filter{Channel: &ch, Statuses: []storage.Status{storage.Finished}, Limit: 1})
	if err != nil || len(gs) == 0 {
		return Outcome{}, false, err
	}
	sg := gs[0]
	return Outcome{Game: sg.ID, Finished: true, Text: fmt.Sprintf("No game is being played here. The last one, %s, is over: %s",
		sg.Title, strings.TrimPrefix(m.finishedText(ctx, sg), "The game is over: "))}, true, nil
}
