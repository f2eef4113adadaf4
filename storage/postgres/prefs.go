package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// UserPrefs returns a user's notification preferences, or the defaults if
// they have none.
func (db *DB) UserPrefs(ctx context.Context, u storage.UserRef) (storage.UserPrefs, error) {
	p := storage.UserPrefs{User: u}
	var away *time.Time
	err := db.pool.QueryRow(ctx, `SELECT dm, quiet_from, quiet_to, quiet_tz, away_until
		FROM user_prefs WHERE platform = $1 AND workspace = $2 AND user_id = $3`,
		u.Platform, u.Workspace, u.ID).Scan(&p.DM, &p.Quiet.From, &p.Quiet.To, &p.Quiet.TZ, &away)
	if errors.Is(err, pgx.ErrNoRows) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("user %s: preferences: %w", u.ID, err)
	}
	if away != nil {
		p.AwayUntil = away.UTC()
	}
	return p, nil
}

// SetUserPrefs stores a user's notification preferences, replacing earlier ones.
func (db *DB) SetUserPrefs(ctx context.Context, p storage.UserPrefs) error {
	u, q := p.User, p.Quiet
	if err := p.Check(); err != nil {
		return err
	}
	var away *time.Time
	if !p.AwayUntil.IsZero() {
		t := stamp(p.AwayUntil)
		away = &t
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO user_prefs (platform, workspace, user_id,
		dm, quiet_from, quiet_to, quiet_tz, away_until, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
		ON CONFLICT (platform, workspace, user_id) DO UPDATE SET
		dm = excluded.dm, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to,
		quiet_tz = excluded.quiet_tz, away_until = excluded.away_until, updated_at = excluded.updated_at`,
		u.Platform, u.Workspace, u.ID, p.DM, q.From, q.To, q.TZ, away, stamp(db.now()))
	if err != nil {
		return fmt.Errorf("user %s: preferences: %w", u.ID, err)
	}
	return nil
}
