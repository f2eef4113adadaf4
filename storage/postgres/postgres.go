// Package postgres implements storage.Store on a PostgreSQL database with
// github.com/jackc/pgx/v5, so that several bot processes can share one
// database. Its schema is migrated when it is opened. Appends are
// sequence-checked under a lock on the game's row, so two writers never
// both write one position, and reminders are claimed with a lease
// (FOR UPDATE SKIP LOCKED), so that each is sent by one process.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"pbc/storage"
)

// DB is a storage.Store kept in a PostgreSQL database.
type DB struct {
	pool *pgxpool.Pool
	now  func() time.Time
}

var _ storage.Store = (*DB)(nil)

// IsURL reports whether s names a PostgreSQL database (postgres:// or
// postgresql://) rather than a file.
func IsURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// defaultMaxConns is the pool's size unless url says (pool_max_conns).
const defaultMaxConns = 16

// Open connects to the database at url (postgres://user@host/db?...; the
// libpq variables such as PGPASSWORD fill in what it leaves out) and applies
// any pending migrations. A search_path parameter in url selects the
// schema, pool_max_conns the number of connections (defaultMaxConns).
func Open(ctx context.Context, url string) (*DB, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// pgx's message may quote the URL, password and all.
		return nil, errors.New("postgres: the database URL cannot be parsed")
	}
	if !strings.Contains(url, "pool_max_conns") {
		// Moves mostly wait for the server's disk, and its group commit
		// serves many at once: more connections than CPUs pay.
		cfg.MaxConns = defaultMaxConns
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	db := &DB{pool: pool, now: time.Now}
	if err := db.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: open %s/%s: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Database, err)
	}
	return db, nil
}

// Close closes the pool's connections.
func (db *DB) Close() error {
	db.pool.Close()
	return nil
}

// write runs f in a read-committed transaction; the statements that must
// see each other's writers take row locks (see lockGame).
func (db *DB) write(ctx context.Context, f func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, db.pool, f)
}

// read runs f in a read-only transaction that sees one snapshot.
func (db *DB) read(ctx context.Context, f func(tx pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, db.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, f)
}

// querier is what the pool and a transaction both offer.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// isConstraint reports whether err is an integrity constraint violation
// (class 23: unique, foreign key, check, and the log's triggers).
func isConstraint(err error) bool {
	var e *pgconn.PgError
	return errors.As(err, &e) && strings.HasPrefix(e.Code, "23")
}

// stamp is t as the store keeps it: UTC, to the millisecond, like the
// SQLite store, so that both return the same times.
func stamp(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()).UTC() }

// nullTime is t for a nullable column: nil for the zero time.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return stamp(t)
}

// fromNull is a nullable column's time; NULL is the zero time.
func fromNull(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
