package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"pbc/storage"
)

// gameColumns are the columns scanGame reads, in order.
const gameColumns = `id, platform, workspace, channel, title, options, seed, status, creator,
	result, end_reason, import_header IS NOT NULL, created_at, updated_at, ended_at`

// querier is what both *sql.DB and *sql.Tx offer.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// scanGame reads one games row, then any extra columns the query selected
// after gameColumns into extra; a malformed JSON column is a
// *storage.CorruptError.
func scanGame(row interface{ Scan(...any) error }, extra ...any) (storage.Game, error) {
	var (
		g                      storage.Game
		options                string
		result                 sql.NullString
		created, updated       int64
		ended                  sql.NullInt64
		platform, status, work string
	)
	err := row.Scan(append([]any{&g.ID, &platform, &work, &g.Channel.ID, &g.Title, &options, &g.Seed, &status,
		&g.Creator, &result, &g.EndReason, &g.Imported, &created, &updated, &ended}, extra...)...)
	if err != nil {
		return g, err
	}
	g.Channel.Platform, g.Channel.Workspace, g.Status = storage.Platform(platform), work, storage.Status(status)
	g.CreatedAt, g.UpdatedAt, g.EndedAt = fromMillis(created), fromMillis(updated), fromNullMillis(ended)
	if err := json.Unmarshal([]byte(options), &g.Options); err != nil {
		return g, &storage.CorruptError{Game: g.ID, Reason: fmt.Sprintf("options: %v", err)}
	}
	if result.Valid {
		if err := json.Unmarshal([]byte(result.String), &g.Result); err != nil {
			return g, &storage.CorruptError{Game: g.ID, Reason: fmt.Sprintf("result: %v", err)}
		}
	}
	return g, nil
}

// getGame reads game id, or storage.ErrNotFound.
func getGame(ctx context.Context, q querier, id storage.GameID) (storage.Game, error) {
	g, err := scanGame(q.QueryRowContext(ctx, "SELECT "+gameColumns+" FROM games WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("game %d: %w", id, storage.ErrNotFound)
	}
	return g, err
}

// checkChannel validates a channel reference.
func checkChannel(ch storage.Channel) error {
	if !ch.Platform.Valid() {
		return fmt.Errorf("%w: platform %q", storage.ErrInvalid, ch.Platform)
	}
	if ch.ID == "" {
		return fmt.Errorf("%w: empty channel id", storage.ErrInvalid)
	}
	return nil
}

// CreateGame creates a forming game in a channel that has no open game.
func (db *DB) CreateGame(ctx context.Context, ng storage.NewGame) (storage.Game, error) {
	if err := checkChannel(ng.Channel); err != nil {
		return storage.Game{}, err
	}
	if ng.Title == "" {
		return storage.Game{}, fmt.Errorf("%w: empty title", storage.ErrInvalid)
	}
	now := db.now()
	g := storage.Game{Channel: ng.Channel, Title: ng.Title, Options: ng.Options, Seed: ng.Seed,
		Status: storage.Forming, Creator: ng.Creator, CreatedAt: now, UpdatedAt: now}
	var id storage.GameID
	err := db.write(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = insertGame(ctx, tx, g, nil, 0)
		return err
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}

// insertGame inserts g with an optional import header; an open game clashing
// with another in its channel is storage.ErrChannelBusy.
func insertGame(ctx context.Context, tx *sql.Tx, g storage.Game, header []byte, imported int) (storage.GameID, error) {
	options := g.Options
	if options == nil {
		options = []string{}
	}
	opts, err := json.Marshal(options)
	if err != nil {
		return 0, err
	}
	var result any
	if g.Result != nil {
		b, err := json.Marshal(g.Result)
		if err != nil {
			return 0, err
		}
		result = string(b)
	}
	var head any
	if header != nil {
		head = string(header)
	}
	if g.Status.Open() {
		var n int
		err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE platform = ? AND workspace = ?
			AND channel = ? AND status IN ('forming', 'active')`,
			g.Channel.Platform, g.Channel.Workspace, g.Channel.ID).Scan(&n)
		if err != nil {
			return 0, err
		}
		if n > 0 {
			return 0, fmt.Errorf("channel %s: %w", g.Channel.ID, storage.ErrChannelBusy)
		}
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO games (platform, workspace, channel, title, options, seed,
		status, creator, result, end_reason, import_header, imported_actions, created_at, updated_at, ended_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.Channel.Platform, g.Channel.Workspace, g.Channel.ID, g.Title, string(opts), g.Seed,
		g.Status, g.Creator, result, g.EndReason, head, imported,
		millis(g.CreatedAt), millis(g.UpdatedAt), nullMillis(g.EndedAt))
	if isConstraint(err) && g.Status.Open() {
		return 0, fmt.Errorf("channel %s: %w (%v)", g.Channel.ID, storage.ErrChannelBusy, err)
	}
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	return storage.GameID(id), err
}

// Game returns a game by id.
func (db *DB) Game(ctx context.Context, id storage.GameID) (storage.Game, error) {
	return getGame(ctx, db.r, id)
}

// OpenGame returns the channel's forming or active game.
func (db *DB) OpenGame(ctx context.Context, ch storage.Channel) (storage.Game, error) {
	g, err := scanGame(db.r.QueryRowContext(ctx, "SELECT "+gameColumns+` FROM games
		WHERE platform = ? AND workspace = ? AND channel = ? AND status IN ('forming', 'active')`,
		ch.Platform, ch.Workspace, ch.ID))
	if errors.Is(err, sql.ErrNoRows) {
		return g, fmt.Errorf("channel %s: no open game: %w", ch.ID, storage.ErrNotFound)
	}
	return g, err
}

// ListGames returns the games that match f, newest first.
func (db *DB) ListGames(ctx context.Context, f storage.Filter) ([]storage.Game, error) {
	var where []string
	var args []any
	if f.Channel != nil {
		where = append(where, "platform = ? AND workspace = ? AND channel = ?")
		args = append(args, f.Channel.Platform, f.Channel.Workspace, f.Channel.ID)
	}
	if len(f.Statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(f.Statuses)-1)+")")
		for _, s := range f.Statuses {
			args = append(args, s)
		}
	}
	if f.Creator != "" {
		where = append(where, "creator = ?")
		args = append(args, f.Creator)
	}
	q := "SELECT " + gameColumns + " FROM games"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC"
	if f.Limit > 0 {
		q += " LIMIT ?"
		args = append(args, f.Limit)
	}
	rows, err := db.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []storage.Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	return games, rows.Err()
}

// SetStatus moves a game to another status.
func (db *DB) SetStatus(ctx context.Context, id storage.GameID, to storage.Status) (storage.Game, error) {
	if to == storage.Finished {
		return db.Finish(ctx, id, "", nil)
	}
	return db.changeStatus(ctx, id, to, "", nil)
}

// Finish marks an open game finished with its result and end reason.
func (db *DB) Finish(ctx context.Context, id storage.GameID, reason string, result map[string]int) (storage.Game, error) {
	return db.changeStatus(ctx, id, storage.Finished, reason, result)
}

// changeStatus moves game id to status to, recording the end of a game.
func (db *DB) changeStatus(ctx context.Context, id storage.GameID, to storage.Status, reason string, result map[string]int) (storage.Game, error) {
	if !to.Valid() {
		return storage.Game{}, fmt.Errorf("%w: status %q", storage.ErrInvalid, to)
	}
	var res any
	if result != nil {
		b, err := json.Marshal(result)
		if err != nil {
			return storage.Game{}, err
		}
		res = string(b)
	}
	err := db.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if !g.Status.CanBecome(to) {
			return fmt.Errorf("game %d: %s to %s: %w", id, g.Status, to, storage.ErrStatus)
		}
		now := millis(db.now())
		var ended any
		if !to.Open() {
			ended = now
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = ?, result = ?, end_reason = ?,
			updated_at = ?, ended_at = ? WHERE id = ?`, to, res, reason, now, ended, id)
		return err
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}
