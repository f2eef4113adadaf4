package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// Reopen makes finished game id active again, without its result.
func (db *DB) Reopen(ctx context.Context, id storage.GameID) (storage.Game, error) {
	err := db.write(ctx, func(tx pgx.Tx) error {
		g, err := getGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if g.Status != storage.Finished {
			return fmt.Errorf("game %d: reopening a %s game: %w", id, g.Status, storage.ErrStatus)
		}
		// A savepoint, so that a clash with another open game of the
		// channel (the unique index) leaves the transaction usable.
		sp, err := tx.Begin(ctx)
		if err != nil {
			return err
		}
		_, err = sp.Exec(ctx, `UPDATE games SET status = 'active', result = NULL, end_reason = '',
			updated_at = $1, ended_at = NULL WHERE id = $2`, stamp(db.now()), id)
		if isConstraint(err) {
			sp.Rollback(ctx)
			return fmt.Errorf("game %d: channel %s: %w (%v)", id, g.Channel.ID, storage.ErrChannelBusy, err)
		}
		if err != nil {
			sp.Rollback(ctx)
			return err
		}
		return sp.Commit(ctx)
	})
	if err != nil {
		return storage.Game{}, err
	}
	return db.Game(ctx, id)
}
