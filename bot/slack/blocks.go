package slack

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/commands/notation"
)

// actionPrefix marks the action ids of the bot's components.
const actionPrefix = "pbc"

// Block Kit limits the layout keeps to.
const (
	maxButtons     = 25  // elements of an actions block
	maxMenus       = 10  // menus under one message (of 50 blocks)
	maxStatic      = 100 // options of a static select
	maxOptionText  = 75  // an option's text and description
	maxOptionValue = 150 // an option's value
	maxLabel       = 75  // a button's text
	maxPlaceholder = 150
)

// hasComponents reports whether a reply offers choices.
func hasComponents(r bot.Reply) bool {
	r = r.Sendable()
	return len(r.Buttons)+len(r.Menus) > 0
}

// blocks lays out text with the reply's buttons and menus in Block Kit.
func (a *Adapter) blocks(text string, r bot.Reply) []slack.Block {
	r = r.Sendable() // Slack refuses an empty label
	if strings.TrimSpace(text) == "" {
		text = "Choose:"
	}
	out := []slack.Block{slack.NewSectionBlock(slack.NewTextBlockObject(slack.MarkdownType, text, false, false), nil, nil)}
	var els []slack.BlockElement
	for i, b := range r.Buttons {
		if i == maxButtons {
			break
		}
		btn := slack.NewButtonBlockElement(fmt.Sprintf("%s-%d", actionPrefix, i), b.Value(),
			plain(clip(b.Label, maxLabel)))
		if b.Danger {
			btn.Style = slack.StyleDanger
		}
		els = append(els, btn)
	}
	if len(els) > 0 {
		out = append(out, slack.NewActionBlock("pbc-choices", els...))
	}
	for i, m := range r.Menus {
		if i == maxMenus {
			break
		}
		if el := a.menu(i, m); el != nil {
			out = append(out, slack.NewActionBlock(fmt.Sprintf("pbc-menu-%d", i), el))
		}
	}
	return out
}

// menu is a static select for a short menu, an external select (whose
// options Slack asks for as the user types) for a long one.
func (a *Adapter) menu(i int, m bot.Menu) slack.BlockElement {
	ph := plain(clip(cmp.Or(m.Placeholder, "Choose…"), maxPlaceholder))
	if len(m.Options) == 0 {
		return nil
	}
	if len(m.Options) > maxStatic {
		prefix, field := completion(m.Options)
		key := a.menus.put(m)
		id := strings.Join([]string{actionPrefix + "x", fmt.Sprint(m.At), prefix, field, key}, "|")
		if len(id) > 255 {
			id = strings.Join([]string{actionPrefix + "x", fmt.Sprint(m.At), "", "", key}, "|")
		}
		sel := slack.NewOptionsSelectBlockElement(slack.OptTypeExternal, ph, id)
		zero := 0
		sel.MinQueryLength = &zero
		return sel
	}
	var opts []*slack.OptionBlockObject
	for _, o := range m.Options {
		if opt := option(o.Label, o.Description, o.Value(m.At)); opt != nil {
			opts = append(opts, opt)
		}
	}
	if len(opts) == 0 {
		return nil
	}
	return slack.NewOptionsSelectBlockElement(slack.OptTypeStatic, ph, fmt.Sprintf("%s-menu-%d", actionPrefix, i), opts...)
}

// option is one option of a select, or nil if its value does not fit.
func option(label, desc, value string) *slack.OptionBlockObject {
	if len(value) > maxOptionValue || value == "" {
		return nil
	}
	var d *slack.TextBlockObject
	if desc != "" {
		d = plain(clip(desc, maxOptionText))
	}
	return slack.NewOptionBlockObject(value, plain(clip(cmp.Or(strings.TrimSpace(label), value), maxOptionText)), d)
}

// completion finds the words every option's command starts with and the
// argument that follows them, for suggestions from the core when the
// menu is no longer held: "lay" then a hex, "lay D23" then a tile, "buy"
// then a company. Both are "" when the options have no common verb.
func completion(opts []bot.MenuOption) (prefix, field string) {
	common := strings.Fields(opts[0].Command)
	for _, o := range opts[1:] {
		w := strings.Fields(o.Command)
		n := 0
		for n < len(common) && n < len(w) && strings.EqualFold(common[n], w[n]) {
			n++
		}
		common = common[:n]
	}
	// The last word is the argument that varies (a command's only word
	// cannot be completed).
	for len(common) > 0 {
		if f := fieldAfter(common); f != "" {
			return strings.Join(common, " "), f
		}
		common = common[:len(common)-1]
	}
	return "", ""
}

// fieldAfter names the argument that follows words in the commands whose
// arguments the core completes.
func fieldAfter(words []string) string {
	return notation.NarrowField(words)
}

// retired is a message's blocks without its components, with a note.
func retired(blocks []slack.Block, note string) []slack.Block {
	var out []slack.Block
	for _, b := range blocks {
		if b.BlockType() != slack.MBTAction {
			out = append(out, b)
		}
	}
	if note != "" {
		out = append(out, slack.NewContextBlock("pbc-note", slack.NewTextBlockObject(slack.MarkdownType, note, false, false)))
	}
	return out
}

func plain(s string) *slack.TextBlockObject {
	return slack.NewTextBlockObject(slack.PlainTextType, s, false, false)
}

// clip shortens s to n characters, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// menuStore holds the long menus offered lately, to answer their
// suggestions from their own options; the oldest are forgotten.
type menuStore struct {
	mu    sync.Mutex
	menus map[string]bot.Menu
	order []string
}

// maxHeldMenus bounds the menus held.
const maxHeldMenus = 512

func newMenuStore() *menuStore { return &menuStore{menus: map[string]bot.Menu{}} }

// put holds m and returns its key.
func (s *menuStore) put(m bot.Menu) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	key := hex.EncodeToString(b[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	s.menus[key] = m
	s.order = append(s.order, key)
	if len(s.order) > maxHeldMenus {
		delete(s.menus, s.order[0])
		s.order = s.order[1:]
	}
	return key
}

// get returns the menu held under key.
func (s *menuStore) get(key string) (bot.Menu, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.menus[key]
	return m, ok
}
