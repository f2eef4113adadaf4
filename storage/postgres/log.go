package postgres

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/engine/action"
	"pbc/storage"
)

// lockForWrite takes game id's row lock, which orders the game's writers,
// and reads its record and its log's next sequence number, in one round
// trip. The sequence number is read by a statement of its own, run once
// the lock is held, so it sees every row of the writers that held the lock
// before (read committed takes a new snapshot per statement; a subquery of
// the locking statement would not).
func lockForWrite(ctx context.Context, tx pgx.Tx, id storage.GameID) (storage.Game, int, error) {
	b := &pgx.Batch{}
	b.Queue("SELECT "+gameColumns+" FROM games WHERE id = $1 FOR UPDATE", id)
	b.Queue("SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = $1", id)
	br := tx.SendBatch(ctx, b)
	defer br.Close()
	g, err := scanGame(br.QueryRow())
	if errors.Is(err, pgx.ErrNoRows) {
		return g, 0, fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
	}
	if err != nil {
		return g, 0, err
	}
	var next int
	if err := br.QueryRow().Scan(&next); err != nil {
		return g, 0, err
	}
	return g, next, br.Close()
}

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
	err = db.write(ctx, func(tx pgx.Tx) error {
		g, next, err := lockForWrite(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Status != storage.Active {
			return fmt.Errorf("game %d is %s: %w", id, g.Status, storage.ErrStatus)
		}
		if e.Seq != next {
			return &storage.ConflictError{Game: id, Seq: e.Seq, Next: next}
		}
		b := &pgx.Batch{}
		queueEntries(b, id, []storage.Entry{e})
		b.Queue("UPDATE games SET updated_at = $1 WHERE id = $2", stamp(e.At), id)
		return runBatch(ctx, tx, b, false)
	})
	e.At = stamp(e.At)
	return e, err
}

// queueEntries queues the insert of es, in order, into game id's log.
func queueEntries(b *pgx.Batch, id storage.GameID, es []storage.Entry) {
	switch len(es) {
	case 0:
		return
	case 1:
		e := es[0]
		b.Queue("INSERT INTO actions (game_id, seq, data, user_id, created_at) VALUES ($1, $2, $3, $4, $5)",
			id, e.Seq, string(e.Action), e.UserID, stamp(e.At))
		return
	}
	seqs, data, users, ats := make([]int, len(es)), make([]string, len(es)), make([]string, len(es)), make([]time.Time, len(es))
	for i, e := range es {
		seqs[i], data[i], users[i], ats[i] = e.Seq, string(e.Action), e.UserID, stamp(e.At)
	}
	b.Queue(`INSERT INTO actions (game_id, seq, data, user_id, created_at)
		SELECT $1::bigint, seq, data, user_id, created_at
		FROM unnest($2::integer[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY AS r(seq, data, user_id, created_at, n) ORDER BY n`,
		id, seqs, data, users, ats)
}

// Load returns the game, its current seats and its log, decoded, from one
// snapshot. The first row that cannot be read is a *storage.CorruptError.
func (db *DB) Load(ctx context.Context, id storage.GameID) (*storage.Loaded, error) {
	var (
		ld       = new(storage.Loaded)
		header   *string
		imported int
		dec      = storage.NewLogDecoder(id) // decodes rows while the next ones are read
	)
	err := db.read(ctx, func(tx pgx.Tx) error {
		var err error
		ld.Game, err = scanGame(tx.QueryRow(ctx, "SELECT "+gameColumns+", import_header, imported_actions FROM games WHERE id = $1", id),
			&header, &imported)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if ld.Seats, err = seats(ctx, tx, id, true); err != nil {
			return err
		}
		if err := scanRows(ctx, tx, id, 0, dec.Add); err != nil {
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
	if header != nil {
		head = []byte(*header)
	}
	if ld.Log, err = storage.BuildLog(ld.Game, ld.Seats, actions, head, imported); err != nil {
		return nil, err
	}
	return ld, nil
}

// scanRows reads a game's log rows after seq after, in sequence order, and
// hands each to add.
func scanRows(ctx context.Context, q querier, id storage.GameID, after int, add func(storage.Entry)) error {
	rows, err := q.Query(ctx, "SELECT seq, data, user_id, created_at FROM actions WHERE game_id = $1 AND seq > $2 ORDER BY seq", id, after)
	if err != nil {
		return err
	}
	defer rows.Close()
	seq := after
	for rows.Next() {
		var e storage.Entry
		var data []byte
		if err := rows.Scan(&e.Seq, &data, &e.UserID, &e.At); err != nil {
			return &storage.CorruptError{Game: id, Seq: seq + 1, Reason: err.Error()}
		}
		e.Action, e.At = data, e.At.UTC()
		seq = e.Seq
		add(e)
	}
	return rows.Err()
}

// Rows returns game id's log rows after seq after, in order, as stored.
func (db *DB) Rows(ctx context.Context, id storage.GameID, after int) ([]storage.Entry, error) {
	if after < 0 {
		return nil, fmt.Errorf("%w: rows after seq %d", storage.ErrInvalid, after)
	}
	var out []storage.Entry
	err := db.read(ctx, func(tx pgx.Tx) error {
		var one int
		err := tx.QueryRow(ctx, "SELECT 1 FROM games WHERE id = $1", id).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		return scanRows(ctx, tx, id, after, func(e storage.Entry) { out = append(out, e) })
	})
	return out, err
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
	err = db.write(ctx, func(tx pgx.Tx) error {
		if id, err = insertGame(ctx, tx, p.Game, p.Header, len(p.Entries)); err != nil {
			return err
		}
		for _, s := range p.Seats {
			if err := insertSeat(ctx, tx, id, s); err != nil {
				return err
			}
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"actions"}, []string{"game_id", "seq", "data", "user_id", "created_at"},
			pgx.CopyFromSlice(len(p.Entries), func(i int) ([]any, error) {
				e := p.Entries[i]
				return []any{id, e.Seq, string(e.Action), e.UserID, stamp(e.At)}, nil
			}))
		return err
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
	rows, err := q.Query(ctx, "SELECT event_id FROM move_events WHERE game_id = $1 ORDER BY seq DESC, at DESC LIMIT $2",
		id, storage.RecentEvents)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}
