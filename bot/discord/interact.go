package discord

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
	"pbc/commands/notation"
)

// onInteraction handles /pbc, its autocompletion, buttons and menus.
func (a *Adapter) onInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	i := ic.Interaction
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		a.autocomplete(i)
	case discordgo.InteractionApplicationCommand:
		sc, err := commandText(i.ApplicationCommandData())
		if err != nil {
			a.log.Warn("bad command", "err", err)
			a.respondNow(i, "I did not understand that command: "+err.Error()+".", true)
			return
		}
		a.slash(i, sc)
	case discordgo.InteractionMessageComponent:
		d := i.MessageComponentData()
		var value string
		switch {
		case strings.HasPrefix(d.CustomID, buttonPrefix):
			value = strings.TrimPrefix(d.CustomID, buttonPrefix)
		case strings.HasPrefix(d.CustomID, menuPrefix) && len(d.Values) == 1:
			value = d.Values[0]
		default:
			return
		}
		cmd, at := bot.ParseValue(value)
		a.component(i, d.CustomID, cmd, at)
	}
}

// respondNow answers an interaction at once with text.
func (a *Adapter) respondNow(i *discordgo.Interaction, text string, ephemeral bool) {
	d := &discordgo.InteractionResponseData{Content: text, AllowedMentions: allowed(nil)}
	if ephemeral {
		d.Flags = discordgo.MessageFlagsEphemeral
	}
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource, Data: d}); err != nil {
		a.log.Error("interaction response", "err", a.redact(err, i.Token))
	}
}

// slash acknowledges a slash command at once ("pbc is thinking…"), then
// hands the command to the core; the reply edits the deferred one. `new`
// outside a thread opens the game in a thread of its own.
func (a *Adapter) slash(i *discordgo.Interaction, sc slashCommand) {
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}); err != nil {
		a.log.Error("defer interaction", "err", a.redact(err, i.Token))
		return
	}
	u := a.interactionUser(i)
	dest := i.ChannelID
	if isNew(sc.Text) {
		dest = a.openThread(context.Background(), i.GuildID, i.ChannelID, sc.Text, u.Name)
	}
	a.h.Submit(bot.Message{
		Channel:     channel(i.GuildID, dest),
		User:        u,
		Text:        sc.Text,
		Kind:        bot.KindSlash,
		EventID:     "interaction:" + i.ID,
		Attachments: a.attachments(sc.Files),
		Respond:     &interactionResponder{a: a, i: i, dest: dest, start: isStart(sc.Text)},
	})
}

// component acknowledges a button or menu choice with a deferred update of
// its message, then hands the command to the core.
func (a *Adapter) component(i *discordgo.Interaction, customID, cmd string, at int) {
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		a.log.Error("acknowledge component", "err", a.redact(err, i.Token))
		return
	}
	a.h.Submit(bot.Message{
		Channel: channel(i.GuildID, i.ChannelID),
		User:    a.interactionUser(i),
		Text:    cmd,
		Kind:    bot.KindButton,
		At:      at,
		EventID: "interaction:" + i.ID,
		Respond: &componentResponder{a: a, i: i, chosen: customID, start: isStart(cmd)},
	})
}

// interactionUser is the user behind an interaction: an admin if their
// permissions say so, or if they hold the game-master role.
func (a *Adapter) interactionUser(i *discordgo.Interaction) bot.User {
	u := user(i.Member, i.User)
	if !u.Admin && a.opt.GMRole != "" && i.GuildID != "" && i.Member != nil {
		u.Admin = a.typedAdmin(context.Background(), i.GuildID, u.ID, i.Member)
	}
	return u
}

// autocomplete offers completions of the focused option.
func (a *Adapter) autocomplete(i *discordgo.Interaction) {
	s, arg, typed, ok := focused(i.ApplicationCommandData())
	var choices []*discordgo.ApplicationCommandOptionChoice
	if ok && completes(arg.Kind) {
		for _, c := range bot.SendableChoices(a.h.Suggest(context.Background(), bot.Query{
			Channel: channel(i.GuildID, i.ChannelID), User: user(i.Member, i.User),
			Command: s.Name, Field: string(arg.Kind), Prefix: typed,
		})) {
			if len(choices) == limitChoices {
				break
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{
				Name: runeClip(c.Label, limitChoiceName), Value: c.Value})
		}
	}
	if err := a.s.InteractionRespond(i, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}); err != nil {
		a.log.Error("autocomplete response", "err", a.redact(err, i.Token))
	}
}

// isNew reports whether a command opens a new game.
func isNew(text string) bool {
	w := strings.Fields(strings.ToLower(text))
	if len(w) == 0 {
		return false
	}
	// A `new` without a title is refused before any game exists: no thread.
	return len(w) > 1 && notation.VerbOf(w[0]) == notation.New
}
