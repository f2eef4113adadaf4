package postgres

import (
	"context"
	"embed"
	"fmt"

	"github.com/jackc/pgx/v5"

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

// migrate applies the pending migrations in one transaction, holding an
// advisory lock of the schema, so that processes starting together apply
// each once; DDL is transactional in PostgreSQL, so a failed migration
// leaves the schema as it was.
func (db *DB) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	return db.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(hashtext('pbc migrate ' || current_schema()))"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER     PRIMARY KEY,
			name       TEXT        NOT NULL,
			applied_at TIMESTAMPTZ NOT NULL
		)`); err != nil {
			return err
		}
		var newest int
		if err := tx.QueryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&newest); err != nil {
			return err
		}
		if len(ms) > 0 && newest > ms[len(ms)-1].version {
			return fmt.Errorf("database schema version %d is newer than this program's %d", newest, ms[len(ms)-1].version)
		}
		for _, m := range ms {
			if m.version <= newest {
				continue
			}
			if _, err := tx.Exec(ctx, m.sql); err != nil {
				return fmt.Errorf("migration %s: %w", m.name, err)
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
				m.version, m.name, stamp(db.now())); err != nil {
				return err
			}
		}
		return nil
	})
}
