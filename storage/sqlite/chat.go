package sqlite

import (
	"context"
	"fmt"

	"pbc/storage"
)

var _ storage.ChatHistory = (*DB)(nil)

// AppendChat stores a channel message and drops those past keep.
func (db *DB) AppendChat(ctx context.Context, e storage.ChatEvent, keep int) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO playground_chat (channel, id, at, data) VALUES (?, ?, ?, ?)
		ON CONFLICT (channel, id) DO UPDATE SET at = excluded.at, data = excluded.data`,
		e.Channel, e.ID, millis(e.At), e.Data); err != nil {
		return fmt.Errorf("chat history: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM playground_chat WHERE channel = ?1 AND id <
		(SELECT MIN(id) FROM (SELECT id FROM playground_chat WHERE channel = ?1 ORDER BY id DESC LIMIT ?2))`,
		e.Channel, max(keep, 1)); err != nil {
		return fmt.Errorf("chat history: %w", err)
	}
	return tx.Commit()
}

// ChatHistory returns a channel's newest messages, oldest first.
func (db *DB) ChatHistory(ctx context.Context, channel string, limit int) ([]storage.ChatEvent, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT id, at, data FROM (SELECT id, at, data FROM playground_chat
		WHERE channel = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, channel, max(limit, 0))
	if err != nil {
		return nil, fmt.Errorf("chat history: %w", err)
	}
	defer rows.Close()
	var out []storage.ChatEvent
	for rows.Next() {
		e := storage.ChatEvent{Channel: channel}
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.Data); err != nil {
			return nil, err
		}
		e.At = fromMillis(at)
		out = append(out, e)
	}
	return out, rows.Err()
}

// LastChatID is the largest event id stored.
func (db *DB) LastChatID(ctx context.Context) (int64, error) {
	var id int64
	err := db.r.QueryRowContext(ctx, "SELECT COALESCE(MAX(id), 0) FROM playground_chat").Scan(&id)
	return id, err
}
