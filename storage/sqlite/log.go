package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"

	"pbc/engine/action"
	"pbc/storage"
)

// Append adds e to an active game's log at sequence number e.Seq, which must
// be the next one; otherwise nothing is written and a *storage.ConflictError
// tells the caller the log's next sequence number. e.At defaults to now.
func (db *DB) Append(ctx context.Context, id storage.GameID, e storage.Entry) (storage.Entry, error) {
	if e.Seq <= 0 {
		return e, fmt.Errorf("%w: seq %d", storage.ErrInvalid, e.Seq)
	}
	raw, err := storage.CheckAction(e.Action)
	if err != nil {
		return e, err
	}
	e.Action = raw
	if e.At.IsZero() {
		e.At = db.now()
	}
	err = db.write(ctx, func(tx *sql.Tx) error {
		var status string
		var next int
		err := db.ws.in(ctx, tx, qStatusForAppend).QueryRowContext(ctx, id).Scan(&status, &next)
		if err == sql.ErrNoRows {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if storage.Status(status) != storage.Active {
			return fmt.Errorf("game %d is %s: %w", id, status, storage.ErrStatus)
		}
		if e.Seq != next {
			return &storage.ConflictError{Game: id, Seq: e.Seq, Next: next}
		}
		_, err = db.ws.in(ctx, tx, qInsertAction).ExecContext(ctx, id, e.Seq, string(e.Action), e.UserID, millis(e.At))
		if isConstraint(err) { // only if another process bypassed the lock
			return &storage.ConflictError{Game: id, Seq: e.Seq, Next: next + 1}
		}
		if err != nil {
			return err
		}
		_, err = db.ws.in(ctx, tx, qTouchGame).ExecContext(ctx, millis(e.At), id)
		return err
	})
	return e, err
}

// Load returns the game, its current seats and its log, decoded. The first
// row that cannot be read, or a missing sequence number, is reported as a
// *storage.CorruptError.
func (db *DB) Load(ctx context.Context, id storage.GameID) (*storage.Loaded, error) {
	var (
		ld       = new(storage.Loaded)
		header   sql.NullString
		imported int
		dec      = storage.NewLogDecoder(id) // decodes rows while the next ones are read
	)
	err := db.read(ctx, func(tx *sql.Tx) error {
		var err error
		ld.Game, err = scanGame(db.rs.in(ctx, tx, qGameForLoad).QueryRowContext(ctx, id), &header, &imported)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if ld.Seats, err = scanSeats(db.rs.in(ctx, tx, qSeats).QueryContext(ctx, id)); err != nil {
			return err
		}
		if err := db.scanRows(ctx, tx, id, 0, dec.Add); err != nil {
			return err
		}
		ld.Events, err = recentEvents(ctx, tx, id)
		return err
	})
	entries, actions, derr := dec.Finish()
	if err != nil {
		return nil, err
	}
	if derr != nil {
		return nil, derr
	}
	ld.Entries = entries
	var head []byte
	if header.Valid {
		head = []byte(header.String)
	}
	if ld.Log, err = storage.BuildLog(ld.Game, ld.Seats, actions, head, imported); err != nil {
		return nil, err
	}
	return ld, nil
}

// entries reads a game's log rows after seq after, in sequence order.
func (db *DB) entries(ctx context.Context, tx *sql.Tx, id storage.GameID, after int) ([]storage.Entry, error) {
	var out []storage.Entry
	err := db.scanRows(ctx, tx, id, after, func(e storage.Entry) { out = append(out, e) })
	return out, err
}

// scanRows reads a game's log rows after seq after, in sequence order, and
// hands each to add. A row that cannot be scanned is a *storage.CorruptError.
func (db *DB) scanRows(ctx context.Context, tx *sql.Tx, id storage.GameID, after int, add func(storage.Entry)) error {
	rows, err := db.rs.in(ctx, tx, qRows).QueryContext(ctx, id, after)
	if err != nil {
		return err
	}
	defer rows.Close()
	seq := after
	for rows.Next() {
		var e storage.Entry
		var at int64
		if err := rows.Scan(&e.Seq, (*[]byte)(&e.Action), &e.UserID, &at); err != nil {
			return &storage.CorruptError{Game: id, Seq: seq + 1, Reason: err.Error()}
		}
		e.At = fromMillis(at)
		seq = e.Seq
		add(e)
	}
	return rows.Err()
}

// Import stores an 18xx.games log as a new game of the channel, all in one
// transaction: active (storage.ErrChannelBusy if the channel has an open
// game), or finished when the log has ended.
func (db *DB) Import(ctx context.Context, ch storage.Channel, creator string, l *action.GameLog) (storage.Game, error) {
	p, err := storage.PlanImport(ch, creator, l, db.now())
	if err != nil {
		return storage.Game{}, err
	}
	var id storage.GameID
	err = db.write(ctx, func(tx *sql.Tx) error {
		if id, err = insertGame(ctx, tx, p.Game, p.Header, len(p.Entries)); err != nil {
			return err
		}
		for _, s := range p.Seats {
			if err := insertSeat(ctx, tx, id, s); err != nil {
				return err
			}
		}
		stmt, err := tx.PrepareContext(ctx, "INSERT INTO actions (game_id, seq, data, user_id, created_at) VALUES (?, ?, ?, ?, ?)")
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, e := range p.Entries {
			if _, err := stmt.ExecContext(ctx, id, e.Seq, string(e.Action), e.UserID, millis(e.At)); err != nil {
				return fmt.Errorf("action %d: %w", e.Seq, err)
			}
		}
		return nil
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}

// Export writes the game as 18xx.games JSON.
func (db *DB) Export(ctx context.Context, id storage.GameID, w io.Writer) error {
	ld, err := db.Load(ctx, id)
	if err != nil {
		return err
	}
	return ld.Log.Write(w)
}

// recentEvents reads the event ids of a game's latest moves.
func recentEvents(ctx context.Context, q querier, id storage.GameID) ([]string, error) {
	rows, err := q.QueryContext(ctx, "SELECT event_id FROM move_events WHERE game_id = ? ORDER BY seq DESC LIMIT ?",
		id, storage.RecentEvents)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var e string
		if err := rows.Scan(&e); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
