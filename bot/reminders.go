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

	"pbc/engine"
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

// reschedule sets when the game's players are next reminded: one cadence
// from now (outside quiet hours) while the game is active, none otherwise.
// g is the game's state (nil if it has not started).
func (c *Core) reschedule(ctx context.Context, sg storage.Game, g *engine.Game, log *slog.Logger) {
	set, err := c.store.ChannelSettings(ctx, sg.Channel)
	if err != nil {
		log.Error("reminder: channel settings", "game", sg.ID, "err", err)
		return
	}
	every := c.cadence(set)
	if g == nil || g.Finished() || sg.Status != storage.Active || every == 0 {
		err = c.store.ClearReminder(ctx, sg.ID)
		log.Debug("reminder cleared", "game", sg.ID, "status", sg.Status, "started", g != nil, "every", every)
	} else {
		due := NextDue(c.now().Add(every), set.Quiet)
		err = c.store.SetReminder(ctx, sg.ID, due)
		log.Debug("reminder scheduled", "game", sg.ID, "due", due)
	}
	if err != nil {
		log.Error("reminder: schedule", "game", sg.ID, "err", err)
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
		c.log.Error("reminders: listing due", "err", err)
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
	ld, err := c.store.Load(ctx, id)
	if err != nil {
		return err
	}
	log := c.log.With("game", id, "channel", ld.Game.Channel.ID)
	g, err := replayLoaded(ld)
	if err != nil {
		log.Error("reminder: replay", "err", err)
	}
	if g == nil || g.Finished() {
		return c.store.ClearReminder(ctx, id)
	}
	set, err := c.store.ChannelSettings(ctx, ld.Game.Channel)
	if err != nil {
		return err
	}
	every := c.cadence(set)
	if every == 0 {
		return c.store.ClearReminder(ctx, id)
	}
	actors := Actors(g, ld.Seats)
	var mentions []string
	var who []string
	var status string
	for _, a := range actors {
		who = append(who, c.mention(ld.Game.Channel.Platform, a.UserID, a.Name))
		if a.UserID != "" {
			mentions = append(mentions, a.UserID)
		}
		if status == "" {
			res, err := c.cmds.Do(ctx, Request{Channel: ld.Game.Channel,
				User: User{ID: a.UserID, Name: a.Name}, Text: "status"})
			if err == nil && !res.Refused {
				status = res.Text
			}
		}
	}
	if len(who) > 0 {
		snap := g.Snapshot(false)
		text := fmt.Sprintf("%s, a reminder: it is your turn in the %s game here (%s, phase %s).",
			strings.Join(who, ", "), snap.Title, roundLabel(snap.Round), snap.Phase)
		if status != "" {
			text += "\n" + status
		}
		if err := c.adapters[ld.Game.Channel.Platform].Post(ctx, ld.Game.Channel,
			Reply{Text: text, Mentions: mentions}); err != nil {
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
			if ld, err := c.store.Load(ctx, sg.ID); err == nil {
				g, _ := replayLoaded(ld)
				c.reschedule(ctx, sg, g, c.log)
			}
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
