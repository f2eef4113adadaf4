package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"pbc/bot"
	"pbc/commands/notation"
)

// tooLong stands for a line over the limit in the lines read; no line
// read can hold a NUL byte and be mistaken for it.
const tooLong = "\x00too long"

// maxLine is the longest line read: an import's JSON pasted whole.
func maxLine() int { return int(bot.ImportLimits.Bytes) + len(notation.Import) + 1 }

// readLines sends in's lines to out (without their end of line) until in
// ends, ctx ends, or reading fails; a line over max bytes is skipped and
// sent as tooLong, without holding more than max bytes of it.
func readLines(ctx context.Context, in io.Reader, max int, out chan<- string) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var line []byte
	over := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !over {
			if len(line)+len(chunk) > max+2 { // "\r\n" aside
				over, line = true, line[:0]
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(chunk) > 0 || len(line) > 0 || over {
			text := strings.TrimRight(string(line), "\r\n")
			if over {
				text = tooLong
			}
			select {
			case out <- text:
			case <-ctx.Done():
				return nil
			}
		}
		line, over = line[:0], false
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// importFile turns `import PATH` into an import of that file, sent as an
// attachment like a chat platform's; other lines (JSON after `import`
// among them) are sent as they are. A file that cannot be read is a
// problem to tell the user.
func importFile(line string) (string, []bot.Attachment, string) {
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	if notation.VerbOf(word) != notation.Import || rest == "" || strings.HasPrefix(rest, "{") || strings.HasPrefix(rest, "`") {
		return line, nil, ""
	}
	path := rest
	if home, err := os.UserHomeDir(); err == nil && strings.HasPrefix(path, "~/") {
		path = filepath.Join(home, path[2:])
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", nil, fmt.Sprintf("cannot read %s: %v", rest, err)
	}
	if !fi.Mode().IsRegular() {
		return "", nil, fmt.Sprintf("%s is not a file", rest)
	}
	return string(notation.Import), []bot.Attachment{{
		Name: filepath.Base(path), Type: "application/json", Size: fi.Size(),
		Open: func(context.Context) (io.ReadCloser, error) { return os.Open(path) },
	}}, ""
}
