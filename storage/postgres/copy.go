package postgres

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Tables are the store's tables in the order a copy fills them (each after
// those it refers to).
var Tables = []string{"games", "seats", "actions", "move_events", "dropped_actions", "channel_settings", "reminders", "user_prefs", "playground_holders", "playground_signins"}

// table is how one table of the SQLite store's schema is read and written
// here: the columns to select there (times as Unix milliseconds), the
// columns they fill here, and which of them are times.
type table struct {
	name   string
	from   string // SELECT ... FROM ... ORDER BY ..., in SQLite
	to     []string
	millis []bool // per column: Unix milliseconds, to become a timestamptz
}

// boolColumns are, per table, the columns SQLite keeps as 0 or 1 and this
// schema as booleans.
var boolColumns = map[string][]bool{"reminders": {4: true}, "user_prefs": {3: true},
	"playground_holders": {3: true}, "playground_signins": {4: true}}

// sqliteTables reads every table of the SQLite store, in the order of
// Tables. Seats come in the order they were taken, which their ids here keep.
var sqliteTables = []table{
	{"games", `SELECT id, platform, workspace, channel, title, options, seed, status, creator, result, end_reason,
		import_header, imported_actions, created_at, updated_at, ended_at FROM games ORDER BY id`,
		[]string{"id", "platform", "workspace", "channel", "title", "options", "seed", "status", "creator", "result", "end_reason",
			"import_header", "imported_actions", "created_at", "updated_at", "ended_at"},
		[]bool{13: true, 14: true, 15: true}},
	{"seats", "SELECT game_id, seat, player_id, user_id, display_name, since, until FROM seats ORDER BY rowid",
		[]string{"game_id", "seat", "player_id", "user_id", "display_name", "since", "until"},
		[]bool{5: true, 6: true}},
	{"actions", "SELECT game_id, seq, data, user_id, created_at FROM actions ORDER BY game_id, seq",
		[]string{"game_id", "seq", "data", "user_id", "created_at"},
		[]bool{4: true}},
	{"move_events", "SELECT game_id, event_id, seq, at FROM move_events ORDER BY game_id, seq, event_id",
		[]string{"game_id", "event_id", "seq", "at"},
		[]bool{3: true}},
	{"dropped_actions", "SELECT id, game_id, seq, CAST(data AS BLOB), user_id, created_at, dropped_at, dropped_by FROM dropped_actions ORDER BY id",
		[]string{"id", "game_id", "seq", "data", "user_id", "created_at", "dropped_at", "dropped_by"},
		[]bool{5: true, 6: true}},
	{"channel_settings", `SELECT platform, workspace, channel, reminder_every_ms, quiet_from, quiet_to, quiet_tz, images, updated_at
		FROM channel_settings ORDER BY platform, workspace, channel`,
		[]string{"platform", "workspace", "channel", "reminder_every_ms", "quiet_from", "quiet_to", "quiet_tz", "images", "updated_at"},
		[]bool{8: true}},
	// A claim is a running process's, and none runs on the file being copied.
	{"reminders", "SELECT game_id, next_due, sent, since, asked FROM reminders ORDER BY game_id",
		[]string{"game_id", "next_due", "sent", "since", "asked"},
		[]bool{1: true, 3: true}},
	{"user_prefs", `SELECT platform, workspace, user_id, dm, quiet_from, quiet_to, quiet_tz, away_until, updated_at
		FROM user_prefs ORDER BY platform, workspace, user_id`,
		[]string{"platform", "workspace", "user_id", "dm", "quiet_from", "quiet_to", "quiet_tz", "away_until", "updated_at"},
		[]bool{7: true, 8: true}},
	{"playground_holders", "SELECT name_key, name, link_hash, admin, created_at FROM playground_holders ORDER BY name_key",
		[]string{"name_key", "name", "link_hash", "admin", "created_at"},
		[]bool{4: true}},
	{"playground_signins", "SELECT token_hash, browser_hash, name, name_key, admin, expires_at FROM playground_signins ORDER BY token_hash",
		[]string{"token_hash", "browser_hash", "name", "name_key", "admin", "expires_at"},
		[]bool{5: true}},
}

// CopyFromSQLite copies every row of src, a database of the SQLite store's
// schema at its newest version (open it with that store first), into this
// database, which must hold no games or settings yet, in one transaction:
// all of it, or nothing. Game ids are kept. It returns how many rows it
// copied per table.
func (db *DB) CopyFromSQLite(ctx context.Context, src *sql.DB) (map[string]int64, error) {
	counts := map[string]int64{}
	err := db.write(ctx, func(tx pgx.Tx) error {
		// No process may write while the copy runs, nor start a game that
		// would take an id the copy brings.
		if _, err := tx.Exec(ctx, "LOCK TABLE games, channel_settings IN EXCLUSIVE MODE"); err != nil {
			return err
		}
		var used bool
		if err := tx.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM channel_settings)").Scan(&used); err != nil {
			return err
		}
		if used {
			return fmt.Errorf("the target database already holds games or settings: copy only into a new one")
		}
		// A log that lost a row stays as it is, to load as corrupt from
		// both stores alike and be repaired here as there.
		if _, err := tx.Exec(ctx, "ALTER TABLE actions DISABLE TRIGGER actions_next_seq"); err != nil {
			return err
		}
		// The source is read in one transaction, so that it is one snapshot.
		stx, err := src.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
		if err != nil {
			return err
		}
		defer stx.Rollback()
		for _, t := range sqliteTables {
			n, err := copyTable(ctx, stx, tx, t)
			if err != nil {
				return fmt.Errorf("table %s: %w", t.name, err)
			}
			counts[t.name] = n
		}
		if _, err := tx.Exec(ctx, "ALTER TABLE actions ENABLE TRIGGER actions_next_seq"); err != nil {
			return err
		}
		// New games and dropped rows take ids after the copied ones.
		for _, t := range []string{"games", "dropped_actions", "seats"} {
			if _, err := tx.Exec(ctx, fmt.Sprintf("SELECT setval(pg_get_serial_sequence('%s', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM %s", t, t)); err != nil {
				return fmt.Errorf("table %s: its ids: %w", t, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: copy: %w", err)
	}
	return counts, nil
}

// copyTable streams table t's rows from src into dst with COPY.
func copyTable(ctx context.Context, src *sql.Tx, dst pgx.Tx, t table) (int64, error) {
	rows, err := src.QueryContext(ctx, t.from)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n, err := dst.CopyFrom(ctx, pgx.Identifier{t.name}, t.to, &sqliteRows{rows: rows, t: t})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Where != "" {
		err = fmt.Errorf("%w (%s)", err, pe.Where) // the row: "COPY actions, line 7, column seq: ..."
	}
	if err != nil {
		return n, err
	}
	return n, rows.Err()
}

// sqliteRows is a pgx.CopyFromSource over SQLite rows, converting times.
type sqliteRows struct {
	rows *sql.Rows
	t    table
	vals []any
	err  error
}

func (r *sqliteRows) Next() bool { return r.err == nil && r.rows.Next() }

func (r *sqliteRows) Values() ([]any, error) {
	raw := make([]any, len(r.t.to))
	ptrs := make([]any, len(raw))
	for i := range raw {
		ptrs[i] = &raw[i]
	}
	if err := r.rows.Scan(ptrs...); err != nil {
		r.err = err
		return nil, err
	}
	if err := r.check(raw); err != nil {
		r.err = err
		return nil, err
	}
	for i, v := range raw {
		if i < len(r.t.millis) && r.t.millis[i] && v != nil {
			ms, ok := v.(int64)
			if !ok {
				r.err = fmt.Errorf("column %s: %T %v is not a time in Unix milliseconds", r.t.to[i], v, v)
				return nil, r.err
			}
			raw[i] = time.UnixMilli(ms).UTC()
		}
		if bools := boolColumns[r.t.name]; i < len(bools) && bools[i] {
			n, ok := v.(int64)
			if !ok || (n != 0 && n != 1) {
				r.err = fmt.Errorf("column %s: %T %v is not 0 or 1", r.t.to[i], v, v)
				return nil, r.err
			}
			raw[i] = n == 1
		}
	}
	return raw, nil
}

// check refuses what a damaged SQLite log may hold and this schema cannot:
// a seq that is no number, an action that is not UTF-8 text. Such a row
// loads as corrupt there too, and can be cut from the log before the copy.
func (r *sqliteRows) check(raw []any) error {
	switch r.t.name {
	case "actions":
		if _, ok := raw[1].(int64); !ok {
			return fmt.Errorf("game %v: an action has seq %q, not a number: cut it from the log first", raw[0], fmt.Sprint(raw[1]))
		}
		if data, ok := raw[2].(string); ok && !utf8.ValidString(data) {
			return fmt.Errorf("game %v: the action at seq %v is not UTF-8 text: cut it from the log first", raw[0], raw[1])
		}
	case "dropped_actions":
		if _, ok := raw[2].(int64); !ok && raw[2] != nil {
			return fmt.Errorf("game %v: a row cut from its log has seq %q, not a number, which this database cannot keep", raw[1], fmt.Sprint(raw[2]))
		}
	}
	return nil
}

func (r *sqliteRows) Err() error {
	if r.err != nil {
		return r.err
	}
	return r.rows.Err()
}

// Counts returns how many rows each of Tables holds.
func (db *DB) Counts(ctx context.Context) (map[string]int64, error) {
	counts := map[string]int64{}
	err := db.read(ctx, func(tx pgx.Tx) error {
		for _, t := range Tables {
			var n int64
			if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM "+t).Scan(&n); err != nil {
				return fmt.Errorf("table %s: %w", t, err)
			}
			counts[t] = n
		}
		return nil
	})
	return counts, err
}
