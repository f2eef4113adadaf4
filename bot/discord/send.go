package discord

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// Discord's documented limits for messages and components (see the
// developer documentation on messages and message components).
const (
	maxContent     = 2000 // characters of a message's content
	maxFiles       = 10   // attachments of one message
	maxRows        = 5    // action rows of a message
	maxRowButtons  = 5    // buttons of one row
	maxMenuOptions = 25   // options of one select menu
	maxCustomID    = 100  // characters of a custom id or an option's value
	maxButtonLabel = 80   // characters of a button's label
	maxOptionLabel = 100  // characters of a select option's label or description
	maxPlaceholder = 150  // characters of a select menu's placeholder
)

// The custom ids of the bot's components: a button carries its value, a
// menu its position in the reply (the options carry the values).
const (
	buttonPrefix = "pbc:"
	menuPrefix   = "pbcm:"
)

// runeClip shortens s to at most n characters, marking the cut.
func runeClip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// splitText cuts text into messages of at most max characters, at line
// boundaries where it can (a line longer than a message is cut at a space,
// or hard).
func splitText(text string, max int) []string {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return nil
	}
	var out []string
	var cur strings.Builder
	curLen := 0
	flush := func() {
		if curLen > 0 {
			out = append(out, cur.String())
			cur.Reset()
			curLen = 0
		}
	}
	for _, line := range strings.Split(text, "\n") {
		for utf8.RuneCountInString(line) > max {
			flush()
			head, rest := cutLine(line, max)
			out = append(out, head)
			line = rest
		}
		n := utf8.RuneCountInString(line)
		if curLen > 0 && curLen+1+n > max {
			flush()
		}
		if curLen > 0 {
			cur.WriteByte('\n')
			curLen++
		}
		cur.WriteString(line)
		curLen += n
	}
	flush()
	return out
}

// cutLine cuts a line longer than max characters at its last space within
// max, or at max.
func cutLine(line string, max int) (string, string) {
	r := []rune(line)
	cut := max
	for i := max; i > max/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return string(r[:cut]), strings.TrimLeft(string(r[cut:]), " ")
}

// withoutPing is the reply's text without its Ping line (the last line of
// Text), for a message the Ping is sent apart from.
func withoutPing(r bot.Reply) string {
	if r.Ping == "" {
		return r.Text
	}
	text := strings.TrimRight(r.Text, "\n")
	if body, ok := strings.CutSuffix(text, r.Ping); ok {
		return strings.TrimRight(body, "\n")
	}
	return r.Text
}

// chunks are a reply's messages when it is sent as new messages: the text
// as it is if it fits one message, otherwise the Ping first (so that a
// notification is never what is cut) and the rest split at line boundaries.
func chunks(r bot.Reply) []string {
	if utf8.RuneCountInString(r.Text) <= maxContent {
		if strings.TrimSpace(r.Text) == "" {
			return nil
		}
		return []string{r.Text}
	}
	text := r.Text
	if r.Ping != "" {
		text = r.Ping + "\n" + withoutPing(r)
	}
	return splitText(text, maxContent)
}

// files turns a reply's images and files into attachments (at most ten).
func files(r bot.Reply) []*discordgo.File {
	var out []*discordgo.File
	for _, img := range r.Images {
		out = append(out, &discordgo.File{Name: img.Name, ContentType: "image/png", Reader: bytes.NewReader(img.PNG)})
	}
	for _, f := range r.Files {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: f.Type, Reader: bytes.NewReader(f.Data)})
	}
	if len(out) > maxFiles {
		out = out[:maxFiles]
	}
	return out
}

// components lays out a reply's buttons (five to a row) and menus (one to a
// row, split into menus of 25 options) in Discord's five rows. Menus come
// first, as they hold the long choices; when there is no room for all, the
// last placeholder says the rest can be typed.
func components(r bot.Reply) []discordgo.MessageComponent {
	r = r.Sendable()
	var buttons []discordgo.MessageComponent
	for _, b := range r.Buttons {
		id := buttonPrefix + b.Value()
		if len(id) > maxCustomID {
			continue
		}
		style := discordgo.SecondaryButton
		if b.Danger {
			style = discordgo.DangerButton
		}
		buttons = append(buttons, discordgo.Button{Label: runeClip(b.Label, maxButtonLabel), Style: style, CustomID: id})
	}
	buttonRows := (len(buttons) + maxRowButtons - 1) / maxRowButtons
	var menus []discordgo.SelectMenu
	truncated := false
	for mi, m := range r.Menus {
		var opts []discordgo.SelectMenuOption
		for _, o := range m.Options {
			v := o.Value(m.At)
			if len(v) > maxCustomID {
				continue
			}
			opts = append(opts, discordgo.SelectMenuOption{Label: runeClip(o.Label, maxOptionLabel), Value: v,
				Description: runeClip(o.Description, maxOptionLabel)})
		}
		parts := (len(opts) + maxMenuOptions - 1) / maxMenuOptions
		for p := 0; p < parts; p++ {
			part := opts[p*maxMenuOptions : min(len(opts), (p+1)*maxMenuOptions)]
			ph := m.Placeholder
			if parts > 1 {
				ph += " (" + part[0].Label + " – " + part[len(part)-1].Label + ")"
			}
			menus = append(menus, discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu,
				CustomID: menuPrefix + strconv.Itoa(mi) + "." + strconv.Itoa(p), Placeholder: runeClip(ph, maxPlaceholder), Options: part})
		}
	}
	room := maxRows - min(buttonRows, 1) // keep a row of buttons when there are any
	if len(menus) > room {
		menus, truncated = menus[:room], true
	}
	if truncated && len(menus) > 0 {
		last := &menus[len(menus)-1]
		last.Placeholder = runeClip(last.Placeholder+" — more: type the command", maxPlaceholder)
	}
	var rows []discordgo.MessageComponent
	for _, m := range menus {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{m}})
	}
	for i := 0; i < len(buttons) && len(rows) < maxRows; i += maxRowButtons {
		rows = append(rows, discordgo.ActionsRow{Components: buttons[i:min(len(buttons), i+maxRowButtons)]})
	}
	return rows
}

// allowed lets a message notify only the users it mentions (never roles,
// everyone, or the author of a message it replies to).
func allowed(ids []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: append([]string{}, ids...)}
}

// postReply sends a reply as new messages in a channel, which notify whom
// they mention: pictures with the first message, components with the last,
// the first answering ref if given.
func (a *Adapter) postReply(ctx context.Context, channelID string, r bot.Reply, ref *discordgo.MessageReference) error {
	parts := chunks(r)
	fs := files(r)
	if len(parts) == 0 && len(fs) == 0 && len(components(r)) == 0 {
		return nil // Discord refuses an empty message
	}
	if len(parts) == 0 {
		parts = []string{""}
	}
	for i, p := range parts {
		ms := &discordgo.MessageSend{Content: p, AllowedMentions: allowed(r.Mentions)}
		if i == 0 {
			ms.Files, ms.Reference = fs, ref
		}
		if i == len(parts)-1 {
			ms.Components = components(r)
		}
		if _, err := a.s.ChannelMessageSendComplex(channelID, ms, discordgo.WithContext(ctx)); err != nil {
			return a.redact(err)
		}
	}
	return nil
}
