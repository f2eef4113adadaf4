package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // quiet hours' time zones, even in an image without tzdata

	"pbc/commands"
	"pbc/engine"
	"pbc/session"
	"pbc/storage"
)

// RemindersOff is the cadence stored for a channel that has turned
// reminders off. (A stored cadence of 0 means "the bot's default".)
const RemindersOff = 100 * 365 * 24 * time.Hour

// cadence is the reminder interval of a channel, 0 for none.
func (c *Core) cadence(s storage.ChannelSettings) time.Duration {
	switch {
	case s.ReminderEvery >= RemindersOff/2:
		return 0
	case s.ReminderEvery > 0:
		return s.ReminderEvery
	case c.opt.RemindEvery > 0:
		return c.opt.RemindEvery
	}
	return 0
}

// NextDue is the first time at or after t that is outside the quiet hours q.
func NextDue(t time.Time, q storage.QuietHours) time.Time {
	if q.From == q.To {
		return t
	}
	loc, err := time.LoadLocation(q.TZ)
	if err != nil {
		loc = time.UTC
	}
	lt := t.In(loc)
	m := lt.Hour()*60 + lt.Minute()
	quiet := q.From <= m && m < q.To
	if q.From > q.To {
		quiet = m >= q.From || m < q.To
	}
	if !quiet {
		return t
	}
	end := time.Date(lt.Year(), lt.Month(), lt.Day(), q.To/60, q.To%60, 0, 0, loc)
	if !end.After(lt) {
		end = time.Date(lt.Year(), lt.Month(), lt.Day()+1, q.To/60, q.To%60, 0, 0, loc)
	}
	return end.UTC()
}

// reschedule sets when game id's players are next reminded: one cadence
// from now (outside quiet hours) while the game is being played, none
// otherwise.
func (c *Core) reschedule(ctx context.Context, id storage.GameID, ch storage.Channel, playing bool, log *slog.Logger) {
	set, err := c.store.ChannelSettings(ctx, ch)
	if err != nil {
		log.Error("reminder: channel settings", "game", id, "err", err)
		return
	}
	c.rescheduleWith(ctx, id, set, playing, log)
}

// rescheduleWith is reschedule with the channel's settings in hand.
func (c *Core) rescheduleWith(ctx context.Context, id storage.GameID, set storage.ChannelSettings, playing bool, log *slog.Logger) {
	var err error
	every := c.cadence(set)
	if !playing || every == 0 {
		err = c.store.ClearReminder(ctx, id)
		log.Debug("reminder cleared", "game", id, "playing", playing, "every", every)
	} else {
		due := NextDue(c.now().Add(every), set.Quiet)
		err = c.store.SetReminder(ctx, id, due)
		log.Debug("reminder scheduled", "game", id, "due", due)
	}
	if err != nil {
		log.Error("reminder: schedule", "game", id, "err", err)
	}
}

// reminderLoop sends due reminders every ReminderTick until ctx ends.
func (c *Core) reminderLoop(ctx context.Context) {
	t := time.NewTicker(c.opt.ReminderTick)
	defer t.Stop()
	for {
		c.RemindDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RemindDue queues a reminder on the channel of every game whose reminder
// is due, for the platforms this core serves.
func (c *Core) RemindDue(ctx context.Context) {
	due, err := c.store.DueReminders(ctx, c.now())
	if err != nil {
		if ctx.Err() == nil { // not a shutdown
			c.log.Error("reminders: listing due", "err", err)
		}
		return
	}
	for _, r := range due {
		sg, err := c.store.Game(ctx, r.Game)
		if err != nil {
			c.log.Error("reminders: game", "game", r.Game, "err", err)
			continue
		}
		if c.adapters[sg.Channel.Platform] == nil {
			continue
		}
		c.mu.Lock()
		queued := c.pending[r.Game]
		c.pending[r.Game] = true
		c.mu.Unlock()
		if queued {
			continue
		}
		c.lanes.add(sg.Channel, func() {
			defer func() {
				c.mu.Lock()
				delete(c.pending, r.Game)
				c.mu.Unlock()
			}()
			jctx, cancel := context.WithTimeout(c.base, c.opt.JobTimeout)
			defer cancel()
			if err := c.remind(jctx, sg.ID); err != nil {
				c.log.Error("reminder failed", "game", sg.ID, "err", err)
			}
		})
	}
}

// remind reminds whoever must act in game id, if it is still due, and sets
// the next reminder one cadence later.
func (c *Core) remind(ctx context.Context, id storage.GameID) error {
	now := c.now()
	due, err := c.store.DueReminders(ctx, now)
	if err != nil {
		return err
	}
	still := false
	for _, r := range due {
		still = still || r.Game == id
	}
	if !still {
		return nil // the player acted since, or the game ended
	}
	sess, err := c.sessions.Open(ctx, id)
	if errors.Is(err, session.ErrNotActive) {
		return c.store.ClearReminder(ctx, id)
	}
	if err != nil {
		return err
	}
	sg := sess.Game()
	log := c.log.With("game", id, "channel", sg.Channel.ID)
	set, err := c.store.ChannelSettings(ctx, sg.Channel)
	if err != nil {
		return err
	}
	every := c.cadence(set)
	var actors []Actor
	var text string
	over := false
	err = sess.View(func(v session.View) error {
		g := v.Game()
		if g == nil || g.Finished() {
			over = g != nil
			return nil
		}
		actors = v.Actors()
		var who []string
		for _, a := range actors {
			who = append(who, c.mention(sg.Channel.Platform, a.UserID, a.Name))
		}
		if len(who) == 0 {
			return nil
		}
		snap := g.Snapshot(false)
		text = fmt.Sprintf("%s, a reminder: it is your turn in the %s game here (%s, phase %s).",
			strings.Join(who, ", "), snap.Title, roundLabel(snap.Round), snap.Phase)
		if st := v.Table().Exec(commands.Request{User: actors[0].UserID, Text: "status"}); st.OK {
			text += "\n" + st.Text
		}
		return nil
	})
	if err != nil {
		return err
	}
	if over || every == 0 {
		return c.store.ClearReminder(ctx, id)
	}
	if text != "" {
		var mentions []string
		for _, a := range actors {
			if a.UserID != "" {
				mentions = append(mentions, a.UserID)
			}
		}
		if err := c.adapters[sg.Channel.Platform].Post(ctx, sg.Channel, Reply{Text: text, Mentions: mentions}); err != nil {
			log.Error("reminder: post", "err", err)
		} else {
			log.Info("reminder sent", "to", mentions)
		}
	}
	return c.store.SetReminder(ctx, id, NextDue(now.Add(every), set.Quiet))
}

// roundLabel writes a round as players say it: "SR 3", "OR 2.1".
func roundLabel(r engine.RoundInfo) string {
	switch r.Name {
	case "SR":
		return "SR " + strconv.Itoa(r.Turn)
	case "OR":
		return fmt.Sprintf("OR %d.%d", r.Turn, r.RoundNum)
	case "":
		return "set-up"
	}
	return r.Name
}

// settings runs "remind ..." and "quiet ..." in a channel.
func (c *Core) settings(ctx context.Context, m Message, verb, args string) error {
	set, err := c.store.ChannelSettings(ctx, m.Channel)
	if err != nil {
		return err
	}
	set.Channel = m.Channel
	words := strings.Fields(strings.ToLower(args))
	changed := true
	var problem string
	switch {
	case len(words) == 0:
		changed = false
	case verb == "quiet":
		problem = setQuiet(&set, strings.Fields(args))
	case words[0] == "off" || words[0] == "none" || words[0] == "never":
		set.ReminderEvery = RemindersOff
	case words[0] == "default":
		set.ReminderEvery = 0
	default:
		w := strings.TrimPrefix(strings.Join(words, ""), "every")
		d, err := time.ParseDuration(w)
		switch {
		case err != nil:
			problem = fmt.Sprintf("%q is not a time span; try \"remind every 12h\" or \"remind off\".", args)
		case d < time.Hour:
			problem = "Reminders can be at most hourly."
		default:
			set.ReminderEvery = d
		}
	}
	if problem != "" {
		return m.Respond.Respond(ctx, Reply{Text: problem, Ephemeral: true})
	}
	if changed {
		if err := c.store.SetChannelSettings(ctx, set); err != nil {
			if errors.Is(err, storage.ErrInvalid) {
				return m.Respond.Respond(ctx, Reply{Text: "That setting is not valid: " + err.Error(), Ephemeral: true})
			}
			return err
		}
		if sg, err := c.store.OpenGame(ctx, m.Channel); err == nil && sg.Status == storage.Active {
			c.rescheduleWith(ctx, sg.ID, set, true, c.log)
		}
	}
	return m.Respond.Respond(ctx, Reply{Text: c.describeSettings(set)})
}

// setQuiet parses "off" or "22:00-07:00 [Time/Zone]" into s; it returns a
// problem to report, or "".
func setQuiet(s *storage.ChannelSettings, args []string) string {
	if strings.EqualFold(args[0], "off") || strings.EqualFold(args[0], "none") {
		s.Quiet = storage.QuietHours{}
		return ""
	}
	from, to, ok := strings.Cut(args[0], "-")
	f, ok1 := clock(from)
	t, ok2 := clock(to)
	if !ok || !ok1 || !ok2 {
		return fmt.Sprintf("%q is not a span of hours; try \"quiet 22:00-07:00 Europe/Paris\" or \"quiet off\".", args[0])
	}
	tz := s.Quiet.TZ
	if len(args) > 1 {
		if _, err := time.LoadLocation(args[1]); err != nil {
			return fmt.Sprintf("I do not know the time zone %q; use a name like Europe/Paris or America/Vancouver.", args[1])
		}
		tz = args[1]
	}
	s.Quiet = storage.QuietHours{From: f, To: t, TZ: tz}
	return ""
}

// clock parses "7", "07", "7:30" or "07:30" as minutes after midnight.
func clock(s string) (int, bool) {
	h, m, _ := strings.Cut(strings.TrimSpace(s), ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 23 {
		return 0, false
	}
	mm := 0
	if m != "" {
		if mm, err = strconv.Atoi(m); err != nil || mm < 0 || mm > 59 {
			return 0, false
		}
	}
	return hh*60 + mm, true
}

// describeSettings says a channel's reminder settings in a line.
func (c *Core) describeSettings(s storage.ChannelSettings) string {
	var b strings.Builder
	if every := c.cadence(s); every == 0 {
		b.WriteString("Reminders are off in this channel.")
	} else {
		fmt.Fprintf(&b, "Reminders every %s", strings.TrimSuffix(strings.TrimSuffix(every.String(), "0s"), "0m"))
		if s.ReminderEvery == 0 {
			b.WriteString(" (the default)")
		}
		b.WriteString(".")
	}
	if s.Quiet.From != s.Quiet.To {
		tz := s.Quiet.TZ
		if tz == "" {
			tz = "UTC"
		}
		fmt.Fprintf(&b, " Quiet hours %02d:%02d–%02d:%02d %s.", s.Quiet.From/60, s.Quiet.From%60, s.Quiet.To/60, s.Quiet.To%60, tz)
	}
	return b.String()
}
