package notation

import (
	"fmt"
	"strings"
)

// ParseError is text that is not a command, with a hint of what would be.
type ParseError struct{ Msg string }

// Error returns the message.
func (e *ParseError) Error() string { return e.Msg }

// parseErr makes a ParseError.
func parseErr(format string, args ...any) error {
	return &ParseError{Msg: fmt.Sprintf(format, args...)}
}

// maxInput bounds the text Parse reads; chat messages are far shorter.
const maxInput = 4000

// chooseWords are choices that may be typed on their own ("double", "money").
var chooseWords = map[string]string{
	"double": "double", "open": "open", "closed": "closed",
	"money": "money", "cash": "money",
	"exchange": "exchange", "remove": "remove",
	"one_share": "one_share", "two_shares": "two_shares",
	"none": "None",
}

// Parse reads one chat command. Words are separated by spaces; case does not
// matter. A leading "!", "/" or "pbc" is ignored, and "X:" or "as X" before
// the command acts for entity X.
func Parse(text string) (*Command, error) {
	if len(text) > maxInput {
		return nil, parseErr("that message is too long for a command")
	}
	if i := strings.IndexAny(text, "\r\n"); i >= 0 && !isImport(text[:i]) {
		text = text[:i]
	}
	words := strings.Fields(text)
	if len(words) > 0 && strings.EqualFold(words[0], "pbc") {
		words = words[1:]
	}
	if len(words) > 0 {
		words[0] = strings.TrimLeft(words[0], "!/")
		if words[0] == "" {
			words = words[1:]
		}
	}
	cmd := &Command{Rotation: -1}
	switch {
	case len(words) >= 1 && strings.HasSuffix(words[0], ":") && len(words[0]) > 1:
		cmd.As = strings.TrimSuffix(words[0], ":")
		words = words[1:]
	case len(words) >= 3 && strings.EqualFold(words[0], "as"):
		cmd.As = strings.TrimSuffix(words[1], ":")
		words = words[2:]
	}
	if len(words) == 0 {
		return nil, parseErr("say what to do, e.g. `pass`, or `help` for the commands")
	}
	head := strings.ToLower(words[0])
	args := words[1:]
	// Two-word forms: "pay off", "auto pass", "buy train", "end game".
	if len(args) > 0 {
		next := strings.ToLower(args[0])
		switch {
		case head == "pay" && next == "off":
			head, args = "payoff", args[1:]
		case head == "auto" && (next == "pass" || next == "buy" || next == "off"):
			head, args = "auto"+next, args[1:]
		case head == "buy" && next == "train":
			head, args = "train", args[1:]
		case head == "end" && next == "game":
			args = args[1:]
		}
	}
	if c, ok := chooseWords[head]; ok && (len(args) == 0 || head == "one_share" || head == "two_shares") {
		cmd.Verb, cmd.Choice = Choose, c
		return cmd, nil
	}
	if head == "one" || head == "two" {
		if len(args) == 1 && strings.HasPrefix(strings.ToLower(args[0]), "share") {
			cmd.Verb, cmd.Choice = Choose, map[string]string{"one": "one_share", "two": "two_shares"}[head]
			return cmd, nil
		}
	}
	verb, ok := aliases[head]
	if !ok {
		if hint := DidYouMean(head, commandWords(), "`"); hint != "" {
			return nil, parseErr("%q is not a command%s; `help` lists them", Clip(words[0]), hint)
		}
		return nil, parseErr("%q is not a command; try `help`", Clip(words[0]))
	}
	cmd.Verb = verb
	if n := len(args); n > 0 && strings.EqualFold(args[n-1], "confirm") && confirmable(verb) {
		cmd.Confirm, args = true, args[:n-1]
	}
	if err := parseArgs(cmd, args, text); err != nil {
		return nil, err
	}
	return cmd, nil
}

// isImport reports whether the first line starts an import (which may span lines).
func isImport(line string) bool {
	f := strings.Fields(line)
	for len(f) > 0 && (strings.EqualFold(f[0], "pbc") || strings.Trim(f[0], "!/") == "") {
		f = f[1:]
	}
	return len(f) > 0 && strings.EqualFold(strings.TrimLeft(f[0], "!/"), "import")
}

// Clip shortens user text quoted back in replies.
func Clip(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}

// parseArgs reads the words after the command word.
func parseArgs(cmd *Command, args []string, text string) error {
	switch cmd.Verb {
	case Bid:
		return parseBid(cmd, args)
	case Buy, Sell:
		return parseShares(cmd, args)
	case Par:
		return parsePar(cmd, args)
	case Lay:
		return parseLay(cmd, args)
	case Cube, Assign, DestToken:
		return parseHexWith(cmd, args)
	case Token, Nominate:
		return parseToken(cmd, args)
	case Run:
		return parseRun(cmd, args)
	case Train:
		return parseTrain(cmd, args)
	case Upgrade, Discard, Acquire, Merge, Company:
		return parseOne(cmd, args)
	case Choose:
		if len(args) == 0 {
			return parseErr("choose what? e.g. `choose 2`")
		}
		cmd.Choice = strings.Join(args, "_")
		if c, ok := chooseWords[strings.ToLower(cmd.Choice)]; ok {
			cmd.Choice = c
		}
		return nil
	case Use:
		if len(args) < 2 {
			return parseErr("say which private and what to do, e.g. `use P21 M5 top`")
		}
		cmd.Target = args[0]
		cmd.Choice = strings.Join(args[1:], "_")
		return nil
	case Issue, Redeem:
		return parseIssue(cmd, args)
	case Payoff, LogView:
		return parseOptionalNumber(cmd, args, "all")
	case AutoBuy:
		return parseAutoBuy(cmd, args)
	case AutoPass:
		return parseAutoPass(cmd, args)
	case Player, Kick:
		if len(args) != 1 {
			return parseErr("say who, e.g. `%s @name`", cmd.Verb)
		}
		cmd.Target = strings.TrimPrefix(args[0], "@")
		return nil
	case Replace:
		if len(args) != 2 && !(len(args) == 3 && strings.EqualFold(args[1], "with")) {
			return parseErr("say who replaces whom, e.g. `replace @old @new`")
		}
		cmd.Target = strings.TrimPrefix(args[0], "@")
		cmd.Items = []string{strings.TrimPrefix(args[len(args)-1], "@")}
		return nil
	case New:
		if len(args) == 0 {
			ex := NewExamples()
			return parseErr("say which game, e.g. `%s` or `%s`", ex[0], ex[3])
		}
		cmd.Target = args[0]
		cmd.Items = args[1:]
		return nil
	case Moves:
		if len(args) == 1 && strings.EqualFold(args[0], "all") {
			cmd.Target = "all"
			return nil
		}
	case MapView:
		// "map Toronto", "map AH8": a region of the board; "map all" is
		// the whole of it, as "map" is.
		cmd.Target = strings.Join(args, " ")
		if strings.EqualFold(cmd.Target, "all") {
			cmd.Target = ""
		}
		return nil
	case Note, Help, Join, Remind, QuietHours, Notifications, Away:
		cmd.Text = strings.Join(args, " ")
		return nil
	case Import:
		_, rest, _ := strings.Cut(text, words(text)[importWord(text)])
		cmd.Text = strings.TrimSpace(rest)
		return nil
	}
	if len(args) > 0 {
		return parseErr("`%s` takes nothing more; %q is extra", cmd.Verb, Clip(args[0]))
	}
	return nil
}

// words splits text like strings.Fields.
func words(text string) []string { return strings.Fields(text) }

// importWord is the index of the word "import" in text.
func importWord(text string) int {
	for i, w := range words(text) {
		if strings.EqualFold(strings.TrimLeft(w, "!/"), "import") {
			return i
		}
	}
	return 0
}
