package render

import (
	"slices"
	"unicode"
)

// The fonts draw runes one by one, left to right. Three scripts players'
// names come in need more to read right: Arabic letters take a form by their
// neighbours (drawn with the presentation forms the Arabic font maps),
// Arabic and Hebrew run right to left, and Devanagari's vowel sign i stands
// before the consonant it follows. shapeText does that much; ligatures and
// conjuncts beyond lam-alef are left to a real shaper.

// shapeText returns s in the order and forms to draw it left to right.
func shapeText(s string) string {
	plain := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0xD0 { // a lead byte of U+0400 and above
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	rs := []rune(s)
	var rtl, deva bool
	for _, r := range rs {
		switch {
		case isRTL(r):
			rtl = true
		case r >= 0x0900 && r <= 0x097F:
			deva = true
		}
	}
	if !rtl && !deva {
		return s
	}
	if deva {
		rs = reorderDevanagari(rs)
	}
	if rtl {
		rs = visualOrder(joinArabic(rs))
	}
	return string(rs)
}

// isRTL reports whether r is a right-to-left letter (Hebrew, Arabic).
func isRTL(r rune) bool {
	return (r >= 0x0590 && r <= 0x08FF) || (r >= 0xFB1D && r <= 0xFDFF) || (r >= 0xFE70 && r <= 0xFEFF)
}

// reorderDevanagari moves each vowel sign i (U+093F) before the consonant
// (with its conjoined consonants) it follows.
func reorderDevanagari(rs []rune) []rune {
	out := slices.Clone(rs)
	for i := 1; i < len(out); i++ {
		if out[i] != 0x093F {
			continue
		}
		j := i - 1
		// Back over consonant + virama pairs: क्षि puts i before क.
		for j >= 2 && out[j-1] == 0x094D && isDevaConsonant(out[j-2]) {
			j -= 2
		}
		copy(out[j+1:i+1], out[j:i])
		out[j] = 0x093F
	}
	return out
}

func isDevaConsonant(r rune) bool {
	return (r >= 0x0915 && r <= 0x0939) || (r >= 0x0958 && r <= 0x095F)
}

// arabicForms gives, for a letter, its isolated presentation form and
// whether it joins on both sides (dual) or only to the letter before it.
// The forms of a dual-joining letter follow as final, initial, medial; a
// right-joining letter has isolated and final only.
var arabicForms = map[rune]struct {
	isol rune
	dual bool
}{
	0x0621: {0xFE80, false}, 0x0622: {0xFE81, false}, 0x0623: {0xFE83, false}, 0x0624: {0xFE85, false},
	0x0625: {0xFE87, false}, 0x0626: {0xFE89, true}, 0x0627: {0xFE8D, false}, 0x0628: {0xFE8F, true},
	0x0629: {0xFE93, false}, 0x062A: {0xFE95, true}, 0x062B: {0xFE99, true}, 0x062C: {0xFE9D, true},
	0x062D: {0xFEA1, true}, 0x062E: {0xFEA5, true}, 0x062F: {0xFEA9, false}, 0x0630: {0xFEAB, false},
	0x0631: {0xFEAD, false}, 0x0632: {0xFEAF, false}, 0x0633: {0xFEB1, true}, 0x0634: {0xFEB5, true},
	0x0635: {0xFEB9, true}, 0x0636: {0xFEBD, true}, 0x0637: {0xFEC1, true}, 0x0638: {0xFEC5, true},
	0x0639: {0xFEC9, true}, 0x063A: {0xFECD, true}, 0x0641: {0xFED1, true}, 0x0642: {0xFED5, true},
	0x0643: {0xFED9, true}, 0x0644: {0xFEDD, true}, 0x0645: {0xFEE1, true}, 0x0646: {0xFEE5, true},
	0x0647: {0xFEE9, true}, 0x0648: {0xFEED, false}, 0x0649: {0xFEEF, false}, 0x064A: {0xFEF1, true},
	// Persian and Urdu letters, in Presentation Forms-A.
	0x067E: {0xFB56, true}, 0x0686: {0xFB7A, true}, 0x0698: {0xFB8A, false}, 0x06A9: {0xFB8E, true},
	0x06AF: {0xFB92, true}, 0x06CC: {0xFBFC, true},
}

// lamAlef gives the isolated lam-alef ligature for each alef after a lam
// (the final form follows it).
var lamAlef = map[rune]rune{0x0622: 0xFEF5, 0x0623: 0xFEF7, 0x0625: 0xFEF9, 0x0627: 0xFEFB}

// transparent reports whether r is an Arabic mark, skipped when letters
// look for their neighbours.
func transparent(r rune) bool {
	return (r >= 0x064B && r <= 0x065F) || r == 0x0670 || (r >= 0x06D6 && r <= 0x06ED)
}

// joinArabic replaces Arabic letters by their contextual presentation forms.
func joinArabic(rs []rune) []rune {
	const tatweel = 0x0640
	joinsNext := func(r rune) bool { f, ok := arabicForms[r]; return r == tatweel || (ok && f.dual) }
	joinsPrev := func(r rune) bool { _, ok := arabicForms[r]; return ok || r == tatweel }
	neighbour := func(i, step int) rune {
		for j := i + step; j >= 0 && j < len(rs); j += step {
			if !transparent(rs[j]) {
				return rs[j]
			}
		}
		return 0
	}
	out := make([]rune, 0, len(rs))
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		f, ok := arabicForms[r]
		if !ok {
			out = append(out, r)
			continue
		}
		prev := joinsNext(neighbour(i, -1))
		if r == 0x0644 {
			if k := i + 1; k < len(rs) {
				if lig, ok := lamAlef[rs[k]]; ok {
					if prev {
						lig++
					}
					out = append(out, lig)
					i++
					continue
				}
			}
		}
		next := f.dual && joinsPrev(neighbour(i, 1))
		switch {
		case prev && next:
			out = append(out, f.isol+3)
		case prev:
			out = append(out, f.isol+1)
		case next:
			out = append(out, f.isol+2)
		default:
			out = append(out, f.isol)
		}
	}
	return out
}

// visualOrder lays a line out left to right: right-to-left runs (letters
// with their marks, and the spaces and punctuation between them) are
// reversed, and if the line starts right to left the runs themselves are
// drawn right to left too. Digits and Latin keep their order.
func visualOrder(rs []rune) []rune {
	strong := func(r rune) int { // 1 RTL, -1 LTR, 0 neutral
		switch {
		case isRTL(r) && !transparent(r):
			return 1
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return -1
		}
		return 0
	}
	base := 0
	for _, r := range rs {
		if base = strong(r); base != 0 {
			break
		}
	}
	// Runs of one direction; neutrals join the run around them if both
	// sides agree, else take the line's direction.
	type run struct {
		rtl bool
		rs  []rune
	}
	dir := make([]int, len(rs))
	for i, r := range rs {
		dir[i] = strong(r)
		if transparent(r) || unicode.Is(unicode.Mn, r) {
			dir[i] = 2 // a mark: goes with its base
		}
	}
	for i := range dir {
		if dir[i] == 2 {
			dir[i] = base
			if i > 0 {
				dir[i] = dir[i-1]
			}
		}
	}
	for i := 0; i < len(dir); i++ {
		if dir[i] != 0 {
			continue
		}
		j := i
		for j < len(dir) && dir[j] == 0 {
			j++
		}
		d := base
		if i > 0 && j < len(dir) && dir[i-1] == dir[j] {
			d = dir[j]
		}
		for k := i; k < j; k++ {
			dir[k] = d
		}
		i = j
	}
	var runs []run
	for i, r := range rs {
		rtl := dir[i] == 1
		if len(runs) == 0 || runs[len(runs)-1].rtl != rtl {
			runs = append(runs, run{rtl: rtl})
		}
		runs[len(runs)-1].rs = append(runs[len(runs)-1].rs, r)
	}
	out := make([]rune, 0, len(rs))
	if base == 1 {
		slices.Reverse(runs)
	}
	for _, ru := range runs {
		if !ru.rtl {
			out = append(out, ru.rs...)
			continue
		}
		// Reverse clusters, a letter keeping its marks after it.
		var clusters [][]rune
		for _, r := range ru.rs {
			if len(clusters) > 0 && (transparent(r) || unicode.Is(unicode.Mn, r)) {
				clusters[len(clusters)-1] = append(clusters[len(clusters)-1], r)
				continue
			}
			clusters = append(clusters, []rune{r})
		}
		for k := len(clusters) - 1; k >= 0; k-- {
			out = append(out, clusters[k]...)
		}
	}
	return out
}
