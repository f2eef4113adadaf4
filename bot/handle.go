package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"pbc/commands/notation"
	"pbc/storage"
)

// A message ends in one of three ways, kept apart: a refusal (the command
// is not legal or not understood: shown to the sender, logged at Info), a
// change or answer (posted; a recorded move whose reply cannot be posted is
// never reported as "nothing changed"), or an internal error (logged at
// Error with an incident id; the sender sees a short message with that id,
// never the error's text).

// handle runs one message and answers it.
func (c *Core) handle(ctx context.Context, m Message) {
	if f, ok := m.Respond.(Finisher); ok {
		defer f.Finish()
	}
	start := time.Now()
	log := c.log.With("platform", m.Channel.Platform, "workspace", m.Channel.Workspace,
		"channel", m.Channel.ID, "user", m.User.ID, "kind", m.Kind.String())
	text := strings.TrimSpace(m.Text)
	outcome := OutcomeAnswer
	defer func() { c.obs.Handled(m.Channel.Platform, outcome, time.Since(start)) }()
	defer func() {
		if r := recover(); r != nil {
			outcome = OutcomeError
			c.internal(ctx, m, log, fmt.Errorf("panic: %v\n%s", r, debug.Stack()))
		}
	}()
	word, args, _ := strings.Cut(text, " ")
	var err error
	switch verb := notation.VerbOf(word); verb {
	case notation.Catchup:
		err = c.explicitCatchup(ctx, m)
	case notation.Remind, notation.QuietHours:
		err = c.settings(ctx, m, verb, strings.ToLower(word), strings.TrimSpace(args))
	case notation.Notifications, notation.Away, notation.Back:
		err = c.notifySettings(ctx, m)
	default:
		outcome, err = c.command(ctx, m, log)
	}
	if err != nil {
		outcome = OutcomeError
		c.internal(ctx, m, log, err)
		return
	}
	log.Info("message handled", "text", text, "took", time.Since(start).Round(time.Millisecond))
}

// internal logs an internal error with a new incident id and tells the
// sender, briefly, with that id.
func (c *Core) internal(ctx context.Context, m Message, log *slog.Logger, err error) {
	id := incident()
	log.Error("internal error", "incident", id, "text", m.Text, "err", err)
	msg := fmt.Sprintf("Sorry, something went wrong on our side (incident %s); your command was not applied. Try again in a moment.", id)
	if errors.Is(err, context.DeadlineExceeded) {
		msg = fmt.Sprintf("Sorry, that took too long (incident %s); check `status` before trying again.", id)
	}
	if rerr := m.Respond.Respond(ctx, Reply{Text: msg, Ephemeral: true}); rerr != nil {
		log.Warn("could not report the internal error", "incident", id, "err", rerr)
	}
}

// incident is a short random id tying a user's report to the log.
func incident() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// command runs a message through the command layer and replies with the
// text, the pictures, the choices and a mention of whom the change leaves
// the table waiting for; it returns how the message ended (an Outcome).
// Everything the reply says of the game comes from the one pass the
// command layer made: who acts (or must answer), the choices offered, the
// catch-up due, the reminder written with the move.
func (c *Core) command(ctx context.Context, m Message, log *slog.Logger) (string, error) {
	set, serr := c.channelSettings(ctx, m.Channel) // for the pictures and the reminder
	req := Request{Channel: m.Channel, User: m.User, Text: m.Text,
		At: m.At, EventID: m.EventID, NoImages: c.opt.NoImages || (serr == nil && set.Images.Off), Screens: m.Screens,
		Attachments: m.Attachments, CatchupAfter: c.opt.CatchupAfter}
	if serr == nil {
		req.Reminder = c.nextReminder(set)
	}
	res, err := c.cmds.Do(ctx, req)
	if err != nil {
		return OutcomeError, err
	}
	if res.Duplicate {
		log.Info("duplicate delivery dropped", "text", m.Text, "event", m.EventID)
		return OutcomeDuplicate, nil
	}
	if res.Refused {
		log.Info("command refused", "text", m.Text, "reason", res.Text)
		reply := Reply{Text: res.Text, Ephemeral: true, Stale: res.Stale}
		reply.Buttons, reply.Menus = choices(res)
		return OutcomeRefused, c.deliver(ctx, m, reply, false, log)
	}
	if res.CatchUp != nil {
		c.sendCatchup(ctx, m, res.CatchUp, req.NoImages, log)
	}
	reply := Reply{Text: res.Text, Images: res.Images, Files: res.Files}
	reply.Buttons, reply.Menus = choices(res)
	if res.Changed {
		if line, ids := c.addressLine(m.Channel.Platform, res); line != "" {
			reply.Text = strings.TrimRight(reply.Text, "\n") + "\n" + line
			reply.Ping = line
			reply.Mentions = ids
		}
	}
	if res.Changed && res.Game != 0 && !res.Reminded {
		if serr != nil {
			c.reschedule(ctx, res.Game, m.Channel, res.Active && !res.Finished, log)
		} else {
			c.rescheduleWith(ctx, res.Game, set, res.Active && !res.Finished, log)
		}
	}
	outcome := OutcomeAnswer
	if res.Changed {
		outcome = OutcomeMove
	}
	err = c.deliver(ctx, m, reply, res.Changed, log)
	c.notifyTurn(ctx, m, res, log)
	return outcome, err
}

// addressLine is the line of a change's reply that mentions whom the table
// now waits for: who must answer a pending request, else who must act.
func (c *Core) addressLine(p storage.Platform, res Result) (string, []string) {
	who, asked := res.Addressed()
	if asked {
		return c.askedLine(p, who)
	}
	return c.nextLine(p, who)
}

// choices are the buttons and menus of what res offers, marked with the
// position of the game they were offered at; a lobby's are always current.
func choices(res Result) ([]Button, []Menu) {
	at := 0
	if res.Active && res.Game != 0 {
		at = offer(res.Seq)
	}
	return buttonsOf(res.Offer, at), menusOf(res.Offer, at)
}

// noImages reports whether replies in ch carry no pictures.
func (c *Core) noImages(ctx context.Context, ch storage.Channel) bool {
	if c.opt.NoImages {
		return true
	}
	set, err := c.channelSettings(ctx, ch)
	return err == nil && set.Images.Off
}

// deliver sends a reply. The reply to a recorded change is tried again
// with backoff, then posted to the channel as a new message; if that fails
// too, the next reply in the channel says the change was recorded. A
// recorded move is never reported as not done.
func (c *Core) deliver(ctx context.Context, m Message, r Reply, recorded bool, log *slog.Logger) error {
	defer c.since(StageDeliver, time.Now())
	if !r.Ephemeral {
		if note := c.takeNotice(m.Channel); note != "" {
			r.Text = note + "\n" + r.Text
		}
	}
	err := m.Respond.Respond(ctx, r)
	if err == nil || !recorded {
		if err != nil {
			log.Warn("reply not delivered", "err", err)
		}
		return nil
	}
	wait := c.opt.ReplyBackoff
	for try := 2; try <= 3 && err != nil; try++ {
		log.Warn("reply to a recorded move not delivered; retrying", "try", try, "err", err)
		select {
		case <-ctx.Done():
		case <-time.After(wait):
		}
		wait *= 2
		err = m.Respond.Respond(ctx, r)
	}
	if err == nil {
		return nil
	}
	if a := c.adapters[m.Channel.Platform]; a != nil {
		post := r
		post.Ephemeral = false
		if perr := a.Post(ctx, m.Channel, post); perr == nil {
			log.Warn("reply to a recorded move posted to the channel instead", "err", err)
			return nil
		}
	}
	log.Error("reply to a recorded move lost; the channel will be told with the next reply", "err", err)
	first, _, _ := strings.Cut(r.Text, "\n")
	c.mu.Lock()
	c.notices[m.Channel] = fmt.Sprintf("(%s's last command was recorded, but its answer could not be posted: %s)",
		nameOr(m.User), clipText(first, 200))
	c.mu.Unlock()
	return nil
}

// takeNotice returns and forgets the channel's pending notice.
func (c *Core) takeNotice(ch storage.Channel) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.notices[ch]
	delete(c.notices, ch)
	return n
}

func nameOr(u User) string {
	if u.Name != "" {
		return u.Name
	}
	return u.ID
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// mention writes a mention of a user for platform p.
func (c *Core) mention(p storage.Platform, userID, name string) string {
	if a, ok := c.adapters[p].(Mentioner); ok && userID != "" {
		return a.Mention(userID)
	}
	if name == "" {
		name = userID
	}
	return "@" + name
}

// askedLine is the line mentioning who must answer a pending request,
// with the user ids mentioned.
func (c *Core) askedLine(p storage.Platform, asked []Actor) (string, []string) {
	var parts, ids []string
	for _, a := range asked {
		parts = append(parts, c.mention(p, a.UserID, a.Name))
		if a.UserID != "" {
			ids = append(ids, a.UserID)
		}
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "Waiting for an answer from " + strings.Join(parts, ", ") + ".", ids
}

// nextLine is the "your turn" line mentioning who must act, with the user
// ids mentioned.
func (c *Core) nextLine(p storage.Platform, actors []Actor) (string, []string) {
	var parts, ids []string
	for _, a := range actors {
		who := c.mention(p, a.UserID, a.Name)
		if a.UserID != "" {
			ids = append(ids, a.UserID)
		}
		if a.For != "" {
			who += " (for " + a.For + ")"
		}
		parts = append(parts, who)
	}
	if len(parts) == 0 {
		return "", nil
	}
	return "Your turn: " + strings.Join(parts, ", "), ids
}
