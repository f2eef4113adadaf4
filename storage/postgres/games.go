package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// gameColumns are the columns scanGame reads, in order.
const gameColumns = `id, platform, workspace, channel, title, options, seed, status, creator,
	result, end_reason, import_header IS NOT NULL, created_at, updated_at, ended_at`

// scanGame reads one games row, then any extra columns the query selected
// after gameColumns into extra; a malformed JSON column is a
// *storage.CorruptError.
func scanGame(row pgx.Row, extra ...any) (storage.Game, error) {
	var (
		g                      storage.Game
		options                string
		result                 *string
		ended                  *time.Time
		platform, status, work string
	)
	err := row.Scan(append([]any{&g.ID, &platform, &work, &g.Channel.ID, &g.Title, &options, &g.Seed, &status,
		&g.Creator, &result, &g.EndReason, &g.Imported, &g.CreatedAt, &g.UpdatedAt, &ended}, extra...)...)
	if err != nil {
		return g, err
	}
	g.Channel.Platform, g.Channel.Workspace, g.Status = storage.Platform(platform), work, storage.Status(status)
	g.CreatedAt, g.UpdatedAt, g.EndedAt = g.CreatedAt.UTC(), g.UpdatedAt.UTC(), fromNull(ended)
	if err := json.Unmarshal([]byte(options), &g.Options); err != nil {
		return g, &storage.CorruptError{Game: g.ID, Reason: fmt.Sprintf("options: %v", err)}
	}
	if result != nil {
		if err := json.Unmarshal([]byte(*result), &g.Result); err != nil {
			return g, &storage.CorruptError{Game: g.ID, Reason: fmt.Sprintf("result: %v", err)}
		}
	}
	return g, nil
}

// getGame reads game id, or storage.ErrNotFound; lock takes its row lock
// for the rest of the transaction, which orders the game's writers.
func getGame(ctx context.Context, q querier, id storage.GameID, lock bool) (storage.Game, error) {
	query := "SELECT " + gameColumns + " FROM games WHERE id = $1"
	if lock {
		query += " FOR UPDATE"
	}
	g, err := scanGame(q.QueryRow(ctx, query, id))
	if errors.Is(err, pgx.ErrNoRows) {
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
	err := db.write(ctx, func(tx pgx.Tx) error {
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
// with another in its channel is storage.ErrChannelBusy. A non-zero g.ID is
// kept (a copied database keeps its ids).
func insertGame(ctx context.Context, tx pgx.Tx, g storage.Game, header []byte, imported int) (storage.GameID, error) {
	options := g.Options
	if options == nil {
		options = []string{}
	}
	opts, err := json.Marshal(options)
	if err != nil {
		return 0, err
	}
	var result, head *string
	if g.Result != nil {
		b, err := json.Marshal(g.Result)
		if err != nil {
			return 0, err
		}
		s := string(b)
		result = &s
	}
	if header != nil {
		s := string(header)
		head = &s
	}
	// A savepoint, so that a clash leaves the caller's transaction usable.
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	var id storage.GameID
	err = sp.QueryRow(ctx, `INSERT INTO games (platform, workspace, channel, title, options, seed,
		status, creator, result, end_reason, import_header, imported_actions, created_at, updated_at, ended_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
		g.Channel.Platform, g.Channel.Workspace, g.Channel.ID, g.Title, string(opts), g.Seed,
		g.Status, g.Creator, result, g.EndReason, head, imported,
		stamp(g.CreatedAt), stamp(g.UpdatedAt), nullTime(g.EndedAt)).Scan(&id)
	if isConstraint(err) && g.Status.Open() {
		sp.Rollback(ctx)
		return 0, fmt.Errorf("channel %s: %w (%v)", g.Channel.ID, storage.ErrChannelBusy, err)
	}
	if err != nil {
		sp.Rollback(ctx)
		return 0, err
	}
	return id, sp.Commit(ctx)
}

// Game returns a game by id.
func (db *DB) Game(ctx context.Context, id storage.GameID) (storage.Game, error) {
	return getGame(ctx, db.pool, id, false)
}

// OpenGame returns the channel's forming or active game.
func (db *DB) OpenGame(ctx context.Context, ch storage.Channel) (storage.Game, error) {
	g, err := scanGame(db.pool.QueryRow(ctx, "SELECT "+gameColumns+` FROM games
		WHERE platform = $1 AND workspace = $2 AND channel = $3 AND status IN ('forming', 'active')`,
		ch.Platform, ch.Workspace, ch.ID))
	if errors.Is(err, pgx.ErrNoRows) {
		return g, fmt.Errorf("channel %s: no open game: %w", ch.ID, storage.ErrNotFound)
	}
	return g, err
}

// ListGames returns the games that match f, newest first.
func (db *DB) ListGames(ctx context.Context, f storage.Filter) ([]storage.Game, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if f.Channel != nil {
		where = append(where, "platform = "+arg(f.Channel.Platform)+" AND workspace = "+arg(f.Channel.Workspace)+
			" AND channel = "+arg(f.Channel.ID))
	}
	if len(f.Statuses) > 0 {
		st := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			st[i] = string(s)
		}
		where = append(where, "status = ANY("+arg(st)+")")
	}
	if f.Creator != "" {
		where = append(where, "creator = "+arg(f.Creator))
	}
	q := "SELECT " + gameColumns + " FROM games"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC"
	if f.Limit > 0 {
		q += " LIMIT " + arg(f.Limit)
	}
	rows, err := db.pool.Query(ctx, q, args...)
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
	var res *string
	if result != nil {
		b, err := json.Marshal(result)
		if err != nil {
			return storage.Game{}, err
		}
		s := string(b)
		res = &s
	}
	err := db.write(ctx, func(tx pgx.Tx) error {
		g, err := getGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if !g.Status.CanBecome(to) {
			return fmt.Errorf("game %d: %s to %s: %w", id, g.Status, to, storage.ErrStatus)
		}
		now := stamp(db.now())
		var ended any
		if !to.Open() {
			ended = now
		}
		_, err = tx.Exec(ctx, `UPDATE games SET status = $1, result = $2, end_reason = $3,
			updated_at = $4, ended_at = $5 WHERE id = $6`, to, res, reason, now, ended, id)
		return err
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}
