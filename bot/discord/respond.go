package discord

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// Discord notifies a mention only in a new message: an edit of a deferred
// interaction reply never does, and follow-ups after a deferral are
// reported not to either (discord-api-docs #1419, #5497, #4034). So every
// responder below sends the Ping line, with the next player's choices, as a
// new channel message whose allowed_mentions name exactly the players.

// interactionResponder answers a deferred slash command: the first public
// reply replaces the "thinking" message with the move's text and pictures,
// and its Ping follows as a new channel message; later replies are channel
// messages; an ephemeral reply removes the placeholder and follows up to the
// sender only.
type interactionResponder struct {
	a     *Adapter
	i     *discordgo.Interaction
	dest  string // where public replies go: the interaction's channel, or the thread opened for a new game
	start bool   // the command starts a game: its thread is renamed after the players

	mu       sync.Mutex
	answered bool // the deferred response has been edited or deleted
}

// Respond sends one reply.
func (r *interactionResponder) Respond(ctx context.Context, rep bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	a := r.a
	if rep.Ephemeral {
		if !r.answered {
			r.answered = true
			a.deleteOriginal(ctx, r.i)
			if r.dest != r.i.ChannelID {
				// `new` was refused: the thread opened for it goes.
				a.dropThread(ctx, r.dest)
				r.dest = r.i.ChannelID
			}
		}
		return a.followUp(ctx, r.i, rep)
	}
	target := r.dest
	if r.start {
		r.start = false
		defer a.renameStarted(ctx, target, rep.Text)
	}
	if r.answered {
		return a.postReply(ctx, target, rep, nil)
	}
	r.answered = true
	if target != r.i.ChannelID {
		// The game opened in a thread: the deferred reply points there.
		note := "The game is in <#" + target + ">."
		if _, err := a.s.InteractionResponseEdit(r.i, &discordgo.WebhookEdit{Content: &note,
			AllowedMentions: allowed(nil)}, discordgo.WithContext(ctx)); err != nil {
			a.log.Warn("edit deferred response", "err", a.redact(err, r.i.Token))
		}
		return a.postReply(ctx, target, rep, nil)
	}
	parts := splitText(withoutPing(rep), maxContent)
	fs := files(rep)
	if len(parts) == 0 && len(fs) == 0 {
		a.deleteOriginal(ctx, r.i)
	} else {
		first := ""
		if len(parts) > 0 {
			first, parts = parts[0], parts[1:]
		}
		edit := &discordgo.WebhookEdit{Content: &first, Files: fs, AllowedMentions: allowed(nil)}
		if rep.Ping == "" && len(parts) == 0 {
			comps := components(rep)
			edit.Components = &comps
		}
		if _, err := a.s.InteractionResponseEdit(r.i, edit, discordgo.WithContext(ctx)); err != nil {
			// An expired token cannot edit: the reply goes to the channel whole.
			a.log.Warn("edit deferred response", "err", a.redact(err, r.i.Token))
			return a.postReply(ctx, target, rep, nil)
		}
	}
	for k, p := range parts {
		more := bot.Reply{Text: p}
		if rep.Ping == "" && k == len(parts)-1 {
			more.Buttons, more.Menus = rep.Buttons, rep.Menus
		}
		if err := a.postReply(ctx, target, more, nil); err != nil {
			return err
		}
	}
	if rep.Ping == "" {
		return nil
	}
	return a.postReply(ctx, target, pingOf(rep), nil)
}

// pingOf is the message that notifies the next player: the Ping line and
// the choices offered to them.
func pingOf(rep bot.Reply) bot.Reply {
	return bot.Reply{Text: rep.Ping, Ping: rep.Ping, Mentions: rep.Mentions, Buttons: rep.Buttons, Menus: rep.Menus}
}

// Finish removes the placeholder if the core sent nothing.
func (r *interactionResponder) Finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.answered {
		r.answered = true
		r.a.deleteOriginal(context.Background(), r.i)
	}
}

// componentResponder answers a button or menu choice acknowledged with a
// deferred update: a public reply disables the components of the message
// pressed (its choice is made) and is posted as new messages; a refusal of
// a stale choice disables them too, since the game has moved on; any
// refusal goes to the presser only.
type componentResponder struct {
	a      *Adapter
	i      *discordgo.Interaction
	chosen string // the custom id pressed
	start  bool   // the choice starts a game: its thread is renamed after the players

	mu      sync.Mutex
	updated bool // the pressed message's components are disabled
}

// Respond sends one reply.
func (r *componentResponder) Respond(ctx context.Context, rep bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.updated && (!rep.Ephemeral || rep.Stale) {
		r.updated = true
		chosen := r.chosen
		if rep.Ephemeral {
			chosen = "" // a stale choice was not made
		}
		r.a.disablePressed(ctx, r.i, chosen)
	}
	if rep.Ephemeral {
		return r.a.followUp(ctx, r.i, rep)
	}
	if r.start {
		r.start = false
		defer r.a.renameStarted(ctx, r.i.ChannelID, rep.Text)
	}
	return r.a.postReply(ctx, r.i.ChannelID, rep, nil)
}

// disablePressed updates the message a component was pressed on so that
// none of its components can be pressed again; the pressed button is drawn
// as the choice made.
func (a *Adapter) disablePressed(ctx context.Context, i *discordgo.Interaction, chosen string) {
	var rows []discordgo.MessageComponent
	if i.Message != nil {
		rows = disabled(i.Message.Components, chosen)
	}
	if _, err := a.s.InteractionResponseEdit(i, &discordgo.WebhookEdit{Components: &rows,
		AllowedMentions: allowed(nil)}, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("disable pressed components", "err", a.redact(err, i.Token))
	}
}

// disabled copies rows of components with every button and menu disabled,
// the one with custom id chosen marked as chosen.
func disabled(rows []discordgo.MessageComponent, chosen string) []discordgo.MessageComponent {
	var out []discordgo.MessageComponent
	for _, c := range rows {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		var nr discordgo.ActionsRow
		for _, x := range row.Components {
			switch v := x.(type) {
			case *discordgo.Button:
				b := *v
				b.Disabled = true
				if b.CustomID == chosen {
					b.Style = discordgo.SuccessButton
				}
				nr.Components = append(nr.Components, b)
			case *discordgo.SelectMenu:
				m := *v
				m.Disabled = true
				nr.Components = append(nr.Components, m)
			}
		}
		if len(nr.Components) > 0 {
			out = append(out, nr)
		}
	}
	return out
}

// dropThread deletes a thread opened for a game that was not set up.
func (a *Adapter) dropThread(ctx context.Context, id string) {
	if _, err := a.s.ChannelDelete(id, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("delete an unused thread", "thread", id, "err", a.redact(err))
	}
}

// deleteOriginal removes a deferred "thinking" response.
func (a *Adapter) deleteOriginal(ctx context.Context, i *discordgo.Interaction) {
	if err := a.s.InteractionResponseDelete(i, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("delete deferred response", "err", a.redact(err, i.Token))
	}
}

// followUp sends a reply to the sender of an interaction only (ephemeral),
// split at line boundaries; pictures and choices go with the first and last
// parts.
func (a *Adapter) followUp(ctx context.Context, i *discordgo.Interaction, rep bot.Reply) error {
	if rep.Empty() {
		return nil // Discord refuses a follow-up with no content
	}
	parts := splitText(rep.Text, maxContent)
	if len(parts) == 0 {
		parts = []string{""}
	}
	for k, p := range parts {
		wp := &discordgo.WebhookParams{Content: p, AllowedMentions: allowed(nil), Flags: discordgo.MessageFlagsEphemeral}
		if k == 0 {
			wp.Files = files(rep)
		}
		if k == len(parts)-1 {
			wp.Components = components(rep)
		}
		if _, err := a.s.FollowupMessageCreate(i, true, wp, discordgo.WithContext(ctx)); err != nil {
			return a.redact(err, i.Token)
		}
	}
	return nil
}

// typedResponder answers a typed command: public replies answer the
// message in its channel; refusals and catch-ups go to the sender in a
// direct message, since a channel message cannot be ephemeral (or as a
// reply when the sender does not take direct messages).
type typedResponder struct {
	a      *Adapter
	m      *discordgo.Message
	dest   string // where public replies go (the game's thread, or the channel)
	opened bool   // dest is a thread just opened for `new`, not yet announced
	start  bool   // the command starts a game: its thread is renamed after the players
}

// Respond sends one reply.
func (r *typedResponder) Respond(ctx context.Context, rep bot.Reply) error {
	if r.opened {
		r.opened = false
		if rep.Ephemeral {
			// `new` was refused: the thread opened for it goes.
			r.a.dropThread(ctx, r.dest)
			r.dest = r.m.ChannelID
		} else if err := r.a.postReply(ctx, r.m.ChannelID, bot.Reply{Text: "The game is in <#" + r.dest + ">."}, r.m.Reference()); err != nil {
			r.a.log.Warn("point to the game's thread", "err", err)
		}
	}
	if rep.Ephemeral {
		err := r.a.direct(ctx, r.m, rep)
		if err == nil {
			return nil
		}
		r.a.log.Warn("direct message", "err", err)
	}
	if r.start {
		r.start = false
		defer r.a.renameStarted(ctx, r.dest, rep.Text)
	}
	var ref *discordgo.MessageReference
	if r.dest == r.m.ChannelID {
		ref = r.m.Reference()
	}
	return r.a.postReply(ctx, r.dest, rep, ref)
}

// direct sends a reply to the author of m in a direct message, saying
// which channel it is about.
func (a *Adapter) direct(ctx context.Context, m *discordgo.Message, rep bot.Reply) error {
	ch, err := a.s.UserChannelCreate(m.Author.ID, discordgo.WithContext(ctx))
	if err != nil {
		return a.redact(err)
	}
	if m.GuildID != "" {
		rep.Text = "In <#" + m.ChannelID + ">: " + rep.Text
	}
	rep.Ping, rep.Mentions = "", nil
	return a.postReply(ctx, ch.ID, rep, nil)
}
