package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// ChannelSettings returns the channel's settings, or the defaults if it has none.
func (db *DB) ChannelSettings(ctx context.Context, ch storage.Channel) (storage.ChannelSettings, error) {
	s := storage.ChannelSettings{Channel: ch}
	var every int64
	var images string
	err := db.pool.QueryRow(ctx, `SELECT reminder_every_ms, quiet_from, quiet_to, quiet_tz, images
		FROM channel_settings WHERE platform = $1 AND workspace = $2 AND channel = $3`,
		ch.Platform, ch.Workspace, ch.ID).Scan(&every, &s.Quiet.From, &s.Quiet.To, &s.Quiet.TZ, &images)
	if errors.Is(err, pgx.ErrNoRows) {
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
	_, err = db.pool.Exec(ctx, `INSERT INTO channel_settings (platform, workspace, channel,
		reminder_every_ms, quiet_from, quiet_to, quiet_tz, images, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (platform, workspace, channel) DO UPDATE SET
		reminder_every_ms = excluded.reminder_every_ms, quiet_from = excluded.quiet_from,
		quiet_to = excluded.quiet_to, quiet_tz = excluded.quiet_tz, images = excluded.images,
		updated_at = excluded.updated_at`,
		s.Channel.Platform, s.Channel.Workspace, s.Channel.ID, s.ReminderEvery.Milliseconds(),
		q.From, q.To, q.TZ, string(images), stamp(db.now()))
	return err
}

// SetReminder sets when the game's next reminder is due, starting a new
// wait; a claim on the previous one ends.
func (db *DB) SetReminder(ctx context.Context, id storage.GameID, due time.Time) error {
	return db.SaveReminder(ctx, storage.Reminder{Game: id, Due: due})
}

// SaveReminder sets the game's next reminder with the state of its wait; a
// claim on the previous one ends.
func (db *DB) SaveReminder(ctx context.Context, r storage.Reminder) error {
	if r.Sent < 0 {
		return fmt.Errorf("%w: %d reminders sent", storage.ErrInvalid, r.Sent)
	}
	var since *time.Time
	if !r.Since.IsZero() {
		t := stamp(r.Since)
		since = &t
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO reminders (game_id, next_due, sent, since, asked) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (game_id) DO UPDATE SET next_due = excluded.next_due, sent = excluded.sent,
		since = excluded.since, asked = excluded.asked, claimed_until = NULL`,
		r.Game, stamp(r.Due), r.Sent, since, r.Asked)
	if isConstraint(err) {
		return fmt.Errorf("game %d: %w", r.Game, storage.ErrNotFound)
	}
	return err
}

// ClearReminder removes the game's reminder, if any.
func (db *DB) ClearReminder(ctx context.Context, id storage.GameID) error {
	_, err := db.pool.Exec(ctx, "DELETE FROM reminders WHERE game_id = $1", id)
	return err
}

// DueReminders returns the reminders of active games due at or before now,
// earliest first, claimed or not.
func (db *DB) DueReminders(ctx context.Context, now time.Time) ([]storage.Reminder, error) {
	rows, err := db.pool.Query(ctx, `SELECT r.game_id, r.next_due, r.sent, r.since, r.asked FROM reminders r
		JOIN games g ON g.id = r.game_id
		WHERE r.next_due <= $1 AND g.status = 'active' ORDER BY r.next_due, r.game_id`, stamp(now))
	if err != nil {
		return nil, err
	}
	return scanReminders(rows)
}

// ClaimReminders claims the due reminders of active games that nobody
// holds, until now+lease. Rows another process is claiming at this moment
// are skipped rather than waited for (SKIP LOCKED), so that processes
// polling together share the due reminders out instead of queueing.
func (db *DB) ClaimReminders(ctx context.Context, now time.Time, lease time.Duration) ([]storage.Reminder, error) {
	if lease <= 0 {
		return nil, fmt.Errorf("%w: reminder lease %v", storage.ErrInvalid, lease)
	}
	now = stamp(now)
	rows, err := db.pool.Query(ctx, `UPDATE reminders r SET claimed_until = $2
		FROM (SELECT r.game_id FROM reminders r JOIN games g ON g.id = r.game_id
			WHERE r.next_due <= $1 AND g.status = 'active' AND (r.claimed_until IS NULL OR r.claimed_until <= $1)
			FOR UPDATE OF r SKIP LOCKED) due
		WHERE r.game_id = due.game_id
		RETURNING r.game_id, r.next_due, r.sent, r.since, r.asked`, now, stamp(now.Add(lease)))
	if err != nil {
		return nil, err
	}
	out, err := scanReminders(rows)
	slices.SortFunc(out, func(a, b storage.Reminder) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		return int(a.Game - b.Game)
	})
	return out, err
}

// scanReminders reads reminder rows.
func scanReminders(rows pgx.Rows) ([]storage.Reminder, error) {
	defer rows.Close()
	var out []storage.Reminder
	for rows.Next() {
		var r storage.Reminder
		var since *time.Time
		if err := rows.Scan(&r.Game, &r.Due, &r.Sent, &since, &r.Asked); err != nil {
			return nil, err
		}
		r.Due = r.Due.UTC()
		if since != nil {
			r.Since = since.UTC()
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
