// Package sqlite implements storage.Store on an SQLite database file, with the
// pure-Go modernc.org/sqlite driver. The database runs in WAL mode with a busy
// timeout and foreign keys on; its schema is migrated when it is opened.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"modernc.org/sqlite"

	"pbc/storage"
)

// busyTimeout is how long a statement waits for another connection's lock.
const busyTimeout = 10 * time.Second

// DB is a storage.Store kept in one SQLite database file.
type DB struct {
	w   *sql.DB // one writing connection; transactions begin IMMEDIATE
	r   *sql.DB // read-only connections
	ws  stmts   // w's prepared statements
	rs  stmts   // r's prepared statements
	now func() time.Time
	lk  *lockFile // nil when opened with OpenShared
}

var _ storage.Store = (*DB)(nil)

// Open opens (creating if needed) the database at path and applies any
// pending migrations. It is refused with ErrLocked while another process
// (or another DB of this one) has the file open.
func Open(ctx context.Context, path string) (*DB, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	lk, err := lock(path)
	if err != nil {
		return nil, err
	}
	db, err := open(ctx, path)
	if err != nil {
		lk.unlock()
		return nil, err
	}
	db.lk = lk
	return db, nil
}

// OpenShared opens the database at path without taking its lock, beside a
// DB that holds it: for tests that play a second process on one file (the
// store's own conflict checks), never for a second bot.
func OpenShared(ctx context.Context, path string) (*DB, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	return open(ctx, path)
}

func checkPath(path string) error {
	if path == "" || strings.ContainsAny(path, "?#") || strings.HasPrefix(path, "file:") {
		return fmt.Errorf("sqlite: unsupported database path %q", path)
	}
	return nil
}

// open opens the database at path.
func open(ctx context.Context, path string) (*DB, error) {
	q := url.Values{}
	q.Set("_busy_timeout", fmt.Sprint(busyTimeout.Milliseconds()))
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "FULL") // a commit survives power loss, not only a crash
	q.Set("_foreign_keys", "1")
	q.Set("_txlock", "immediate")
	w, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	db := &DB{w: w, now: time.Now}
	if err := db.migrate(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	q.Del("_txlock")
	q.Del("_journal_mode") // WAL is a property of the file, set above
	q.Set("_query_only", "1")
	r, err := sql.Open("sqlite", path+"?"+q.Encode())
	if err != nil {
		w.Close()
		return nil, err
	}
	r.SetMaxOpenConns(8)
	db.r = r
	if db.ws, err = prepare(ctx, w, writeQueries); err == nil {
		db.rs, err = prepare(ctx, r, readQueries)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error {
	err := errors.Join(db.ws.close(), db.rs.close(), db.r.Close(), db.w.Close())
	return errors.Join(err, db.lk.unlock())
}

// Check runs SQLite's integrity check and reports any problem it finds.
func (db *DB) Check(ctx context.Context) error {
	rows, err := db.r.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		if s != "ok" {
			problems = append(problems, s)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("sqlite: integrity check: %s", strings.Join(problems, "; "))
	}
	return nil
}

// write runs f in an IMMEDIATE transaction on the writing connection.
func (db *DB) write(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := f(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// read runs f in a read transaction, which sees one consistent snapshot.
func (db *DB) read(ctx context.Context, f func(tx *sql.Tx) error) error {
	tx, err := db.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return f(tx)
}

// isConstraint reports whether err is an SQLite constraint violation.
func isConstraint(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code()&0xff == 19 // SQLITE_CONSTRAINT
}

// millis converts t to Unix milliseconds.
func millis(t time.Time) int64 { return t.UnixMilli() }

// fromMillis converts Unix milliseconds to a UTC time.
func fromMillis(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// fromNullMillis converts nullable Unix milliseconds; NULL is the zero time.
func fromNullMillis(ms sql.NullInt64) time.Time {
	if !ms.Valid {
		return time.Time{}
	}
	return fromMillis(ms.Int64)
}

// nullMillis converts t to nullable Unix milliseconds; the zero time is NULL.
func nullMillis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: millis(t), Valid: true}
}
