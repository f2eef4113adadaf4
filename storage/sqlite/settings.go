package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"pbc/storage"
)

// ChannelSettings returns the channel's settings, or the defaults if it has none.
func (db *DB) ChannelSettings(ctx context.Context, ch storage.Channel) (storage.ChannelSettings, error) {
	s := storage.ChannelSettings{Channel: ch}
	var every int64
	var images string
	err := db.r.QueryRowContext(ctx, `SELECT reminder_every_ms, quiet_from, quiet_to, quiet_tz, images
		FROM channel_settings WHERE platform = ? AND workspace = ? AND channel = ?`,
		ch.Platform, ch.Workspace, ch.ID).Scan(&every, &s.Quiet.From, &s.Quiet.To, &s.Quiet.TZ, &images)
	if err == sql.ErrNoRows {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	s.ReminderEvery = time.Duration(every) * time.Millisecond
	if err := json.Unmarshal([]byte(images), &s.Images); err != nil {
		return s, fmt.Errorf("%w: channel %s: image preferences: %v", storage.ErrCorrupt, ch.ID, err)
	}
	return s, nil
}

// SetChannelSettings stores the channel's settings, replacing earlier ones.
func (db *DB) SetChannelSettings(ctx context.Context, s storage.ChannelSettings) error {
	if err := checkChannel(s.Channel); err != nil {
		return err
	}
	q := s.Quiet
	if err := q.Check(); err != nil {
		return err
	}
	if s.ReminderEvery < 0 {
		return fmt.Errorf("%w: reminder cadence %v", storage.ErrInvalid, s.ReminderEvery)
	}
	images, err := json.Marshal(s.Images)
	if err != nil {
		return err
	}
	_, err = db.w.ExecContext(ctx, `INSERT INTO channel_settings (platform, workspace, channel,
		reminder_every_ms, quiet_from, quiet_to, quiet_tz, images, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform, workspace, channel) DO UPDATE SET
		reminder_every_ms = excluded.reminder_every_ms, quiet_from = excluded.quiet_from,
		quiet_to = excluded.quiet_to, quiet_tz = excluded.quiet_tz, images = excluded.images,
		updated_at = excluded.updated_at`,
		s.Channel.Platform, s.Channel.Workspace, s.Channel.ID, s.ReminderEvery.Milliseconds(),
		q.From, q.To, q.TZ, string(images), millis(db.now()))
	return err
}

// SetReminder sets when the game's next reminder is due, starting a new wait.
func (db *DB) SetReminder(ctx context.Context, id storage.GameID, due time.Time) error {
	return db.SaveReminder(ctx, storage.Reminder{Game: id, Due: due})
}

// SaveReminder sets the game's next reminder with the state of its wait; a
// claim on the previous one ends.
func (db *DB) SaveReminder(ctx context.Context, r storage.Reminder) error {
	if r.Sent < 0 {
		return fmt.Errorf("%w: %d reminders sent", storage.ErrInvalid, r.Sent)
	}
	var since sql.NullInt64
	if !r.Since.IsZero() {
		since = sql.NullInt64{Int64: millis(r.Since), Valid: true}
	}
	asked := 0
	if r.Asked {
		asked = 1
	}
	_, err := db.w.ExecContext(ctx, `INSERT INTO reminders (game_id, next_due, sent, since, asked) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET next_due = excluded.next_due, sent = excluded.sent,
		since = excluded.since, asked = excluded.asked, claimed_until = NULL`, r.Game, millis(r.Due), r.Sent, since, asked)
	if isConstraint(err) {
		return fmt.Errorf("game %d: %w", r.Game, storage.ErrNotFound)
	}
	return err
}

// ClearReminder removes the game's reminder, if any.
func (db *DB) ClearReminder(ctx context.Context, id storage.GameID) error {
	_, err := db.w.ExecContext(ctx, "DELETE FROM reminders WHERE game_id = ?", id)
	return err
}

// DueReminders returns the reminders of active games due at or before now,
// earliest first.
func (db *DB) DueReminders(ctx context.Context, now time.Time) ([]storage.Reminder, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT r.game_id, r.next_due, r.sent, r.since, r.asked FROM reminders r
		JOIN games g ON g.id = r.game_id
		WHERE r.next_due <= ? AND g.status = 'active' ORDER BY r.next_due, r.game_id`, millis(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Reminder
	for rows.Next() {
		var r storage.Reminder
		var due int64
		var since sql.NullInt64
		if err := rows.Scan(&r.Game, &due, &r.Sent, &since, &r.Asked); err != nil {
			return nil, err
		}
		r.Due = fromMillis(due)
		if since.Valid {
			r.Since = fromMillis(since.Int64)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
