package discord

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// interactionResponder answers a deferred interaction: the first public
// reply replaces the "thinking" message, later ones are follow-ups, and an
// ephemeral reply removes the placeholder and follows up to the sender only.
type interactionResponder struct {
	a *Adapter
	i *discordgo.Interaction

	mu       sync.Mutex
	answered bool // the deferred response has been edited or deleted
}

// Respond sends one reply.
func (r *interactionResponder) Respond(ctx context.Context, rep bot.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.a.s
	opt := discordgo.WithContext(ctx)
	if !r.answered {
		r.answered = true
		if !rep.Ephemeral {
			content := clip(rep.Text)
			comps := components(rep.Buttons)
			_, err := s.InteractionResponseEdit(r.i, &discordgo.WebhookEdit{
				Content: &content, Files: files(rep), Components: &comps,
				AllowedMentions: allowed(rep.Mentions),
			}, opt)
			return err
		}
		if err := s.InteractionResponseDelete(r.i, opt); err != nil {
			r.a.log.Warn("delete deferred response", "err", err)
		}
	}
	p := &discordgo.WebhookParams{Content: clip(rep.Text), Files: files(rep),
		Components: components(rep.Buttons), AllowedMentions: allowed(rep.Mentions)}
	if rep.Ephemeral {
		p.Flags = discordgo.MessageFlagsEphemeral
	}
	_, err := s.FollowupMessageCreate(r.i, true, p, opt)
	return err
}

// Finish removes the placeholder if the core sent nothing.
func (r *interactionResponder) Finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.answered {
		r.answered = true
		if err := r.a.s.InteractionResponseDelete(r.i); err != nil {
			r.a.log.Warn("delete deferred response", "err", err)
		}
	}
}
