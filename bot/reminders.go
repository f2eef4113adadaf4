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
	"pbc/commands/notation"
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

// rescheduleWith is reschedule with the channel's settings in hand. The
// wait starts again: the reminders back off from the channel's cadence.
func (c *Core) rescheduleWith(ctx context.Context, id storage.GameID, set storage.ChannelSettings, playing bool, log *slog.Logger) {
	var err error
	every := c.cadence(set)
	if !playing || every == 0 {
		err = c.store.ClearReminder(ctx, id)
		log.Debug("reminder cleared", "game", id, "playing", playing, "every", every)
	} else {
		now := c.now()
		due := NextDue(now.Add(every), set.Quiet)
		err = c.store.SaveReminder(ctx, storage.Reminder{Game: id, Due: due, Since: now})
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
// is due, for the platforms this core serves. Due reminders are claimed
// for a lease, so that of several processes on one database only one
// sends each; sending it (or rescheduling) ends the claim, and a process
// that dies mid-send leaves it to be claimed again when the lease ends.
func (c *Core) RemindDue(ctx context.Context) {
	due, err := c.store.ClaimReminders(ctx, c.now(), reminderLease*c.opt.JobTimeout)
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

// reminderLease is how many job timeouts a claimed reminder is held for
// before another process may claim it.
const reminderLease = 4

// MaxReminderGap is the longest a stalled game's reminders back off to
// (a channel's own cadence may be longer).
const MaxReminderGap = 7 * 24 * time.Hour

// StallAfter is how long a game must have waited, its players reminded at
// least twice, before an admin is asked to step in.
const StallAfter = 3 * 24 * time.Hour

// reminderGap is the wait before the next reminder once sent have gone
// unanswered: the cadence, doubled after each, up to MaxReminderGap.
func reminderGap(every time.Duration, sent int) time.Duration {
	d := every
	for i := 0; i < sent && d < MaxReminderGap; i++ {
		d *= 2
	}
	return min(d, max(MaxReminderGap, every))
}

// remind reminds whoever must act in game id, if it is still due, and sets
// the next reminder: later each time one goes unanswered. Players who are
// away or in their own quiet hours are left out; when all are, the reminder
// waits for the first of them. A game stalled for StallAfter asks an admin.
func (c *Core) remind(ctx context.Context, id storage.GameID) error {
	now := c.now()
	due, err := c.store.DueReminders(ctx, now)
	if err != nil {
		return err
	}
	var r storage.Reminder
	for _, d := range due {
		if d.Game == id {
			r = d
		}
	}
	if r.Game != id {
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
	var snap engine.Snapshot
	var status string
	over := false
	err = sess.View(func(v session.View) error {
		g := v.Game()
		if g == nil || g.Finished() {
			over = g != nil
			return nil
		}
		actors = v.Actors()
		snap = g.Snapshot(false)
		if len(actors) > 0 {
			if st := v.Table().Exec(commands.Request{User: actors[0].UserID, Text: string(notation.Status)}); st.OK {
				status = st.Text
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if over || every == 0 {
		return c.store.ClearReminder(ctx, id)
	}
	if len(actors) == 0 {
		r.Due = NextDue(now.Add(every), set.Quiet)
		return c.store.SaveReminder(ctx, r)
	}
	ping, held, free, err := c.available(ctx, sg.Channel, actors, now)
	if err != nil {
		return err
	}
	if len(ping) == 0 {
		// Nobody may be pinged: wait for the first who may, without
		// counting a reminder nobody was sent.
		r.Due = NextDue(free, set.Quiet)
		log.Info("reminder held: everyone to act is away or in their quiet hours", "until", r.Due)
		return c.store.SaveReminder(ctx, r)
	}
	c.postReminder(ctx, sg, snap, ping, held, status, log)
	if r.Since.IsZero() { // a wait begun before waits were kept
		r.Since = now.Add(-every)
	}
	r.Sent++
	if waited := now.Sub(r.Since); !r.Asked && r.Sent >= 2 && waited >= StallAfter {
		c.askAdmin(ctx, sg, actors, waited, log)
		r.Asked = true
	}
	r.Due = NextDue(now.Add(reminderGap(every, r.Sent)), set.Quiet)
	return c.store.SaveReminder(ctx, r)
}

// postReminder posts a reminder mentioning ping, saying who was left out,
// and sends it to those of ping who asked for direct messages.
func (c *Core) postReminder(ctx context.Context, sg storage.Game, snap engine.Snapshot, ping, held []Actor, status string, log *slog.Logger) {
	p := sg.Channel.Platform
	var who, mentions, away []string
	for _, a := range ping {
		who = append(who, c.mention(p, a.UserID, a.Name))
		if a.UserID != "" {
			mentions = append(mentions, a.UserID)
		}
	}
	for _, a := range held {
		away = append(away, a.Name)
	}
	where := fmt.Sprintf("the %s game here (%s, phase %s)", snap.Title, roundLabel(snap.Round), snap.Phase)
	text := fmt.Sprintf("%s, a reminder: it is your turn in %s.", strings.Join(who, ", "), where)
	if len(away) > 0 {
		text += fmt.Sprintf(" (%s: away or in quiet hours, so not pinged.)", strings.Join(away, ", "))
	}
	if status != "" {
		text += "\n" + status
	}
	if err := c.adapters[p].Post(ctx, sg.Channel, Reply{Text: text, Mentions: mentions}); err != nil {
		log.Error("reminder: post", "err", err)
	} else {
		log.Info("reminder sent", "to", mentions)
	}
	dm := fmt.Sprintf("A reminder: it is your turn in the %s game in %s (%s, phase %s).",
		snap.Title, c.channelLink(sg.Channel), roundLabel(snap.Round), snap.Phase)
	c.directMessages(ctx, sg.Channel, ping, "", dm, log)
}

// askAdmin tells the channel that its game has stalled, mentioning the
// game's creator, and how an admin or the creator can get it going.
func (c *Core) askAdmin(ctx context.Context, sg storage.Game, actors []Actor, waited time.Duration, log *slog.Logger) {
	p := sg.Channel.Platform
	var names []string
	for _, a := range actors {
		names = append(names, a.Name)
	}
	days := int(waited / (24 * time.Hour))
	text := fmt.Sprintf("This %s game has been waiting %d days for %s.", sg.Title, days, strings.Join(names, ", "))
	var mentions []string
	who := " An admin"
	if sg.Creator != "" {
		who = " " + c.mention(p, sg.Creator, "") + ", as its creator, or an admin"
		mentions = []string{sg.Creator}
	}
	// kick and replace take one word: the seat's name, or the user's id.
	name := "name"
	if len(actors) > 0 && actors[0].Name != "" && !strings.Contains(actors[0].Name, " ") {
		name = actors[0].Name
	} else if len(actors) > 0 && actors[0].UserID != "" && !strings.Contains(actors[0].UserID, " ") {
		name = actors[0].UserID
	}
	text += fmt.Sprintf("%s can `kick @%s` to free the seat, `replace @%s @someone` to hand it over, or `end` the game.", who, name, name)
	if err := c.adapters[p].Post(ctx, sg.Channel, Reply{Text: text, Mentions: mentions}); err != nil {
		log.Error("stalled game: post", "err", err)
		return
	}
	log.Info("stalled game: an admin asked", "waited", waited.Round(time.Hour))
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

// settings runs "remind ..." and "quiet ..." in a channel (verb, typed as
// word): anyone may see them, an admin or the game's creator change them.
func (c *Core) settings(ctx context.Context, m Message, verb notation.Verb, word, args string) error {
	set, err := c.store.ChannelSettings(ctx, m.Channel)
	if err != nil {
		return err
	}
	set.Channel = m.Channel
	words := strings.Fields(strings.ToLower(args))
	if len(words) > 0 {
		may, err := c.mayConfigure(ctx, m)
		if err != nil {
			return err
		}
		if !may {
			return m.Respond.Respond(ctx, Reply{Ephemeral: true, Text: "Only an admin or the creator of this channel's game may change its " +
				"reminders; `" + word + "` alone shows them. For your own, see `help notify`."})
		}
	}
	changed := true
	var problem string
	switch {
	case len(words) == 0:
		changed = false
	case verb == notation.QuietHours:
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
		if err := c.setChannelSettings(ctx, set); err != nil {
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

// mayConfigure reports whether m's sender may change the channel's
// settings: an admin, or the creator of the channel's game (the open one,
// else the last one).
func (c *Core) mayConfigure(ctx context.Context, m Message) (bool, error) {
	if m.User.Admin {
		return true, nil
	}
	ch := m.Channel
	games, err := c.store.ListGames(ctx, storage.Filter{Channel: &ch, Limit: 1})
	if err != nil {
		return false, fmt.Errorf("the channel's games: %w", err)
	}
	return len(games) == 1 && games[0].Creator != "" && games[0].Creator == m.User.ID, nil
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
