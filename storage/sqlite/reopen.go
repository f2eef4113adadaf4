package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"pbc/storage"
)

// Reopen makes finished game id active again, without its result.
func (db *DB) Reopen(ctx context.Context, id storage.GameID) (storage.Game, error) {
	err := db.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if g.Status != storage.Finished {
			return fmt.Errorf("game %d: reopening a %s game: %w", id, g.Status, storage.ErrStatus)
		}
		// The unique index refuses a second open game in the channel too;
		// counting first gives the clearer error.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE platform = ? AND workspace = ?
			AND channel = ? AND status IN ('forming', 'active')`,
			g.Channel.Platform, g.Channel.Workspace, g.Channel.ID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return fmt.Errorf("game %d: channel %s: %w", id, g.Channel.ID, storage.ErrChannelBusy)
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET status = 'active', result = NULL, end_reason = '',
			updated_at = ?, ended_at = NULL WHERE id = ?`, millis(db.now()), id)
		if isConstraint(err) {
			return fmt.Errorf("game %d: channel %s: %w (%v)", id, g.Channel.ID, storage.ErrChannelBusy, err)
		}
		return err
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}
