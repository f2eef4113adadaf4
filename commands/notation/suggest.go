package notation

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Did-you-mean hints for near misses: a typed command word, company, hex or
// tile that is one or two edits from a real one.

// EditDistance is the optimal string alignment distance between a and b,
// without regard to case: insertions, deletions, substitutions and swaps of
// neighbours each cost one ("D32" is one swap from "D23").
func EditDistance(a, b string) int {
	ra, rb := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	// Three rows suffice: the swap looks two back.
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// maxSuggestions bounds the names a hint offers.
const maxSuggestions = 3

// nearest lists the candidates closest to typed, if close enough: one edit
// for names of up to four letters, two for longer ones. Exact matches
// (without regard to case) are not near misses and are left out.
func nearest(typed string, candidates []string) []string {
	n := utf8.RuneCountInString(typed)
	if n < 2 || n > 40 {
		return nil
	}
	limit := 1
	if n > 4 {
		limit = 2
	}
	best := limit + 1
	var out []string
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] || strings.EqualFold(c, typed) {
			continue
		}
		seen[c] = true
		d := EditDistance(typed, c)
		switch {
		case d > limit:
		case d < best:
			best, out = d, []string{c}
		case d == best:
			out = append(out, c)
		}
	}
	sort.Strings(out)
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// DidYouMean is " (did you mean X?)" naming the candidates nearest typed,
// each as quote wraps it, or "" when none is near.
func DidYouMean(typed string, candidates []string, quote string) string {
	near := nearest(typed, candidates)
	if len(near) == 0 {
		return ""
	}
	for i, s := range near {
		near[i] = quote + s + quote
	}
	return " (did you mean " + JoinOr(near) + "?)"
}

// commandWords are the command words worth suggesting: one-letter aliases
// and symbols are left out, since any short typo is near them.
func commandWords() []string {
	var out []string
	for w := range aliases {
		if len(w) > 2 {
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return out
}
