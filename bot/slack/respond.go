package slack

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/storage"
)

// press is the message a button or menu choice was made on.
type press struct {
	channel, ts string
	ephemeral   bool // an ephemeral message: changed through the response URL
	text        string
	blocks      []slack.Block
	label       string // what was chosen
}

// responder answers one command where it came from.
type responder struct {
	a    *Adapter
	ch   storage.Channel
	at   where
	user string
	link string // the response URL of a slash command or a press, or ""
	// press is the message a choice was made on: accepted, or refused as
	// out of date, its components are removed.
	press *press
	// root is the thread root posted for a command that opens a game: if
	// the command is refused, the empty thread is deleted.
	root string
	// slash says the command was a slash command.
	slash bool

	mu      sync.Mutex
	retired bool // the pressed message's components are gone
	public  bool // a reply was posted for all to see
}

var _ bot.Finisher = (*responder)(nil)

// Respond sends one reply.
func (r *responder) Respond(ctx context.Context, rep bot.Reply) error {
	a := r.a
	r.mu.Lock()
	retire := r.press != nil && !r.retired && (!rep.Ephemeral || rep.Stale)
	r.retired = r.retired || retire
	public := r.public
	r.public = r.public || !rep.Ephemeral
	r.mu.Unlock()
	if retire {
		note := fmt.Sprintf("%s chose *%s*", a.Mention(r.user), escape(r.press.label))
		if rep.Stale {
			note = "These choices are out of date: the game has moved on."
		}
		a.retirePress(ctx, r.press, r.link, note)
	}
	if rep.Ephemeral {
		at := r.at
		if r.root != "" && !public {
			// The thread may yet be deleted (see Finish): a refusal goes
			// to the channel.
			at.thread = ""
		}
		if !rep.Stale && r.slash && at.thread == "" && r.root == "" && a.hasThreads(at.channel) {
			// Perhaps meant for a game in a thread, where Slack offers no
			// slash commands.
			rep.Text += "\n_(Games here are played in threads, where Slack does not send slash commands: " +
				"in the game's thread, type the command after `!`, e.g. `!status`.)_"
		}
		return a.ephemeral(ctx, at, r.user, rep, r.link)
	}
	err := a.post(ctx, r.at, rep)
	if err == nil || r.link == "" {
		return err
	}
	// Typically the bot is not in the channel: the response URL still
	// reaches it, without pictures.
	a.log.Warn("reply not posted; answering through the response URL", "channel", r.at.channel, "err", err)
	note := "_(I could not post here myself: invite me to this channel for pictures and reminders.)_"
	if uerr := a.respondURL(ctx, r.link, slack.ResponseTypeInChannel, r.at, escape(rep.Text)+"\n"+note, rep); uerr != nil {
		return errors.Join(err, uerr)
	}
	return nil
}

// Finish deletes the thread root posted for a command that opened no game
// (refused, or failed): nothing was said in the thread.
func (r *responder) Finish() {
	r.mu.Lock()
	empty := r.root != "" && !r.public
	r.mu.Unlock()
	if !empty {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, _, err := r.a.api.DeleteMessageContext(ctx, r.at.channel, r.root); err != nil {
		r.a.log.Warn("could not delete an empty game thread", "channel", r.at.channel, "err", err)
	}
}

// retirePress removes the components of the message a choice was made on.
func (a *Adapter) retirePress(ctx context.Context, p *press, link, note string) {
	a.mu.Lock()
	for k, o := range a.offered {
		if o.ts == p.ts {
			delete(a.offered, k)
		}
	}
	a.mu.Unlock()
	if !p.ephemeral {
		a.retire(ctx, p.channel, p.ts, p.text, p.blocks, note)
		return
	}
	if link == "" {
		return
	}
	msg := &slack.WebhookMessage{Text: p.text, ReplaceOriginal: true,
		Blocks: &slack.Blocks{BlockSet: retired(p.blocks, note)}}
	if err := a.webhook(ctx, link, msg); err != nil {
		a.log.Warn("could not remove old choices", "err", err)
	}
}

// ephemeral shows a reply to user only, in w: its text and choices with
// chat.postEphemeral (or the response URL when the bot may not post
// there). An ephemeral message cannot carry files, so its pictures go to
// the user in a direct message.
func (a *Adapter) ephemeral(ctx context.Context, w where, user string, r bot.Reply, link string) error {
	if r.Empty() {
		return nil // Slack refuses a message with no text
	}
	text := escape(r.Text)
	if atts := attachments(r); len(atts) > 0 {
		if err := a.direct(ctx, user, w, atts); err != nil {
			a.log.Warn("could not send pictures by direct message", "user", user, "err", err)
			text += "\n_(The pictures could not be sent to you.)_"
		} else {
			text += "\n_(The pictures are in your direct messages with me.)_"
		}
	}
	parts := split(text, maxText)
	for i, p := range parts {
		last := bot.Reply{}
		if i == len(parts)-1 {
			last = r
		}
		opts := []slack.MsgOption{slack.MsgOptionText(p, false)}
		if hasComponents(last) {
			opts = append(opts, slack.MsgOptionBlocks(a.blocks(p, last)...))
		}
		if w.thread != "" {
			opts = append(opts, slack.MsgOptionTS(w.thread))
		}
		_, err := a.api.PostEphemeralContext(ctx, w.channel, user, opts...)
		if err != nil && link != "" {
			err = a.respondURL(ctx, link, slack.ResponseTypeEphemeral, w, p, last)
		}
		if err != nil {
			return fmt.Errorf("slack: ephemeral reply: %w", err)
		}
	}
	return nil
}

// respondURL answers through a response URL (valid 30 minutes, five
// times): text, already escaped, with r's components.
func (a *Adapter) respondURL(ctx context.Context, link, kind string, w where, text string, r bot.Reply) error {
	parts := split(text, maxText)
	for i, p := range parts {
		msg := &slack.WebhookMessage{Text: p, ResponseType: kind, ThreadTimestamp: w.thread}
		if i == len(parts)-1 && hasComponents(r) {
			msg.Blocks = &slack.Blocks{BlockSet: a.blocks(p, r)}
		}
		if err := a.webhook(ctx, link, msg); err != nil {
			return err
		}
	}
	return nil
}

// webhook posts msg to a response URL. The URL is a credential (anyone
// holding it may post as the app for 30 minutes): its errors leave it out,
// so that it never reaches the logs.
func (a *Adapter) webhook(ctx context.Context, link string, msg *slack.WebhookMessage) error {
	err := slack.PostWebhookCustomHTTPContext(ctx, link, a.http, msg)
	if err == nil {
		return nil
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("slack: response URL: %s: %w", ue.Op, ue.Err)
	}
	return fmt.Errorf("slack: response URL: %s", strings.ReplaceAll(err.Error(), link, "…"))
}

// direct uploads files to user's direct messages with the bot.
func (a *Adapter) direct(ctx context.Context, user string, w where, atts []attachment) error {
	ch, _, _, err := a.api.OpenConversationContext(ctx, &slack.OpenConversationParameters{Users: []string{user}})
	if err != nil {
		return fmt.Errorf("slack: open a direct message: %w", err)
	}
	what := "<#" + w.channel + ">"
	if w.thread != "" {
		what = "your game's thread in " + what
	}
	_, err = a.upload(ctx, where{channel: ch.ID}, "The pictures for my answer in "+what+":", atts)
	return err
}
