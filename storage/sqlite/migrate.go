package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"fmt"

	"pbc/storage"
)

// migrations holds the schema changes, applied in the order of their file
// names' leading numbers (0001_init.sql, 0002_....sql); a database records
// the ones it has had in schema_migrations.
//
//go:embed migrations/*.sql
var migrations embed.FS

// migration is one embedded schema change.
type migration struct {
	version int
	name    string
	sql     string
}

// loadMigrations reads the embedded migrations in version order.
func loadMigrations() ([]migration, error) {
	read, err := storage.ReadMigrations(migrations, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	ms := make([]migration, len(read))
	for i, m := range read {
		ms[i] = migration{version: m.Version, name: m.Name, sql: m.SQL}
	}
	return ms, nil
}

// migrate applies the pending migrations, each in its own transaction. It is
// safe against other processes migrating the same file at the same time.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	if _, err := db.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    INTEGER PRIMARY KEY,
		name       TEXT    NOT NULL,
		applied_at INTEGER NOT NULL
	)`); err != nil {
		return err
	}
	for _, m := range ms {
		err := db.write(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			_, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
				m.version, m.name, millis(db.now()))
			return err
		})
		if err != nil {
			return err
		}
	}
	var newest int
	if err := db.w.QueryRowContext(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
		return err
	}
	if len(ms) > 0 && newest > ms[len(ms)-1].version {
		return fmt.Errorf("database schema version %d is newer than this program's %d", newest, ms[len(ms)-1].version)
	}
	return nil
}
