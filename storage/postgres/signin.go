package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

var _ storage.SignIns = (*DB)(nil)

// SaveSignIn stores a sign-in, replacing one with the same token hash.
func (db *DB) SaveSignIn(ctx context.Context, s storage.SignIn) error {
	if s.TokenHash == "" || s.NameKey == "" {
		return fmt.Errorf("%w: a sign-in needs a token hash and a name", storage.ErrInvalid)
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO playground_signins (token_hash, browser_hash, name, name_key, admin, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (token_hash) DO UPDATE SET browser_hash = excluded.browser_hash, name = excluded.name,
		name_key = excluded.name_key, admin = excluded.admin, expires_at = excluded.expires_at`,
		s.TokenHash, s.BrowserHash, s.Name, s.NameKey, s.Admin, s.Expires)
	if err != nil {
		return fmt.Errorf("save sign-in: %w", err)
	}
	return nil
}

const signInColumns = "token_hash, browser_hash, name, name_key, admin, expires_at"

func scanSignIn(row pgx.Row) (storage.SignIn, error) {
	var s storage.SignIn
	err := row.Scan(&s.TokenHash, &s.BrowserHash, &s.Name, &s.NameKey, &s.Admin, &s.Expires)
	s.Expires = s.Expires.UTC()
	return s, err
}

// SignIn returns the live sign-in of a token hash, or ErrNotFound.
func (db *DB) SignIn(ctx context.Context, tokenHash string, now time.Time) (storage.SignIn, error) {
	s, err := scanSignIn(db.pool.QueryRow(ctx, "SELECT "+signInColumns+
		" FROM playground_signins WHERE token_hash = $1 AND expires_at > $2", tokenHash, now))
	if errors.Is(err, pgx.ErrNoRows) {
		return s, storage.ErrNotFound
	}
	if err != nil {
		return s, fmt.Errorf("sign-in: %w", err)
	}
	return s, nil
}

// NameSignIns returns the live sign-ins of a name key.
func (db *DB) NameSignIns(ctx context.Context, nameKey string, now time.Time) ([]storage.SignIn, error) {
	rows, err := db.pool.Query(ctx, "SELECT "+signInColumns+
		" FROM playground_signins WHERE name_key = $1 AND expires_at > $2 ORDER BY expires_at DESC", nameKey, now)
	if err != nil {
		return nil, fmt.Errorf("sign-ins of a name: %w", err)
	}
	defer rows.Close()
	var out []storage.SignIn
	for rows.Next() {
		s, err := scanSignIn(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// EndSignIn removes a sign-in.
func (db *DB) EndSignIn(ctx context.Context, tokenHash string) error {
	_, err := db.pool.Exec(ctx, "DELETE FROM playground_signins WHERE token_hash = $1", tokenHash)
	return err
}

// SweepSignIns removes the expired sign-ins.
func (db *DB) SweepSignIns(ctx context.Context, now time.Time) (int, error) {
	tag, err := db.pool.Exec(ctx, "DELETE FROM playground_signins WHERE expires_at <= $1", now)
	if err != nil {
		return 0, err
	}
	return int(tag.RowsAffected()), nil
}

// SaveHolder stores a name's holder.
func (db *DB) SaveHolder(ctx context.Context, h storage.Holder) error {
	if h.NameKey == "" || h.LinkHash == "" {
		return fmt.Errorf("%w: a holder needs a name and a link hash", storage.ErrInvalid)
	}
	if h.Created.IsZero() {
		h.Created = db.now()
	}
	_, err := db.pool.Exec(ctx, `INSERT INTO playground_holders (name_key, name, link_hash, admin, created_at)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (name_key) DO UPDATE SET name = excluded.name, link_hash = excluded.link_hash,
		admin = excluded.admin, created_at = excluded.created_at`,
		h.NameKey, h.Name, h.LinkHash, h.Admin, h.Created)
	if err != nil {
		return fmt.Errorf("save name holder: %w", err)
	}
	return nil
}

func (db *DB) holder(ctx context.Context, where string, arg string) (storage.Holder, error) {
	var h storage.Holder
	err := db.pool.QueryRow(ctx, "SELECT name_key, name, link_hash, admin, created_at FROM playground_holders WHERE "+
		where+" = $1", arg).Scan(&h.NameKey, &h.Name, &h.LinkHash, &h.Admin, &h.Created)
	if errors.Is(err, pgx.ErrNoRows) {
		return h, storage.ErrNotFound
	}
	if err != nil {
		return h, fmt.Errorf("name holder: %w", err)
	}
	h.Created = h.Created.UTC()
	return h, nil
}

// Holder returns the holder of a name key.
func (db *DB) Holder(ctx context.Context, nameKey string) (storage.Holder, error) {
	return db.holder(ctx, "name_key", nameKey)
}

// HolderByLink returns the holder of a link hash.
func (db *DB) HolderByLink(ctx context.Context, linkHash string) (storage.Holder, error) {
	return db.holder(ctx, "link_hash", linkHash)
}

// Seated reports whether a user holds a seat at an open game of p.
func (db *DB) Seated(ctx context.Context, p storage.Platform, userID string) (bool, error) {
	var n int
	err := db.pool.QueryRow(ctx, `SELECT COUNT(*) FROM seats s JOIN games g ON g.id = s.game_id
		WHERE g.platform = $1 AND g.status IN ('forming', 'active') AND s.until IS NULL AND LOWER(s.user_id) = LOWER($2)`,
		string(p), userID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("seated: %w", err)
	}
	return n > 0, nil
}
