package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Queries of the hot paths. SQLite takes about as long to prepare these as
// to run them, so they are prepared once per pool (see stmts) instead of at
// each call.
const (
	// qGameForMove reads a game's record and its log's next sequence number.
	qGameForMove = "SELECT " + gameColumns + `,
		(SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = games.id)
		FROM games WHERE id = ?`
	// qStatusForAppend reads a game's status and its log's next sequence number.
	qStatusForAppend = `SELECT status,
		(SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = games.id)
		FROM games WHERE id = ?`
	qInsertEvent  = "INSERT INTO move_events (game_id, event_id, seq, at) VALUES (?, ?, ?, ?)"
	qInsertAction = "INSERT INTO actions (game_id, seq, data, user_id, created_at) VALUES (?, ?, ?, ?, ?)"
	qTouchGame    = "UPDATE games SET updated_at = ? WHERE id = ?"
	// qGameForLoad reads a game's record and what Load needs of its import.
	qGameForLoad = "SELECT " + gameColumns + ", import_header, imported_actions FROM games WHERE id = ?"
	qSeats       = "SELECT seat, player_id, user_id, display_name, since, until FROM seats WHERE game_id = ? AND until IS NULL ORDER BY seat, since, rowid"
	qRows        = "SELECT seq, data, user_id, created_at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq"
)

// writeQueries and readQueries are the queries each pool prepares.
var (
	writeQueries = []string{qGameForMove, qStatusForAppend, qInsertEvent, qInsertAction, qTouchGame}
	readQueries  = []string{qGameForLoad, qSeats, qRows}
)

// stmts are one pool's prepared statements by query. They are prepared
// when the database opens: preparing one later, inside a transaction on the
// single writing connection, would wait for that connection forever.
type stmts map[string]*sql.Stmt

// prepare prepares queries on pool p.
func prepare(ctx context.Context, p *sql.DB, queries []string) (stmts, error) {
	s := stmts{}
	for _, q := range queries {
		st, err := p.PrepareContext(ctx, q)
		if err != nil {
			s.close()
			return nil, fmt.Errorf("prepare %.40q: %w", q, err)
		}
		s[q] = st
	}
	return s, nil
}

// in returns prepared query q for transaction tx; database/sql reuses the
// statement already prepared on tx's connection.
func (s stmts) in(ctx context.Context, tx *sql.Tx, q string) *sql.Stmt {
	st, ok := s[q]
	if !ok {
		panic("sqlite: query not prepared: " + q) // a programming error, caught by any test
	}
	return tx.StmtContext(ctx, st)
}

// close closes the statements.
func (s stmts) close() error {
	var errs []error
	for _, st := range s {
		errs = append(errs, st.Close())
	}
	return errors.Join(errs...)
}
