package slack

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// maxText is the most characters the adapter puts in one message: a
// section block's text is limited to 3,000 (a message's text to 40,000,
// but Slack advises under 4,000), so every part fits both.
const maxText = 3000

// botMarkup matches what the bot writes on purpose in Slack's markup: user
// mentions and channel references. Everything else is escaped.
var botMarkup = regexp.MustCompile(`<@[UW][A-Z0-9]+>|<#[CGD][A-Z0-9]+>`)

// escaper writes &, < and > as Slack's entities.
var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// escape makes text safe for Slack's markup: &, < and > (from names and
// commands users typed) become entities, so that a name like "<!channel>"
// pings nobody, while the mentions the bot wrote stay mentions.
func escape(text string) string {
	var b strings.Builder
	last := 0
	for _, m := range botMarkup.FindAllStringIndex(text, -1) {
		b.WriteString(escaper.Replace(text[last:m[0]]))
		b.WriteString(text[m[0]:m[1]])
		last = m[1]
	}
	b.WriteString(escaper.Replace(text[last:]))
	return b.String()
}

// split cuts text into parts of at most limit characters, at a line break
// if one is in the second half of a part, else at a space, else anywhere
// outside an entity or a mention.
func split(text string, limit int) []string {
	var out []string
	for utf8.RuneCountInString(text) > limit {
		cut := runeOffset(text, limit)
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
