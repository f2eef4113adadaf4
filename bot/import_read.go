package bot

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"pbc/engine/action"
	"pbc/internal/names"
)

// utf8BOM is the byte-order mark some editors write at the start of a
// UTF-8 file: JSON allows a reader to skip it.
const utf8BOM = "\uFEFF"

// readImport reads an imported log within ImportLimits: a leading
// byte-order mark is skipped, and the players' names are bounded as typed
// ones are and must be distinct names. A problem for the user to fix is
// returned as refusal text.
func readImport(r io.Reader) (*action.GameLog, string, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(len(utf8BOM)); err == nil && string(b) == utf8BOM {
		_, _ = br.Discard(len(utf8BOM))
	}
	l, err := action.ReadGameLogLimited(br, ImportLimits)
	if err != nil {
		return nil, importProblem(err), nil
	}
	if p := importedNamesProblem(l); p != "" {
		return nil, p, nil
	}
	return l, "", nil
}

// importedNamesProblem says what is wrong with a log's player names: one
// that chat could not show as a name, or two that are one name (see
// names.Same), which players could not tell apart.
func importedNamesProblem(l *action.GameLog) string {
	seen := map[string]string{}
	for i, p := range l.Players {
		if err := names.Check(p.Name); err != nil {
			return fmt.Sprintf("That log cannot be imported: player %d's name cannot be used here: %v.",
				i+1, strings.TrimPrefix(err.Error(), names.ErrBadName.Error()+": "))
		}
		key := names.Key(strings.Join(strings.Fields(p.Name), ""))
		if prev, ok := seen[key]; ok {
			return fmt.Sprintf("That log cannot be imported: players %q and %q have names that look the same.", prev, p.Name)
		}
		seen[key] = p.Name
	}
	return ""
}
