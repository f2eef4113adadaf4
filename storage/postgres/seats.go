package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"pbc/storage"
)

// AddSeat seats a user at a forming game. A zero PlayerID becomes Order+1.
func (db *DB) AddSeat(ctx context.Context, id storage.GameID, s storage.Seat) (storage.Seat, error) {
	if s.Order < 0 {
		return s, fmt.Errorf("%w: seat order %d", storage.ErrInvalid, s.Order)
	}
	if s.PlayerID == 0 {
		s.PlayerID = s.Order + 1
	}
	if s.Since.IsZero() {
		s.Since = db.now()
	}
	s.Since, s.Until = stamp(s.Since), time.Time{}
	err := db.write(ctx, func(tx pgx.Tx) error {
		g, err := getGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if g.Status != storage.Forming {
			return fmt.Errorf("game %d is %s: seats are taken while forming: %w", id, g.Status, storage.ErrStatus)
		}
		return insertSeat(ctx, tx, id, s)
	})
	return s, err
}

// insertSeat adds a current seat; a taken seat or player id is ErrInvalid.
// It runs in a savepoint, so that a refused seat leaves tx usable.
func insertSeat(ctx context.Context, tx pgx.Tx, id storage.GameID, s storage.Seat) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	_, err = sp.Exec(ctx, `INSERT INTO seats (game_id, seat, player_id, user_id, display_name, since)
		VALUES ($1, $2, $3, $4, $5, $6)`, id, s.Order, s.PlayerID, s.UserID, s.DisplayName, stamp(s.Since))
	if err != nil {
		sp.Rollback(ctx)
		if isConstraint(err) {
			return fmt.Errorf("%w: game %d: seat %d or player id %d is taken", storage.ErrInvalid, id, s.Order, s.PlayerID)
		}
		return err
	}
	return sp.Commit(ctx)
}

// ReplaceSeat hands an open game's seat to another user; the seat keeps its
// order and player id, and the previous holder's time ends now.
func (db *DB) ReplaceSeat(ctx context.Context, id storage.GameID, order int, userID, displayName string) (storage.Seat, error) {
	var s storage.Seat
	err := db.write(ctx, func(tx pgx.Tx) error {
		g, err := getGame(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if !g.Status.Open() {
			return fmt.Errorf("game %d is %s: %w", id, g.Status, storage.ErrStatus)
		}
		now := stamp(db.now())
		var playerID int
		err = tx.QueryRow(ctx, `UPDATE seats SET until = $1 WHERE game_id = $2 AND seat = $3 AND until IS NULL
			RETURNING player_id`, now, id, order).Scan(&playerID)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d has no seat %d: %w", id, order, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		s = storage.Seat{Order: order, PlayerID: playerID, UserID: userID, DisplayName: displayName, Since: now}
		return insertSeat(ctx, tx, id, s)
	})
	return s, err
}

// Seats returns the current seats in seat order.
func (db *DB) Seats(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	return seats(ctx, db.pool, id, true)
}

// SeatHistory returns every holder of every seat, by seat and time.
func (db *DB) SeatHistory(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	return seats(ctx, db.pool, id, false)
}

// seats reads a game's seats, only the current ones or all.
func seats(ctx context.Context, q querier, id storage.GameID, current bool) ([]storage.Seat, error) {
	query := "SELECT seat, player_id, user_id, display_name, since, until FROM seats WHERE game_id = $1"
	if current {
		query += " AND until IS NULL"
	}
	rows, err := q.Query(ctx, query+" ORDER BY seat, since, id", id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Seat
	for rows.Next() {
		var s storage.Seat
		var until *time.Time
		if err := rows.Scan(&s.Order, &s.PlayerID, &s.UserID, &s.DisplayName, &s.Since, &until); err != nil {
			return nil, err
		}
		s.Since, s.Until = s.Since.UTC(), fromNull(until)
		out = append(out, s)
	}
	return out, rows.Err()
}
