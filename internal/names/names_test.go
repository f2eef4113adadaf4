package names

import (
	"errors"
	"strings"
	"testing"
)

// TestLookAlikesAreOneName: names differing only by case, width or
// confusable letters are one name; different names stay different.
func TestLookAlikesAreOneName(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"alice", "alice", true},
		{"alice", "Alice", true},
		{"alice", "ALICE", true},
		{"alice", "\u0430lice", true},      // Cyrillic а
		{"alice", "alic\u0435", true},      // Cyrillic е
		{"alice", "ａｌｉｃｅ", true},           // full width
		{"alice", "al\u0131ce", true},      // dotless ı
		{"alice", "a\u217Cice", true},      // Roman numeral ⅼ
		{"Bob", "B\u043eb", true},          // Cyrillic о
		{"jose", "jos\u0065\u0301", false}, // an accent is a different letter
		{"josé", "jose\u0301", true},       // composed or not
		{"alice", "alicia", false},
		{"alice", "bob", false},
		{"李雷", "李雷", true},
		{"李雷", "韩梅梅", false},
		{"Player 1", "player 1", true},
	} {
		if got := Same(c.a, c.b); got != c.same {
			t.Errorf("Same(%q, %q) = %v, want %v (keys %q, %q)", c.a, c.b, got, c.same, Key(c.a), Key(c.b))
		}
	}
}

// TestCheckBoundsNames: empty, over-long and invisible-character names
// are refused; ordinary names in any script pass.
func TestCheckBoundsNames(t *testing.T) {
	for _, ok := range []string{"alice", "Player 1", "李雷", "Ωμέγα", strings.Repeat("x", MaxRunes)} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "  ", strings.Repeat("x", MaxRunes+1), strings.Repeat("x", 100000), "ali\u202Ecе", "a\x00b", "a\nb"} {
		if err := Check(bad); !errors.Is(err, ErrBadName) {
			t.Errorf("Check(%.40q) = %v, want a refusal", bad, err)
		}
	}
}
