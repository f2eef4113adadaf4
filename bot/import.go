package bot

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"pbc/commands/notation"
	"pbc/engine/action"
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

// importGame reads the log an `import` brings and hands it to the session,
// which opens the game in the channel.
func (d *Dispatcher) importGame(ctx context.Context, r Request, cmd *notation.Command) (Result, error) {
	l, problem, err := importSource(ctx, cmd.Text, r.Attachments)
	if err != nil || problem != "" {
		if err != nil {
			return Result{}, err
		}
		return refused("%s", problem), nil
	}
	return d.Sessions().Import(ctx, r.Channel, d.request(r, cmd), l)
}
