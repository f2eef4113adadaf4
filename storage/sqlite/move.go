package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"time"

	"pbc/storage"
)

// Commit writes m to active game id in one transaction: its event id, its
// log entries, its seat changes and the end of the game, or nothing at all.
// A redelivered event is storage.ErrDuplicate even once the move it repeats
// has finished the game, so that a repeated "end game" is not an error to
// show. It returns the game's record as the transaction left it.
func (db *DB) Commit(ctx context.Context, id storage.GameID, m storage.Move) (storage.Game, error) {
	now := db.now()
	m, err := storage.PrepareMove(m, now)
	if err != nil {
		return storage.Game{}, err
	}
	var result any
	if m.Finish != nil && m.Finish.Result != nil {
		b, err := json.Marshal(m.Finish.Result)
		if err != nil {
			return storage.Game{}, fmt.Errorf("%w: result: %v", storage.ErrInvalid, err)
		}
		result = string(b)
	}
	var g storage.Game
	err = db.write(ctx, func(tx *sql.Tx) error {
		var next int
		var err error
		g, err = scanGame(db.ws.in(ctx, tx, qGameForMove).QueryRowContext(ctx, id), &next)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		// The event goes first: a repeat is a duplicate whatever the game's
		// status or log have become since, and the rollback undoes it if
		// anything after fails.
		if m.EventID != "" {
			_, err := db.ws.in(ctx, tx, qInsertEvent).ExecContext(ctx, id, m.EventID, next-1+len(m.Entries), millis(now))
			if isConstraint(err) {
				return fmt.Errorf("game %d: event %q: %w", id, m.EventID, storage.ErrDuplicate)
			}
			if err != nil {
				return err
			}
		}
		if g.Status != storage.Active {
			return fmt.Errorf("game %d is %s: %w", id, g.Status, storage.ErrStatus)
		}
		if err := db.insertEntries(ctx, tx, id, next, m.Entries); err != nil {
			return err
		}
		for _, s := range m.Seats {
			if err := changeSeat(ctx, tx, id, s, now); err != nil {
				return err
			}
		}
		g.UpdatedAt = fromMillis(millis(now))
		if m.Finish == nil {
			if _, err = db.ws.in(ctx, tx, qTouchGame).ExecContext(ctx, millis(now), id); err != nil {
				return err
			}
			return saveReminder(ctx, tx, id, m.Reminder)
		}
		g.Status, g.EndReason, g.Result, g.EndedAt = storage.Finished, m.Finish.Reason, maps.Clone(m.Finish.Result), g.UpdatedAt
		if _, err := tx.ExecContext(ctx, `UPDATE games SET status = 'finished', result = ?, end_reason = ?,
			updated_at = ?, ended_at = ? WHERE id = ?`, result, m.Finish.Reason, millis(now), millis(now), id); err != nil {
			return err
		}
		// A finished game has no next reminder.
		_, err = tx.ExecContext(ctx, "DELETE FROM reminders WHERE game_id = ?", id)
		return err
	})
	if err != nil {
		return storage.Game{}, err
	}
	return g, nil
}

// insertEntries appends es to game id's log, whose next sequence number is
// next; es must start there (a *storage.ConflictError otherwise).
func (db *DB) insertEntries(ctx context.Context, tx *sql.Tx, id storage.GameID, next int, es []storage.Entry) error {
	if len(es) == 0 {
		return nil
	}
	if es[0].Seq != next {
		return &storage.ConflictError{Game: id, Seq: es[0].Seq, Next: next}
	}
	insert := db.ws.in(ctx, tx, qInsertAction)
	for _, e := range es {
		_, err := insert.ExecContext(ctx, id, e.Seq, string(e.Action), e.UserID, millis(e.At))
		if isConstraint(err) { // only if another process bypassed the lock
			return &storage.ConflictError{Game: id, Seq: es[0].Seq, Next: next + 1}
		}
		if err != nil {
			return fmt.Errorf("seq %d: %w", e.Seq, err)
		}
	}
	return nil
}

// changeSeat hands a current seat of game id to another user at time now,
// as ReplaceSeat does; a freed seat with no name keeps its holder's.
func changeSeat(ctx context.Context, tx *sql.Tx, id storage.GameID, c storage.SeatChange, now time.Time) error {
	var playerID int
	var name string
	err := tx.QueryRowContext(ctx, `UPDATE seats SET until = ? WHERE game_id = ? AND seat = ? AND until IS NULL
		RETURNING player_id, display_name`, millis(now), id, c.Order).Scan(&playerID, &name)
	if errors.Is(err, sql.ErrNoRows) {
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

// Rows returns game id's log rows after seq after, in order, as stored.
func (db *DB) Rows(ctx context.Context, id storage.GameID, after int) ([]storage.Entry, error) {
	if after < 0 {
		return nil, fmt.Errorf("%w: rows after seq %d", storage.ErrInvalid, after)
	}
	var out []storage.Entry
	err := db.read(ctx, func(tx *sql.Tx) error {
		if err := gameExists(ctx, tx, id); err != nil {
			return err
		}
		var err error
		out, err = db.entries(ctx, tx, id, after)
		return err
	})
	return out, err
}

// gameExists is storage.ErrNotFound unless game id exists; it reads nothing
// else of it, so a game with a corrupt record exists.
func gameExists(ctx context.Context, q querier, id storage.GameID) error {
	var one int
	err := q.QueryRowContext(ctx, "SELECT 1 FROM games WHERE id = ?", id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
	}
	return err
}

// Truncate drops open game id's log rows after seq keep, copying them into
// dropped_actions first (the log's delete trigger refuses rows not kept
// there), and returns how many it dropped. It neither reads nor decodes the
// rows, so whatever they hold goes. The game's event ids stay remembered: a
// late redelivery of a dropped move is still a duplicate, not a replay.
func (db *DB) Truncate(ctx context.Context, id storage.GameID, keep int, by string) (int, error) {
	if keep < 0 {
		return 0, fmt.Errorf("%w: keep %d rows", storage.ErrInvalid, keep)
	}
	if by == "" {
		return 0, fmt.Errorf("%w: truncating needs whom to name", storage.ErrInvalid)
	}
	var n int64
	err := db.write(ctx, func(tx *sql.Tx) error {
		var status string
		err := tx.QueryRowContext(ctx, "SELECT status FROM games WHERE id = ?", id).Scan(&status)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if !storage.Status(status).Open() {
			return fmt.Errorf("game %d is %s: %w", id, status, storage.ErrStatus)
		}
		now := millis(db.now())
		if _, err := tx.ExecContext(ctx, `INSERT INTO dropped_actions
			(game_id, seq, data, user_id, created_at, dropped_at, dropped_by)
			SELECT game_id, seq, data, user_id, created_at, ?, ? FROM actions WHERE game_id = ? AND seq > ?`,
			now, by, id, keep); err != nil {
			return fmt.Errorf("keeping the dropped rows: %w", err)
		}
		res, err := tx.ExecContext(ctx, "DELETE FROM actions WHERE game_id = ? AND seq > ?", id, keep)
		if err != nil {
			return err
		}
		if n, err = res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		// A log cut below what an import brought no longer matches the
		// imported header's state at any length: -1 says so to Load.
		_, err = tx.ExecContext(ctx, `UPDATE games SET updated_at = ?,
			imported_actions = CASE WHEN imported_actions > ? THEN -1 ELSE imported_actions END
			WHERE id = ?`, now, keep, id)
		return err
	})
	if err != nil {
		return 0, err
	}
	return int(n), nil
}

// saveReminder writes r, the next reminder of game id, in tx as
// SaveReminder does; a zero Due removes it, nil leaves it alone.
func saveReminder(ctx context.Context, tx *sql.Tx, id storage.GameID, r *storage.Reminder) error {
	switch {
	case r == nil:
		return nil
	case r.Due.IsZero():
		_, err := tx.ExecContext(ctx, "DELETE FROM reminders WHERE game_id = ?", id)
		return err
	}
	var since sql.NullInt64
	if !r.Since.IsZero() {
		since = sql.NullInt64{Int64: millis(r.Since), Valid: true}
	}
	asked := 0
	if r.Asked {
		asked = 1
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO reminders (game_id, next_due, sent, since, asked) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET next_due = excluded.next_due, sent = excluded.sent,
		since = excluded.since, asked = excluded.asked, claimed_until = NULL`, id, millis(r.Due), r.Sent, since, asked)
	return err
}
