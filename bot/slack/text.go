package slack

import (
	"strings"
)

// maxText is the most characters the adapter puts in one message: a
// section block's text is limited to 3,000 (a message's text to 40,000,
// but Slack advises under 4,000), so every part fits both.
const maxText = 3000

// escape makes text safe for Slack's markup: &, < and > (from names and
// commands users typed) become entities, so that a name like "<!channel>"
// pings nobody, while what the bot writes on purpose stays markup: user
// mentions (<@U…>, <@W…>) and channel references (<#C…>, <#G…>, <#D…>).
func escape(text string) string {
	if !strings.ContainsAny(text, "&<>") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	for {
		i := strings.IndexAny(text, "&<>")
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		n := 1
		switch text[i] {
		case '&':
			b.WriteString("&amp;")
		case '>':
			b.WriteString("&gt;")
		case '<':
			if n = markup(text[i:]); n > 0 {
				b.WriteString(text[i : i+n])
			} else {
				n = 1
				b.WriteString("&lt;")
			}
		}
		text = text[i+n:]
	}
}

// markup is the length of the mention or channel reference s starts with,
// or 0.
func markup(s string) int {
	if len(s) < 4 {
		return 0
	}
	switch {
	case s[1] == '@' && (s[2] == 'U' || s[2] == 'W'):
	case s[1] == '#' && (s[2] == 'C' || s[2] == 'G' || s[2] == 'D'):
	default:
		return 0
	}
	for i := 3; i < len(s); i++ {
		switch c := s[i]; {
		case c == '>':
			if i > 3 {
				return i + 1
			}
			return 0
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return 0
		}
	}
	return 0
}

// split cuts text into parts of at most limit characters, at a line break
// if one is in the second half of a part, else at a space, else anywhere
// outside an entity or a mention.
func split(text string, limit int) []string {
	var out []string
	for len(text) > limit { // bytes: at least as many as characters
		cut := runeOffset(text, limit)
		if cut == len(text) {
			break
		}
		i := strings.LastIndexByte(text[:cut], '\n')
		if i < cut/2 {
			if j := strings.LastIndexByte(text[:cut], ' '); j >= cut/2 {
				i = j
			}
		}
		if i <= 0 {
			i = safeCut(text, cut)
		}
		out = append(out, strings.TrimRight(text[:i], " \n"))
		text = strings.TrimLeft(text[i:], " \n")
	}
	if text != "" || len(out) == 0 {
		out = append(out, text)
	}
	return out
}

// runeOffset is the byte offset of the n-th rune of s.
func runeOffset(s string, n int) int {
	for i := range s {
		if n == 0 {
			return i
		}
		n--
	}
	return len(s)
}

// safeCut moves a cut at byte cut of s back before an entity or a mention
// it would break.
func safeCut(s string, cut int) int {
	from := max(0, cut-24)
	if i := strings.LastIndexAny(s[from:cut], "&<"); i >= 0 {
		open := from + i
		if !strings.ContainsAny(s[open:cut], ";>") && open > 0 {
			return open
		}
	}
	return cut
}
