package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// Commit writes m to active game id in one transaction: its event id, its
// log entries, its seat changes and the end of the game, or nothing at all.
// The game's row lock orders the commits of several processes: the second
// of two at one seq waits for the first, then finds the log moved on (a
// *storage.ConflictError) or the event answered (storage.ErrDuplicate).
func (db *DB) Commit(ctx context.Context, id storage.GameID, m storage.Move) (storage.Game, error) {
	now := db.now()
	m, err := storage.PrepareMove(m, now)
	if err != nil {
		return storage.Game{}, err
	}
	var result *string
	if m.Finish != nil && m.Finish.Result != nil {
		b, err := json.Marshal(m.Finish.Result)
		if err != nil {
			return storage.Game{}, fmt.Errorf("%w: result: %v", storage.ErrInvalid, err)
		}
		s := string(b)
		result = &s
	}
	now = stamp(now)
	var g storage.Game
	err = db.write(ctx, func(tx pgx.Tx) error {
		var next int
		var err error
		if g, next, err = lockForWrite(ctx, tx, id); err != nil {
			return err
		}
		// One round trip writes the move: the event first, so that a
		// repeat is a duplicate whatever the game's status or log have
		// become since (the rollback undoes what follows it), then the
		// entries and the game's record, if the move fits the game.
		b := &pgx.Batch{}
		if m.EventID != "" {
			b.Queue(`INSERT INTO move_events (game_id, event_id, seq, at) VALUES ($1, $2, $3, $4)
				ON CONFLICT DO NOTHING`, id, m.EventID, next-1+len(m.Entries), now)
		}
		fits := g.Status == storage.Active && (len(m.Entries) == 0 || m.Entries[0].Seq == next)
		if fits {
			queueEntries(b, id, m.Entries)
			if m.Finish == nil {
				b.Queue("UPDATE games SET updated_at = $1 WHERE id = $2", now, id)
				queueReminder(b, id, m.Reminder)
			} else {
				b.Queue(`UPDATE games SET status = 'finished', result = $1, end_reason = $2,
					updated_at = $3, ended_at = $3 WHERE id = $4`, result, m.Finish.Reason, now, id)
				b.Queue("DELETE FROM reminders WHERE game_id = $1", id) // a finished game has no next reminder
			}
		}
		if err := runBatch(ctx, tx, b, m.EventID != ""); err != nil {
			if errors.Is(err, errNoRow) {
				return fmt.Errorf("game %d: event %q: %w", id, m.EventID, storage.ErrDuplicate)
			}
			return err
		}
		if g.Status != storage.Active {
			return fmt.Errorf("game %d is %s: %w", id, g.Status, storage.ErrStatus)
		}
		if !fits {
			return &storage.ConflictError{Game: id, Seq: m.Entries[0].Seq, Next: next}
		}
		for _, s := range m.Seats {
			if err := changeSeat(ctx, tx, id, s, now); err != nil {
				return err
			}
		}
		g.UpdatedAt = now
		if m.Finish != nil {
			g.Status, g.EndReason, g.Result, g.EndedAt = storage.Finished, m.Finish.Reason, maps.Clone(m.Finish.Result), now
		}
		return nil
	})
	if err != nil {
		return storage.Game{}, err
	}
	return g, nil
}

// errNoRow is runBatch's report that the batch's first statement wrote nothing.
var errNoRow = errors.New("postgres: no row written")

// runBatch sends b, if it holds anything, and reads its results; with
// firstWrites, a first statement that wrote no row is errNoRow.
func runBatch(ctx context.Context, tx pgx.Tx, b *pgx.Batch, firstWrites bool) error {
	if b.Len() == 0 {
		return nil
	}
	br := tx.SendBatch(ctx, b)
	for i := range b.Len() {
		tag, err := br.Exec()
		if err == nil && i == 0 && firstWrites && tag.RowsAffected() == 0 {
			err = errNoRow
		}
		if err != nil {
			br.Close()
			return err
		}
	}
	return br.Close()
}

// changeSeat hands a current seat of game id to another user at time now,
// as ReplaceSeat does; a freed seat with no name keeps its holder's.
func changeSeat(ctx context.Context, tx pgx.Tx, id storage.GameID, c storage.SeatChange, now time.Time) error {
	var playerID int
	var name string
	err := tx.QueryRow(ctx, `UPDATE seats SET until = $1 WHERE game_id = $2 AND seat = $3 AND until IS NULL
		RETURNING player_id, display_name`, now, id, c.Order).Scan(&playerID, &name)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("game %d has no seat %d: %w", id, c.Order, storage.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("seat %d: %w", c.Order, err)
	}
	if c.UserID != "" || c.DisplayName != "" {
		name = c.DisplayName
	}
	return insertSeat(ctx, tx, id, storage.Seat{Order: c.Order, PlayerID: playerID, UserID: c.UserID, DisplayName: name, Since: now})
}

// Truncate drops open game id's log rows after seq keep, copying them into
// dropped_actions first (the log's delete trigger refuses rows not kept
// there), and returns how many it dropped. The game's event ids stay
// remembered: a late redelivery of a dropped move is still a duplicate.
func (db *DB) Truncate(ctx context.Context, id storage.GameID, keep int, by string) (int, error) {
	if keep < 0 {
		return 0, fmt.Errorf("%w: keep %d rows", storage.ErrInvalid, keep)
	}
	if by == "" {
		return 0, fmt.Errorf("%w: truncating needs whom to name", storage.ErrInvalid)
	}
	var n int64
	err := db.write(ctx, func(tx pgx.Tx) error {
		var status string
		err := tx.QueryRow(ctx, "SELECT status FROM games WHERE id = $1 FOR UPDATE", id).Scan(&status)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if !storage.Status(status).Open() {
			return fmt.Errorf("game %d is %s: %w", id, status, storage.ErrStatus)
		}
		now := stamp(db.now())
		if _, err := tx.Exec(ctx, `INSERT INTO dropped_actions
			(game_id, seq, data, user_id, created_at, dropped_at, dropped_by)
			SELECT game_id, seq, convert_to(data, 'UTF8'), user_id, created_at, $1, $2 FROM actions
			WHERE game_id = $3 AND seq > $4 ORDER BY seq`, now, by, id, keep); err != nil {
			return fmt.Errorf("keeping the dropped rows: %w", err)
		}
		tag, err := tx.Exec(ctx, "DELETE FROM actions WHERE game_id = $1 AND seq > $2", id, keep)
		if err != nil {
			return err
		}
		if n = tag.RowsAffected(); n == 0 {
			return nil
		}
		// A log cut below what an import brought no longer matches the
		// imported header's state at any length: -1 says so to Load.
		_, err = tx.Exec(ctx, `UPDATE games SET updated_at = $1,
			imported_actions = CASE WHEN imported_actions > $2 THEN -1 ELSE imported_actions END
			WHERE id = $3`, now, keep, id)
		return err
	})
	if err != nil {
		return 0, err
	}
	return int(n), nil
}

// queueReminder queues the writing of r, the next reminder of game id, as
// SaveReminder does; a zero Due removes it, nil leaves it alone.
func queueReminder(b *pgx.Batch, id storage.GameID, r *storage.Reminder) {
	switch {
	case r == nil:
		return
	case r.Due.IsZero():
		b.Queue("DELETE FROM reminders WHERE game_id = $1", id)
		return
	}
	var since *time.Time
	if !r.Since.IsZero() {
		t := stamp(r.Since)
		since = &t
	}
	b.Queue(`INSERT INTO reminders (game_id, next_due, sent, since, asked) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (game_id) DO UPDATE SET next_due = excluded.next_due, sent = excluded.sent,
		since = excluded.since, asked = excluded.asked, claimed_until = NULL`,
		id, stamp(r.Due), r.Sent, since, r.Asked)
}
