package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"pbc/commands/notation"
	"pbc/storage"
)

// DirectMessenger is implemented by adapters that can message a user in
// private: the core sends a player who asked for it (`notify dm`) a direct
// message when it is their turn.
type DirectMessenger interface {
	// DM sends r to the user in private; ch is the channel whose game it
	// is about.
	DM(ctx context.Context, ch storage.Channel, userID string, r Reply) error
}

// dmTimeout bounds one direct message: they are sent after the channel's
// reply, on the channel's lane, and must not hold its next message long.
const dmTimeout = 10 * time.Second

// userOf names a user of a channel's platform and workspace: preferences
// are kept per workspace, as the user ids are.
func userOf(ch storage.Channel, id string) storage.UserRef {
	return storage.UserRef{Platform: ch.Platform, Workspace: ch.Workspace, ID: id}
}

// freeAt is the first time at or after t at which a player with
// preferences p may be pinged: after their away span, outside their quiet
// hours.
func freeAt(t time.Time, p storage.UserPrefs) time.Time {
	if p.AwayUntil.After(t) {
		t = p.AwayUntil
	}
	return NextDue(t, p.Quiet)
}

// messenger returns the platform's direct messenger, if its adapter has one.
func (c *Core) messenger(p storage.Platform) (DirectMessenger, bool) {
	dm, ok := c.adapters[p].(DirectMessenger)
	return dm, ok
}

// notifySettings runs a player's own notification commands: `notify ...`,
// `away ...`, `back`. Their answers are for the sender only.
func (c *Core) notifySettings(ctx context.Context, m Message) error {
	say := func(text string) error { return m.Respond.Respond(ctx, Reply{Text: text, Ephemeral: true}) }
	if m.User.ID == "" {
		return say("I cannot tell who you are here, so I cannot keep your notification settings.")
	}
	n, err := notation.ParseNotify(m.Text)
	if pe := (*notation.ParseError)(nil); errors.As(err, &pe) {
		return say(sentence(pe.Msg))
	} else if err != nil {
		return err
	}
	p, err := c.store.UserPrefs(ctx, userOf(m.Channel, m.User.ID))
	if err != nil {
		return fmt.Errorf("notification settings of %s: %w", m.User.ID, err)
	}
	_, canDM := c.messenger(m.Channel.Platform)
	now := c.now()
	switch n.Kind {
	case notation.NotifyDM:
		if !canDM {
			return say("I cannot send direct messages on this chat; your turn is announced in the channel, with a mention.")
		}
		p.DM = true
	case notation.NotifyOff:
		p.DM = false
	case notation.NotifyQuiet:
		p.Quiet.From, p.Quiet.To = n.From, n.To
		if n.Zone != "" {
			p.Quiet.TZ = n.Zone
		}
	case notation.NotifyQuietOff:
		p.Quiet.From, p.Quiet.To = 0, 0
	case notation.NotifyZone:
		p.Quiet.TZ = n.Zone
	case notation.NotifyAway:
		p.AwayUntil = now.Add(n.For)
	case notation.NotifyBack:
		p.AwayUntil = time.Time{}
	}
	if n.Kind != notation.NotifyShow {
		if err := c.setUserPrefs(ctx, p); err != nil {
			if errors.Is(err, storage.ErrInvalid) {
				return say("That setting is not valid: " + err.Error())
			}
			return fmt.Errorf("notification settings of %s: %w", m.User.ID, err)
		}
	}
	return say(describePrefs(p, now, canDM))
}

// sentence capitalises a parse error's message and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// describePrefs says a player's notification settings in a few lines.
func describePrefs(p storage.UserPrefs, now time.Time, canDM bool) string {
	var lines []string
	switch {
	case p.DM && canDM:
		lines = append(lines, "I send you a direct message when it is your turn (`notify off` to stop).")
	case canDM:
		lines = append(lines, "Your turns are announced in the channel (`notify dm` for a direct message too).")
	default:
		lines = append(lines, "Your turns are announced in the channel.")
	}
	tz := p.Quiet.TZ
	if tz == "" {
		tz = "UTC"
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		loc, tz = time.UTC, "UTC"
	}
	if q := p.Quiet; q.From != q.To {
		lines = append(lines, fmt.Sprintf("Your quiet hours: %02d:%02d–%02d:%02d %s: no reminders or messages for you then (`notify quiet off` to end them).",
			q.From/60, q.From%60, q.To/60, q.To%60, tz))
	} else {
		lines = append(lines, fmt.Sprintf("No quiet hours of your own; your time zone is %s (`notify quiet 22-7` to set some).", tz))
	}
	if p.AwayUntil.After(now) {
		lines = append(lines, fmt.Sprintf("You are away until %s %s: reminders leave you out until then (`back` to end it).",
			p.AwayUntil.In(loc).Format("Mon 2 Jan 15:04"), tz))
	}
	return strings.Join(lines, "\n")
}

// notifyTurn sends a direct message to each player who must act after m's
// move and asked for one, unless they are away or in their quiet hours.
// The mover is not told of their own turn.
func (c *Core) notifyTurn(ctx context.Context, m Message, res Result, log *slog.Logger) {
	if !res.Changed {
		return
	}
	first, _, _ := strings.Cut(strings.TrimSpace(res.Text), "\n")
	who, asked := res.Addressed()
	text := "It is your turn in " + c.channelLink(m.Channel) + "."
	if asked {
		text = "Your answer is asked in " + c.channelLink(m.Channel) + "."
	}
	if len(who) == 0 {
		return
	}
	if first != "" {
		text += " Last: " + clipText(first, 300)
	}
	c.directMessages(ctx, m.Channel, who, m.User.ID, text, log)
}

// directMessages sends text to the actors of channel ch who asked for
// direct messages and may be disturbed now, but for skip; it returns the
// ids written to. Failures are logged: the channel has the news anyway.
func (c *Core) directMessages(ctx context.Context, ch storage.Channel, actors []Actor, skip, text string, log *slog.Logger) []string {
	dm, ok := c.messenger(ch.Platform)
	if !ok {
		return nil
	}
	now := c.now()
	var sent []string
	seen := map[string]bool{skip: true, "": true}
	for _, a := range actors {
		if seen[a.UserID] {
			continue
		}
		seen[a.UserID] = true
		p, err := c.userPrefs(ctx, userOf(ch, a.UserID))
		if err != nil {
			log.Warn("direct message: preferences", "user", a.UserID, "err", err)
			continue
		}
		if !p.DM || freeAt(now, p).After(now) {
			continue
		}
		dctx, cancel := context.WithTimeout(ctx, dmTimeout)
		err = dm.DM(dctx, ch, a.UserID, Reply{Text: text})
		cancel()
		if err != nil {
			log.Warn("direct message not sent", "user", a.UserID, "err", err)
			continue
		}
		sent = append(sent, a.UserID)
	}
	return sent
}

// available splits the actors of channel ch into those who may be pinged
// at now and those held back (away, or in their quiet hours), with the
// first time one of the held may be pinged.
func (c *Core) available(ctx context.Context, ch storage.Channel, actors []Actor, now time.Time) (ping, held []Actor, next time.Time, err error) {
	for _, a := range actors {
		if a.UserID == "" {
			ping = append(ping, a)
			continue
		}
		p, err := c.store.UserPrefs(ctx, userOf(ch, a.UserID))
		if err != nil {
			return nil, nil, time.Time{}, fmt.Errorf("preferences of %s: %w", a.UserID, err)
		}
		at := freeAt(now, p)
		if !at.After(now) {
			ping = append(ping, a)
			continue
		}
		held = append(held, a)
		if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return ping, held, next, nil
}
