package bot_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"pbc/bot/discord"
	"pbc/commands/notation"
)

// notSpelledWords are string literals in the core and the adapters that
// equal a command word without being one, each with where and why.
var notSpelledWords = map[string]string{
	"bot/catchup.go moves":      "a noun: \"3 moves by Ann\"",
	"session/do.go moves":       "a noun: \"2 moves\"",
	"bot/choices.go depot":      "a train's seller as the engine names it",
	"bot/choices.go discard":    "the discard pile as the engine names a train's seller",
	"bot/config.go info":        "a log level",
	"bot/health.go ok":          "a health answer",
	"session/import.go player ": "a placeholder name: \"player 3\"",
	"session/broken.go ?":       "the placeholder of an unknown action type",
}

// TestGrammarHasOnePlace: the notation table (notation.Words) is the one
// place the bot's words are written. Every Discord slash subcommand and
// group, help topic and did-you-mean word comes from it, every word in it
// parses, and the core and the adapters (Discord, Slack, the console, the
// playground's server) spell no command word of their own.
func TestGrammarHasOnePlace(t *testing.T) {
	words := notation.Words()
	forms := map[string]bool{}
	groups := map[string]bool{}
	argNames := map[string]bool{}
	typed := map[string]notation.Verb{} // every word typed, to its verb
	for _, w := range words {
		typed[string(w.Verb)] = w.Verb
		for _, a := range w.Aliases {
			typed[a] = w.Verb
		}
		if w.Form != nil {
			forms[w.Form.Name] = true
			groups[w.Form.Group] = true
			for _, a := range w.Form.Args {
				argNames[a.Name] = true
				argNames[string(a.Kind)] = true
			}
		}
	}
	t.Run("slash commands", func(t *testing.T) {
		seen := map[string]bool{}
		var walk func(opts []*discordgo.ApplicationCommandOption)
		walk = func(opts []*discordgo.ApplicationCommandOption) {
			for _, o := range opts {
				switch o.Type {
				case discordgo.ApplicationCommandOptionSubCommandGroup:
					if !groups[o.Name] {
						t.Errorf("slash group %q is no group of the notation", o.Name)
					}
					walk(o.Options)
				case discordgo.ApplicationCommandOptionSubCommand:
					seen[o.Name] = true
					if !forms[o.Name] && o.Name != "do" {
						t.Errorf("slash subcommand %q is no form of the notation", o.Name)
					}
				}
			}
		}
		for _, c := range discord.Commands() {
			walk(c.Options)
		}
		for f := range forms {
			if !seen[f] {
				t.Errorf("the notation's form %q has no slash subcommand", f)
			}
		}
	})
	t.Run("help topics", func(t *testing.T) {
		named := map[string]bool{"": true, "as": true} // the overview; the "X:" prefix
		for _, w := range words {
			if w.Topic == "" {
				continue
			}
			named[w.Topic] = true
			if !slices.Contains(notation.HelpTopics(), w.Topic) {
				t.Errorf("%s's help topic %q is not a topic", w.Verb, w.Topic)
			}
			if got := notation.HelpTopicOf(string(w.Verb)); got != w.Topic {
				t.Errorf("help %s explains %q, want %q", w.Verb, got, w.Topic)
			}
		}
		for _, topic := range notation.HelpTopics() {
			if !named[topic] {
				t.Errorf("help topic %q is the topic of no word of the notation", topic)
			}
		}
	})
	t.Run("suggestions", func(t *testing.T) {
		for _, s := range notation.SuggestionWords() {
			if _, ok := typed[s]; !ok {
				t.Errorf("did-you-mean offers %q, not a word of the notation", s)
			}
		}
	})
	t.Run("every word parses", func(t *testing.T) {
		for word, v := range typed {
			if got := notation.VerbOf(strings.ToUpper(word)); got != v {
				t.Errorf("VerbOf(%q) = %q, want %q", word, got, v)
			}
			cmd, err := notation.Parse(word)
			if err != nil {
				if strings.Contains(err.Error(), "not a command") {
					t.Errorf("Parse(%q): %v", word, err)
				}
				continue // it needs arguments, and says which
			}
			if cmd.Verb != v {
				t.Errorf("Parse(%q) is %s, want %s", word, cmd.Verb, v)
			}
		}
	})
	t.Run("no adapter spells a word", func(t *testing.T) {
		err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel("..", path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				if rel != "." && rel != "bot" && rel != "session" && !strings.HasPrefix(rel, "bot/") && !strings.HasPrefix(rel, "session/") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			ast.Inspect(f, func(n ast.Node) bool {
				b, ok := n.(*ast.BasicLit)
				if !ok || b.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(b.Value)
				if err != nil {
					return true
				}
				head, rest, spaced := strings.Cut(s, " ")
				if _, ok := typed[head]; !ok || argNames[head] || (spaced && rest != "") {
					return true
				}
				if _, ok := notSpelledWords[rel+" "+s]; ok {
					return true
				}
				t.Errorf("%s spells the command word %q: take it from the notation (notation.%s)", rel, s, typed[head])
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
