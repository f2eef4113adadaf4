package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/internal/names"
	"pbc/storage"
)

// ImportLimits bound the 18xx.games logs `import` accepts (a file attached
// to the message, or the JSON in it).
var ImportLimits = action.DefaultLimits

// isImportText reports whether a message is an import, whose JSON may be
// far longer than a command and span lines; the rest is what follows the
// word.
func isImportText(text string) (rest string, ok bool) {
	t := strings.TrimSpace(text)
	word, rest, _ := strings.Cut(t, " ")
	if i := strings.IndexAny(word, "\r\n"); i >= 0 {
		word, rest = word[:i], t[i:]
	}
	if notation.VerbOf(strings.TrimLeft(word, "!/")) != notation.Import {
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// importSource reads the log an `import` brings: the attached file (the
// first JSON one, else the first), or the JSON written after the word. A
// problem for the user to fix is returned as refusal text.
func importSource(ctx context.Context, text string, files []Attachment) (*action.GameLog, string, error) {
	text = strings.TrimSpace(text)
	if text == "" && len(files) == 0 {
		return nil, "Attach the game's JSON file to `import` (on 18xx.games: the game's page, Tools, Export JSON).", nil
	}
	if len(files) == 0 {
		text = strings.TrimPrefix(strings.TrimSuffix(text, "```"), "```json")
		text = strings.TrimPrefix(text, "```")
		return readImport(strings.NewReader(text))
	}
	f := files[0]
	for _, a := range files {
		if strings.EqualFold(path.Ext(a.Name), ".json") || strings.Contains(a.Type, "json") {
			f = a
			break
		}
	}
	if f.Size > ImportLimits.Bytes {
		return nil, importProblem(fmt.Errorf("%w: %s is %d bytes; at most %d are accepted",
			action.ErrLimit, f.Name, f.Size, ImportLimits.Bytes)), nil
	}
	if f.Open == nil {
		return nil, "", fmt.Errorf("attachment %q cannot be opened", f.Name)
	}
	rc, err := f.Open(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("opening attachment %q: %w", f.Name, err)
	}
	defer rc.Close()
	return readImport(rc)
}

// importProblem says why a log was not taken.
func importProblem(err error) string {
	if errors.Is(err, action.ErrLimit) {
		return fmt.Sprintf("That log cannot be imported: %v.", strings.TrimPrefix(err.Error(), action.ErrLimit.Error()+": "))
	}
	return fmt.Sprintf("That is not an 18xx.games game log (export it from the game's page as JSON): %v", err)
}

// importGame opens an 18xx.games game in the channel: its seats are named
// as in the log; the importer takes the one with their name, and the
// others are told how to claim theirs.
func (d *Dispatcher) importGame(ctx context.Context, r Request, cmd *notation.Command) (Result, error) {
	l, problem, err := importSource(ctx, cmd.Text, r.Attachments)
	if err != nil || problem != "" {
		if err != nil {
			return Result{}, err
		}
		return refused("%s", problem), nil
	}
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		return refused("That log does not replay here: %v", err), nil
	}
	sg, err := d.Store.Import(ctx, r.Channel, r.User.ID, l)
	if errors.Is(err, storage.ErrChannelBusy) {
		return Result{}, fmt.Errorf("%w: a game was created meanwhile", storage.ErrConflict)
	}
	if err != nil {
		return refused("The log could not be imported: %v", err), nil
	}
	lead := fmt.Sprintf("Imported %s with %d actions.", l.Title, len(l.Actions))
	if sg.Status == storage.Finished {
		res := d.finishedText(ctx, sg)
		if mine, theirs := g.Result(), l.Result; len(theirs) > 0 && !maps.Equal(mine, theirs) {
			res += fmt.Sprintf(" (Replayed here, the values differ: %s.)", resultText(mine, seatNames(l)))
		}
		return Result{Game: sg.ID, Changed: true, Finished: true, Text: lead + " " + res}, nil
	}
	seats, err := d.Store.Seats(ctx, sg.ID)
	if err != nil {
		return Result{}, err
	}
	var names []string
	mine := ""
	for _, s := range seats {
		names = append(names, s.DisplayName)
		if mine == "" && sameName(s.DisplayName, r.User.Name) {
			if _, err := d.Store.ReplaceSeat(ctx, sg.ID, s.Order, r.User.ID, r.User.Name); err != nil {
				return Result{}, err
			}
			mine = s.DisplayName
		}
	}
	if len(names) == 0 {
		return d.overview(ctx, r, sg, lead)
	}
	lead += " Players: " + strings.Join(names, ", ") + "."
	if mine != "" {
		lead += fmt.Sprintf(" %s, you play %s.", r.User.Name, mine)
	}
	lead += " Everyone else: `join` takes the seat with your name, `join NAME` (e.g. `join " + names[0] +
		"`) the one you name; the creator or an admin can `replace NAME @user` to seat someone."
	return d.overview(ctx, r, sg, lead)
}

// sameName reports whether a player's name in a log is a chat user's name:
// spaces aside, and case, width and look-alike letters (see names.Same).
func sameName(a, b string) bool {
	join := func(s string) string { return strings.Join(strings.Fields(s), "") }
	return a != "" && names.Same(join(a), join(b))
}

// joinByName writes a bare `join` in an imported game as `join NAME` when a
// free seat has the sender's name, so that it takes that seat rather than
// the first free one.
func (d *Dispatcher) joinByName(ctx context.Context, r Request, id storage.GameID, cmd *notation.Command) (Request, *notation.Command) {
	if cmd == nil || cmd.Verb != notation.Join || cmd.Text != "" || r.User.Name == "" {
		return r, cmd
	}
	seats, err := d.Store.Seats(ctx, id)
	if err != nil {
		return r, cmd
	}
	for _, s := range seats {
		if s.UserID == "" && sameName(s.DisplayName, r.User.Name) {
			c := *cmd
			c.Text = s.DisplayName
			r.Text = string(notation.Join) + " " + s.DisplayName
			return r, &c
		}
	}
	return r, cmd
}

// finishedText is the end of a finished game as stored: its final values
// (as the log it came from said, for an import) and why it ended.
func (d *Dispatcher) finishedText(ctx context.Context, sg storage.Game) string {
	names := map[string]string{}
	if seats, err := d.Store.Seats(ctx, sg.ID); err == nil {
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

// seatNames are a log's player names by id.
func seatNames(l *action.GameLog) map[string]string {
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

// lastGame answers `status` in a channel without an open game: how its
// latest game ended, if it had one.
func (d *Dispatcher) lastGame(ctx context.Context, r Request) (Result, bool, error) {
	ch := r.Channel
	gs, err := d.Store.ListGames(ctx, storage.Filter{Channel: &ch, Statuses: []storage.Status{storage.Finished}, Limit: 1})
	if err != nil || len(gs) == 0 {
		return Result{}, false, err
	}
	sg := gs[0]
	return Result{Game: sg.ID, Finished: true, Text: fmt.Sprintf("No game is being played here. The last one, %s, is over: %s",
		sg.Title, strings.TrimPrefix(d.finishedText(ctx, sg), "The game is over: "))}, true, nil
}
