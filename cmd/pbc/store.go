package main

import (
	"context"
	"net/url"

	"pbc/storage"
	"pbc/storage/postgres"
	"pbc/storage/sqlite"
)

// openStore opens the store db names (--db, PBC_DB): the PostgreSQL
// database of a postgres:// or postgresql:// URL, which several processes
// may share, or else the SQLite file at that path, which one process holds.
func openStore(ctx context.Context, db string) (storage.Store, error) {
	if postgres.IsURL(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(ctx, db)
}

// dbPassword is the password a postgres:// URL carries, if any, so that the
// log masks it wherever the URL shows.
func dbPassword(db string) string {
	if !postgres.IsURL(db) {
		return ""
	}
	u, err := url.Parse(db)
	if err != nil {
		return ""
	}
	if p, ok := u.User.Password(); ok {
		return p
	}
	return u.Query().Get("password")
}
