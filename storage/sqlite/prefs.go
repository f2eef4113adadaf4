package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"pbc/storage"
)

// UserPrefs returns a user's notification preferences, or the defaults if
// they have none.
func (db *DB) UserPrefs(ctx context.Context, u storage.UserRef) (storage.UserPrefs, error) {
	p := storage.UserPrefs{User: u}
	var dm int
	var away sql.NullInt64
	err := db.r.QueryRowContext(ctx, `SELECT dm, quiet_from, quiet_to, quiet_tz, away_until
		FROM user_prefs WHERE platform = ? AND workspace = ? AND user_id = ?`,
		u.Platform, u.Workspace, u.ID).Scan(&dm, &p.Quiet.From, &p.Quiet.To, &p.Quiet.TZ, &away)
	if err == sql.ErrNoRows {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("user %s: preferences: %w", u.ID, err)
	}
	p.DM = dm != 0
	if away.Valid {
		p.AwayUntil = fromMillis(away.Int64)
	}
	return p, nil
}

// SetUserPrefs stores a user's notification preferences, replacing earlier ones.
func (db *DB) SetUserPrefs(ctx context.Context, p storage.UserPrefs) error {
	u := p.User
	if err := p.Check(); err != nil {
		return err
	}
	var away sql.NullInt64
	if !p.AwayUntil.IsZero() {
		away = sql.NullInt64{Int64: millis(p.AwayUntil), Valid: true}
	}
	dm := 0
	if p.DM {
		dm = 1
	}
	_, err := db.w.ExecContext(ctx, `INSERT INTO user_prefs (platform, workspace, user_id,
		dm, quiet_from, quiet_to, quiet_tz, away_until, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform, workspace, user_id) DO UPDATE SET
		dm = excluded.dm, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
		quiet_tz = excluded.quiet_tz, away_until = excluded.away_until, updated_at = excluded.updated_at`,
		u.Platform, u.Workspace, u.ID, dm, p.Quiet.From, p.Quiet.To, p.Quiet.TZ, away, millis(db.now()))
	if err != nil {
		return fmt.Errorf("user %s: preferences: %w", u.ID, err)
	}
	return nil
}
