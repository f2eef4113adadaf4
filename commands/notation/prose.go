package notation

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Plural picks the word for n things.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JoinOr lists items as "a, b or c".
func JoinOr(items []string) string { return joinWith(items, " or ") }

// JoinAnd lists items as "a, b and c".
func JoinAnd(items []string) string { return joinWith(items, " and ") }

// joinWith lists items, the last two joined by last.
func joinWith(items []string, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}

// Sentence makes a reply a sentence: a capital first and a full stop last.
func Sentence(s string) string {
	s = Capitalize(strings.TrimSpace(s))
	if s != "" && !strings.ContainsAny(s[len(s)-1:], ".?!") {
		s += "."
	}
	return s
}

// Capitalize gives the first letter its title case: a whole rune, so that
// "émile" is "Émile"; letters of scripts without case stay as they are.
func Capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	t := unicode.ToTitle(r)
	if t == r {
		return s
	}
	return string(t) + s[n:]
}
