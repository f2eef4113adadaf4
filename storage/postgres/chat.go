package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

var _ storage.ChatHistory = (*DB)(nil)

// AppendChat stores a channel message and drops those past keep.
func (db *DB) AppendChat(ctx context.Context, e storage.ChatEvent, keep int) error {
	return db.write(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO playground_chat (channel, id, at, data) VALUES ($1, $2, $3, $4)
			ON CONFLICT (channel, id) DO UPDATE SET at = excluded.at, data = excluded.data`,
			e.Channel, e.ID, e.At, e.Data); err != nil {
			return fmt.Errorf("chat history: %w", err)
		}
		if _, err := tx.Exec(ctx, `DELETE FROM playground_chat WHERE channel = $1 AND id <
			(SELECT MIN(id) FROM (SELECT id FROM playground_chat WHERE channel = $1 ORDER BY id DESC LIMIT $2) AS newest)`,
			e.Channel, max(keep, 1)); err != nil {
			return fmt.Errorf("chat history: %w", err)
		}
		return nil
	})
}

// ChatHistory returns a channel's newest messages, oldest first.
func (db *DB) ChatHistory(ctx context.Context, channel string, limit int) ([]storage.ChatEvent, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, at, data FROM (SELECT id, at, data FROM playground_chat
		WHERE channel = $1 ORDER BY id DESC LIMIT $2) AS newest ORDER BY id`, channel, max(limit, 0))
	if err != nil {
		return nil, fmt.Errorf("chat history: %w", err)
	}
	defer rows.Close()
	var out []storage.ChatEvent
	for rows.Next() {
		e := storage.ChatEvent{Channel: channel}
		if err := rows.Scan(&e.ID, &e.At, &e.Data); err != nil {
			return nil, err
		}
		e.At = e.At.UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// LastChatID is the largest event id stored.
func (db *DB) LastChatID(ctx context.Context) (int64, error) {
	var id int64
	err := db.pool.QueryRow(ctx, "SELECT COALESCE(MAX(id), 0) FROM playground_chat").Scan(&id)
	return id, err
}
