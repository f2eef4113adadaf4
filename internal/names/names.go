// Package names compares the names players are known by. Two names are
// one name when they differ only by case, by width (full-width ａ is a),
// by Unicode normalization, or by letters that look alike under Unicode's
// confusable rules (Cyrillic а is Latin a, dotless ı is i): a player must
// not be able to pass for another in chat or in a seat list. It also
// bounds a name, typed or imported, to what chat shows as one name.
package names

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/mtibben/confusables"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// MaxRunes is the longest name accepted, as Discord's display names.
const MaxRunes = 32

var folder = cases.Fold()

// Key is the form names are compared in: Same(a, b) is Key(a) == Key(b).
// It is compatibility-normalized (width), case-folded, and mapped to its
// confusable skeleton (UTS #39), repeated until it no longer changes, as a
// skeleton may hold capitals that fold further.
func Key(name string) string {
	s := norm.NFKC.String(strings.TrimSpace(name))
	for range 4 {
		next := norm.NFC.String(confusables.Skeleton(folder.String(s)))
		next = norm.NFKC.String(next)
		if next == s {
			break
		}
		s = next
	}
	return s
}

// Same reports whether two names are one name.
func Same(a, b string) bool { return Key(a) == Key(b) }

// ErrBadName is what every Check refusal wraps.
var ErrBadName = errors.New("not a usable name")

// Check refuses a name chat cannot show as one name: empty, longer than
// MaxRunes, or holding control or formatting characters (such as those
// that reverse the text after them).
func Check(name string) error {
	n := 0
	for _, r := range name {
		n++
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == unicode.ReplacementChar {
			return fmt.Errorf("%w: it holds the invisible character U+%04X", ErrBadName, r)
		}
	}
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("%w: it is empty", ErrBadName)
	case n > MaxRunes:
		return fmt.Errorf("%w: it has %d characters; at most %d are accepted", ErrBadName, n, MaxRunes)
	}
	return nil
}
