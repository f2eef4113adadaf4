package commands

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// ParseError is text that is not a command, with a hint of what would be.
type ParseError struct{ Msg string }

func (e *ParseError) Error() string { return e.Msg }

func parseErr(format string, args ...any) error {
	return &ParseError{Msg: fmt.Sprintf(format, args...)}
}

// maxInput bounds the text Parse reads; chat messages are far shorter.
const maxInput = 4000

// aliases maps every accepted command word to its verb.
var aliases = map[string]Verb{
	"bid": Bid, "b": Bid,
	"buy":  Buy,
	"sell": Sell,
	"par":  Par, "ipo": Par,
	"lay": Lay, "tile": Lay, "build": Lay, "upgradetile": Lay,
	"cube": Cube, "bc": Cube, "cubes": Cube,
	"token": Token, "tok": Token, "station": Token,
	"destination": DestToken, "dest": DestToken,
	"run": Run, "routes": Run, "route": Run,
	"pay": Payout, "payout": Payout, "full": Payout,
	"half":     Half,
	"withhold": Withhold, "keep": Withhold, "hold": Withhold,
	"train": Train, "buytrain": Train, "bt": Train,
	"upgrade": Upgrade,
	"acquire": Acquire, "acq": Acquire, "take": Acquire,
	"merge":  Merge,
	"choose": Choose, "choice": Choose, "pick": Choose,
	"use": Use, "ability": Use,
	"assign": Assign,
	"issue":  Issue,
	"redeem": Redeem,
	"payoff": Payoff, "repay": Payoff,
	"discard": Discard, "drop": Discard,
	"pass": Pass, "p": Pass, "done": Pass, "skip": Pass,
	"undo": Undo, "redo": Redo,
	"note":     Note,
	"autopass": AutoPass, "autobuy": AutoBuy, "autooff": AutoOff,
	"status": Status, "st": Status, "where": Status,
	"map": MapView, "board": MapView,
	"market": Market, "stock": Market, "prices": Market,
	"company": Company, "corp": Company, "info": Company, "private": Company, "minor": Company,
	"player": Player, "whois": Player,
	"trains": Trains, "depot": Trains,
	"tiles": Tiles,
	"log":   LogView, "history": LogView,
	"moves": Moves, "options": Moves, "what": Moves,
	"games": Games, "mygames": Games,
	"help": Help, "?": Help, "commands": Help,
	"new": New, "create": New,
	"join": Join, "sit": Join,
	"leave": Leave,
	"start": Start, "begin": Start,
	"kick":    Kick,
	"replace": Replace,
	"end":     End,
	"import":  Import,
	"agree":   Agree, "yes": Agree, "ok": Agree, "accept": Agree,
	"refuse": Refuse, "no": Refuse, "deny": Refuse,
}

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
		return nil, parseErr("%q is not a command; try `help`", clip(words[0]))
	}
	cmd.Verb = verb
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

// clip shortens user text quoted back in replies.
func clip(s string) string {
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
	case Token:
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
			return parseErr("say which game, e.g. `new 1822PNW` or `new 1822CA wrs`")
		}
		cmd.Target = args[0]
		cmd.Items = args[1:]
		return nil
	case Note, Help, Join:
		cmd.Text = strings.Join(args, " ")
		return nil
	case Import:
		_, rest, _ := strings.Cut(text, words(text)[importWord(text)])
		cmd.Text = strings.TrimSpace(rest)
		return nil
	}
	if len(args) > 0 {
		return parseErr("`%s` takes nothing more; %q is extra", cmd.Verb, clip(args[0]))
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

// number reads a whole number, allowing a leading "$".
func number(s string) (int, bool) {
	s = strings.TrimPrefix(s, "$")
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

func parseBid(cmd *Command, args []string) error {
	if len(args) != 2 {
		return parseErr("bid on what, and how much? e.g. `bid M5 100` or `bid P7 0`")
	}
	n, ok := number(args[1])
	if !ok {
		return parseErr("%q is not an amount; e.g. `bid %s 100`", clip(args[1]), clip(args[0]))
	}
	cmd.Target, cmd.Amount, cmd.HasAmount = args[0], n, true
	return nil
}

// parseShares reads "buy SWW [pool]", "buy SWW_3 SWW_4", "sell SWW 2".
func parseShares(cmd *Command, args []string) error {
	if len(args) == 0 {
		return parseErr("%s which shares? e.g. `%s SWW`", cmd.Verb, cmd.Verb)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		low := strings.ToLower(a)
		switch {
		case low == "pool" || low == "market" || low == "from":
			if low == "from" {
				continue
			}
			cmd.Pool = true
		case low == "ipo" || low == "treasury":
		case low == "at" && i+1 < len(args):
			n, ok := number(args[i+1])
			if !ok {
				return parseErr("%q is not a price", clip(args[i+1]))
			}
			cmd.Price, cmd.HasPrice = n, true
			i++
		case strings.Contains(a, "_"):
			cmd.Items = append(cmd.Items, a)
		default:
			if n, ok := number(strings.TrimSuffix(low, "%")); ok && i > 0 {
				if strings.HasSuffix(low, "%") {
					n /= 10
				}
				cmd.Amount, cmd.HasAmount = n, true
				continue
			}
			if cmd.Target != "" {
				return parseErr("one corporation at a time: %q is extra", clip(a))
			}
			cmd.Target = a
		}
	}
	if cmd.Target == "" && len(cmd.Items) == 0 {
		return parseErr("%s which shares? e.g. `%s SWW`", cmd.Verb, cmd.Verb)
	}
	return nil
}

// parsePar reads "par SWW 70" (or a stock cell "70,0,5"), and "par 70" in a merger.
func parsePar(cmd *Command, args []string) error {
	switch len(args) {
	case 1:
		n, ok := number(args[0])
		if !ok {
			return parseErr("par which corporation at what price? e.g. `par SWW 70`")
		}
		cmd.Verb, cmd.Choice = Choose, strconv.Itoa(n)
		return nil
	case 2:
		price, _, _ := strings.Cut(args[1], ",")
		n, ok := number(price)
		if !ok {
			return parseErr("%q is not a share price; e.g. `par %s 70`", clip(args[1]), clip(args[0]))
		}
		cmd.Target, cmd.Amount, cmd.HasAmount = args[0], n, true
		if strings.Contains(args[1], ",") {
			cmd.Choice = args[1]
		}
		return nil
	}
	return parseErr("par which corporation at what price? e.g. `par SWW 70`")
}

// parseLay reads "lay 57 D23 r1 [with P11 P7]"; the rotation may be
// omitted and the hex may come first ("lay D23 57").
func parseLay(cmd *Command, args []string) error {
	rest, with := splitWith(args)
	cmd.With = with
	var names []string
	for _, a := range rest {
		if r, ok := rotationWord(strings.ToLower(a)); ok && len(names) == 2 || ok && !looksLikeHex(a) {
			if cmd.Rotation >= 0 {
				return parseErr("one rotation, please")
			}
			cmd.Rotation = r
			continue
		}
		names = append(names, a)
	}
	if len(names) != 2 {
		if len(names) > 2 {
			return parseErr("%q is extra; lay a tile like `lay 57 D23 r1`", clip(names[2]))
		}
		return parseErr("lay which tile where? e.g. `lay 57 D23 r1`")
	}
	tile, hex := names[0], names[1]
	if looksLikeHex(tile) && !looksLikeTile(tile) && looksLikeTile(hex) {
		tile, hex = hex, tile
	}
	cmd.Items, cmd.Target = []string{tile}, hex
	return nil
}

// rotationWord reads "r3", "rot3", "rotation3" or "@3".
func rotationWord(s string) (int, bool) {
	for _, p := range []string{"rotation", "rot", "r", "@"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			if n, ok := number(rest); ok && n <= 5 {
				return n, true
			}
		}
	}
	return 0, false
}

// looksLikeHex reports whether s is letters then digits ("D23", "AG13", "a6").
func looksLikeHex(s string) bool {
	i := 0
	for i < len(s) && unicode.IsLetter(rune(s[i])) && s[i] < 128 {
		i++
	}
	if i == 0 || i > 2 || i == len(s) {
		return false
	}
	_, ok := number(s[i:])
	return ok
}

// looksLikeTile reports whether s can only be a tile ("57", "X20", "PNW1").
func looksLikeTile(s string) bool {
	if _, ok := number(s); ok {
		return true
	}
	return strings.Contains(s, "-")
}

// splitWith separates "with A B" / "using A" / "via A" from the other words.
func splitWith(args []string) (rest, with []string) {
	for i, a := range args {
		switch strings.ToLower(a) {
		case "with", "using", "by":
			for _, w := range args[i+1:] {
				for _, p := range strings.FieldsFunc(w, func(r rune) bool { return r == '+' || r == ',' }) {
					with = append(with, p)
				}
			}
			return args[:i], with
		}
	}
	return args, nil
}

// parseHexWith reads "cube D23 [with P10]", "assign D11 [with P15]", "destination Q3".
func parseHexWith(cmd *Command, args []string) error {
	rest, with := splitWith(args)
	if len(rest) != 1 {
		return parseErr("`%s` needs one hex, e.g. `%s D23`", cmd.Verb, cmd.Verb)
	}
	cmd.Target, cmd.With = rest[0], with
	return nil
}

// parseToken reads "token H11", "token H11 2", "token H11 city 2 slot 1 [dest] [with P10]".
func parseToken(cmd *Command, args []string) error {
	rest, with := splitWith(args)
	cmd.With = with
	for i := 0; i < len(rest); i++ {
		low := strings.ToLower(rest[i])
		switch {
		case low == "dest" || low == "destination":
			cmd.Choice = "destination"
		case (low == "city" || low == "slot") && i+1 < len(rest):
			n, ok := number(rest[i+1])
			if !ok || n < 1 {
				return parseErr("%s numbers start at 1", low)
			}
			if low == "city" {
				cmd.City = n
			} else {
				cmd.Slot = n
			}
			i++
		case cmd.Target == "":
			hex, node, ok := strings.Cut(rest[i], ".")
			cmd.Target = hex
			if ok {
				n, good := number(node)
				if !good || n < 1 {
					return parseErr("%q: cities are numbered from 1, e.g. H11.2", clip(rest[i]))
				}
				cmd.City = n
			}
		case cmd.City == 0:
			n, ok := number(rest[i])
			if !ok || n < 1 {
				return parseErr("%q is not a city number; e.g. `token %s 2`", clip(rest[i]), clip(cmd.Target))
			}
			cmd.City = n
		default:
			return parseErr("%q is extra; e.g. `token H11` or `token H11 2`", clip(rest[i]))
		}
	}
	if cmd.Target == "" {
		return parseErr("token where? e.g. `token H11`")
	}
	return nil
}

// parseTrain reads "train 3", "train L-4 from SWW 150", "train 3 pool", "train E".
func parseTrain(cmd *Command, args []string) error {
	for i := 0; i < len(args); i++ {
		low := strings.ToLower(args[i])
		switch {
		case low == "pool" || low == "discarded" || low == "used":
			cmd.Pool = true
		case low == "from" && i+1 < len(args):
			cmd.From = args[i+1]
			i++
		case (low == "for" || low == "at") && i+1 < len(args):
			n, ok := number(args[i+1])
			if !ok {
				return parseErr("%q is not a price", clip(args[i+1]))
			}
			cmd.Price, cmd.HasPrice = n, true
			i++
		case low == "as" && i+1 < len(args):
			cmd.Choice = args[i+1]
			i++
		case cmd.Target == "":
			cmd.Target = args[i]
		case !cmd.HasPrice:
			n, ok := number(args[i])
			if !ok {
				return parseErr("%q is not a price; e.g. `train L-4 from SWW 150`", clip(args[i]))
			}
			cmd.Price, cmd.HasPrice = n, true
		default:
			return parseErr("%q is extra; e.g. `train 3` or `train L-4 from SWW 150`", clip(args[i]))
		}
	}
	if cmd.Target == "" {
		return parseErr("which train? e.g. `train 3`")
	}
	return nil
}

// parseOne reads exactly one word.
func parseOne(cmd *Command, args []string) error {
	if len(args) != 1 {
		ex := map[Verb]string{Upgrade: "upgrade L-4", Discard: "discard 3-1", Acquire: "acquire P7",
			Merge: "merge 8", Company: "company SWW"}[cmd.Verb]
		return parseErr("`%s` needs one name, e.g. `%s`", cmd.Verb, ex)
	}
	cmd.Target = args[0]
	return nil
}

// parseIssue reads "issue 2 [at 45]", "redeem 1".
func parseIssue(cmd *Command, args []string) error {
	rest := args
	if len(rest) >= 2 && strings.EqualFold(rest[len(rest)-2], "at") {
		n, ok := number(rest[len(rest)-1])
		if !ok {
			return parseErr("%q is not a price", clip(rest[len(rest)-1]))
		}
		cmd.Price, cmd.HasPrice = n, true
		rest = rest[:len(rest)-2]
	}
	for _, a := range rest {
		if strings.Contains(a, "_") {
			cmd.Items = append(cmd.Items, a)
			continue
		}
		n, ok := number(a)
		if !ok || cmd.HasAmount || n < 1 {
			return parseErr("how many shares? e.g. `%s 2`", cmd.Verb)
		}
		cmd.Amount, cmd.HasAmount = n, true
	}
	if !cmd.HasAmount && len(cmd.Items) == 0 {
		cmd.Amount, cmd.HasAmount = 1, true
	}
	return nil
}

// parseOptionalNumber reads "payoff", "payoff 100", "payoff all", "log 20".
func parseOptionalNumber(cmd *Command, args []string, all string) error {
	if len(args) == 0 || (len(args) == 1 && strings.EqualFold(args[0], all)) {
		return nil
	}
	if len(args) == 1 {
		if n, ok := number(args[0]); ok && n > 0 {
			cmd.Amount, cmd.HasAmount = n, true
			return nil
		}
	}
	return parseErr("`%s` takes a number, e.g. `%s 100`", cmd.Verb, cmd.Verb)
}

// parseAutoBuy reads "autobuy GWR [3|float] [pool] [then pass]".
func parseAutoBuy(cmd *Command, args []string) error {
	for _, a := range args {
		low := strings.ToLower(a)
		switch {
		case low == "pool" || low == "market":
			cmd.Pool = true
		case low == "float":
			cmd.Choice = "float"
		case low == "then" || low == "pass":
			cmd.Text = "pass"
		case cmd.Target == "":
			cmd.Target = a
		default:
			n, ok := number(a)
			if !ok || cmd.HasAmount {
				return parseErr("e.g. `autobuy GWR 3` or `autobuy PGE float`")
			}
			cmd.Amount, cmd.HasAmount = n, true
		}
	}
	if cmd.Target == "" || (!cmd.HasAmount && cmd.Choice == "") {
		return parseErr("e.g. `autobuy GWR 3` or `autobuy PGE float`")
	}
	return nil
}
