package notation

import (
	"strconv"
	"strings"
	"unicode"
)

// The readers of each command's words.

// Number reads a whole number, allowing a leading "$".
func Number(s string) (int, bool) {
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

// parseBid reads "bid M5 100".
func parseBid(cmd *Command, args []string) error {
	if len(args) == 1 { // "bid M5": asks for the amounts; "bid 60": an amount alone (a token auction)
		if n, ok := Number(args[0]); ok {
			cmd.Amount, cmd.HasAmount = n, true
			return nil
		}
		cmd.Target = args[0]
		return nil
	}
	if len(args) != 2 {
		return parseErr("bid on what, and how much? e.g. `bid M5 100` or `bid P7 0`")
	}
	n, ok := Number(args[1])
	if !ok {
		return parseErr("%q is not an amount; e.g. `bid %s 100`", Clip(args[1]), Clip(args[0]))
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
			n, ok := Number(args[i+1])
			if !ok {
				return parseErr("%q is not a price", Clip(args[i+1]))
			}
			cmd.Price, cmd.HasPrice = n, true
			i++
		case strings.Contains(a, "_"):
			cmd.Items = append(cmd.Items, a)
		default:
			if n, ok := Number(strings.TrimSuffix(low, "%")); ok && i > 0 {
				if strings.HasSuffix(low, "%") {
					n /= 10
				}
				cmd.Amount, cmd.HasAmount = n, true
				continue
			}
			if cmd.Target != "" {
				return parseErr("one corporation at a time: %q is extra", Clip(a))
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
		n, ok := Number(args[0])
		if !ok { // "par SWW": asks for the prices
			cmd.Target = args[0]
			return nil
		}
		cmd.Verb, cmd.Choice = Choose, strconv.Itoa(n)
		return nil
	case 2:
		price, _, _ := strings.Cut(args[1], ",")
		n, ok := Number(price)
		if !ok {
			return parseErr("%q is not a share price; e.g. `par %s 70`", Clip(args[1]), Clip(args[0]))
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
		if _, ok := badRotation(strings.ToLower(a)); ok && (len(names) == 2 || !looksLikeHex(a)) {
			return parseErr("rotation must be 0–5, not %q; e.g. `lay 57 D23 r1`", Clip(a))
		}
		if r, ok := rotationWord(strings.ToLower(a)); ok && len(names) == 2 || ok && !looksLikeHex(a) {
			if cmd.Rotation >= 0 {
				return parseErr("one rotation, please")
			}
			cmd.Rotation = r
			continue
		}
		names = append(names, a)
	}
	if len(names) == 1 && looksLikeHex(names[0]) && cmd.Rotation < 0 {
		cmd.Target = names[0] // "lay D23 [with P7]": asks for the tiles
		return nil
	}
	if len(names) != 2 {
		if len(names) > 2 {
			return parseErr("%q is extra; lay a tile like `lay 57 D23 r1`", Clip(names[2]))
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
			if n, ok := Number(rest); ok && n <= 5 {
				return n, true
			}
		}
	}
	return 0, false
}

// badRotation reads a rotation word with a number past 5 ("r9", "@6").
func badRotation(s string) (int, bool) {
	for _, p := range []string{"rotation", "rot", "r", "@"} {
		if rest, ok := strings.CutPrefix(s, p); ok {
			if n, ok := Number(rest); ok && n > 5 {
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
	_, ok := Number(s[i:])
	return ok
}

// looksLikeTile reports whether s can only be a tile ("57", "X20", "PNW1").
func looksLikeTile(s string) bool {
	if _, ok := Number(s); ok {
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
			n, ok := Number(rest[i+1])
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
				n, good := Number(node)
				if !good || n < 1 {
					return parseErr("%q: cities are numbered from 1, e.g. H11.2", Clip(rest[i]))
				}
				cmd.City = n
			}
		case cmd.City == 0:
			n, ok := Number(rest[i])
			if !ok || n < 1 {
				return parseErr("%q is not a city number; e.g. `token %s 2`", Clip(rest[i]), Clip(cmd.Target))
			}
			cmd.City = n
		default:
			return parseErr("%q is extra; e.g. `token H11` or `token H11 2`", Clip(rest[i]))
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
			n, ok := Number(args[i+1])
			if !ok {
				return parseErr("%q is not a price", Clip(args[i+1]))
			}
			cmd.Price, cmd.HasPrice = n, true
			i++
		case low == "as" && i+1 < len(args):
			cmd.Choice = args[i+1]
			i++
		case cmd.Target == "":
			cmd.Target = args[i]
		case !cmd.HasPrice:
			n, ok := Number(args[i])
			if !ok {
				return parseErr("%q is not a price; e.g. `train L-4 from SWW 150`", Clip(args[i]))
			}
			cmd.Price, cmd.HasPrice = n, true
		default:
			return parseErr("%q is extra; e.g. `train 3` or `train L-4 from SWW 150`", Clip(args[i]))
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
		n, ok := Number(rest[len(rest)-1])
		if !ok {
			return parseErr("%q is not a price", Clip(rest[len(rest)-1]))
		}
		cmd.Price, cmd.HasPrice = n, true
		rest = rest[:len(rest)-2]
	}
	for _, a := range rest {
		if strings.Contains(a, "_") {
			cmd.Items = append(cmd.Items, a)
			continue
		}
		n, ok := Number(a)
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
		if n, ok := Number(args[0]); ok && n > 0 {
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
			n, ok := Number(a)
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
