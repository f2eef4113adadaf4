package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"time"

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
	s.Until = time.Time{}
	err := db.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, id)
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
func insertSeat(ctx context.Context, tx *sql.Tx, id storage.GameID, s storage.Seat) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, player_id, user_id, display_name, since)
		VALUES (?, ?, ?, ?, ?, ?)`, id, s.Order, s.PlayerID, s.UserID, s.DisplayName, millis(s.Since))
	if isConstraint(err) {
		return fmt.Errorf("%w: game %d: seat %d or player id %d is taken", storage.ErrInvalid, id, s.Order, s.PlayerID)
	}
	return err
}

// ReplaceSeat hands an open game's seat to another user; the seat keeps its
// order and player id, and the previous holder's time ends now.
func (db *DB) ReplaceSeat(ctx context.Context, id storage.GameID, order int, userID, displayName string) (storage.Seat, error) {
	var s storage.Seat
	err := db.write(ctx, func(tx *sql.Tx) error {
		g, err := getGame(ctx, tx, id)
		if err != nil {
			return err
		}
		if !g.Status.Open() {
			return fmt.Errorf("game %d is %s: %w", id, g.Status, storage.ErrStatus)
		}
		var playerID int
		err = tx.QueryRowContext(ctx, "SELECT player_id FROM seats WHERE game_id = ? AND seat = ? AND until IS NULL",
			id, order).Scan(&playerID)
		if err == sql.ErrNoRows {
			return fmt.Errorf("game %d has no seat %d: %w", id, order, storage.ErrNotFound)
		}
		if err != nil {
			return err
		}
		now := db.now()
		if _, err := tx.ExecContext(ctx, "UPDATE seats SET until = ? WHERE game_id = ? AND seat = ? AND until IS NULL",
			millis(now), id, order); err != nil {
			return err
		}
		s = storage.Seat{Order: order, PlayerID: playerID, UserID: userID, DisplayName: displayName, Since: now}
		return insertSeat(ctx, tx, id, s)
	})
	return s, err
}

// Seats returns the current seats in seat order.
func (db *DB) Seats(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	return seats(ctx, db.r, id, true)
}

// SeatHistory returns every holder of every seat, by seat and time.
func (db *DB) SeatHistory(ctx context.Context, id storage.GameID) ([]storage.Seat, error) {
	return seats(ctx, db.r, id, false)
}

// seats reads a game's seats, only the current ones or all.
func seats(ctx context.Context, q querier, id storage.GameID, current bool) ([]storage.Seat, error) {
	query := "SELECT seat, player_id, user_id, display_name, since, until FROM seats WHERE game_id = ?"
	if current {
		query += " AND until IS NULL"
	}
	return scanSeats(q.QueryContext(ctx, query+" ORDER BY seat, since, rowid", id))
}

// scanSeats reads the seats a query returned.
func scanSeats(rows *sql.Rows, err error) ([]storage.Seat, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []storage.Seat
	for rows.Next() {
		var s storage.Seat
		var since int64
		var until sql.NullInt64
		if err := rows.Scan(&s.Order, &s.PlayerID, &s.UserID, &s.DisplayName, &since, &until); err != nil {
			return nil, err
		}
		s.Since, s.Until = fromMillis(since), fromNullMillis(until)
		out = append(out, s)
	}
	return out, rows.Err()
}
