package notation

import (
	"strings"
	"testing"
)

// TestHelpExamplesParse: every command help shows, in any topic, is one the
// bot reads: each example that starts with a word of the notation parses
// (a notification setting through ParseNotify).
func TestHelpExamplesParse(t *testing.T) {
	for _, topic := range HelpTopics() {
		parts := strings.Split(HelpText(topic), "`")
		for i := 1; i < len(parts); i += 2 {
			ex := parts[i]
			if FirstVerb(ex) == "" {
				continue // a part of a command ("3", "H19.2", "with P15")
			}
			var err error
			if IsNotify(ex) {
				_, err = ParseNotify(ex)
			} else {
				_, err = Parse(ex)
			}
			if err != nil {
				t.Errorf("help %q shows %q, which is refused: %v", topic, ex, err)
			}
		}
	}
}
