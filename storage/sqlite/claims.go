package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"pbc/storage"
)

// ClaimReminders claims the due reminders of active games that nobody
// holds, until now+lease. One process writes the file, and its writes are
// serialised, so one UPDATE is the whole claim.
func (db *DB) ClaimReminders(ctx context.Context, now time.Time, lease time.Duration) ([]storage.Reminder, error) {
	if lease <= 0 {
		return nil, fmt.Errorf("%w: reminder lease %v", storage.ErrInvalid, lease)
	}
	rows, err := db.w.QueryContext(ctx, `UPDATE reminders SET claimed_until = ?2
		WHERE next_due <= ?1 AND (claimed_until IS NULL OR claimed_until <= ?1)
		AND game_id IN (SELECT id FROM games WHERE status = 'active')
		RETURNING game_id, next_due, sent, since, asked`, millis(now), millis(now.Add(lease)))
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
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortFunc(out, func(a, b storage.Reminder) int {
		if c := a.Due.Compare(b.Due); c != 0 {
			return c
		}
		return int(a.Game - b.Game)
	})
	return out, nil
}
