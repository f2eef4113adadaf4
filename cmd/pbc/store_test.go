package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"pbc/storage/postgres"
	"pbc/storage/postgres/pgtest"
	"pbc/storage/sqlite"
)

func TestOpenStorePicksByScheme(t *testing.T) {
	ctx := context.Background()
	file := filepath.Join(t.TempDir(), "pbc.db")
	st, err := openStore(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, ok := st.(*sqlite.DB); !ok {
		t.Errorf("a file path opened a %T, want a SQLite store", st)
	}
	if _, err := openStore(ctx, "postgres://pbc:hunter2secret@%zz/db"); err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("a malformed URL: %v, want an error that does not show the password", err)
	}
	url := pgtest.URL(t)
	pg, err := openStore(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	if _, ok := pg.(*postgres.DB); !ok {
		t.Errorf("%s opened a %T, want a PostgreSQL store", url, pg)
	}
}

func TestDBPassword(t *testing.T) {
	cases := []struct{ db, want string }{
		{"pbc.db", ""},
		{"postgres://pbc@localhost/pbc", ""},
		{"postgres://pbc:s3cret-pw@localhost/pbc", "s3cret-pw"},
		{"postgresql://localhost/pbc?user=pbc&password=other-pw", "other-pw"},
		{"data/pbc:colon.db", ""},
	}
	for _, c := range cases {
		t.Run(c.db, func(t *testing.T) {
			if got := dbPassword(c.db); got != c.want {
				t.Errorf("dbPassword(%q) = %q, want %q", c.db, got, c.want)
			}
		})
	}
}
