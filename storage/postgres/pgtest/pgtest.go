// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema on the server that PBC_TEST_POSTGRES names, dropped when the test
// ends. Tests that need one skip when the variable is unset.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Env is the variable holding the test server's connection URL.
const Env = "PBC_TEST_POSTGRES"

// URL returns the connection URL of a new, empty schema for t (its
// search_path), skipping t when Env is unset. The schema is dropped, with
// everything in it, when t ends.
func URL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		t.Skipf("skipping: %s is not set (a postgres:// URL of a throwaway server; .ci/run starts one)", Env)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: not a URL: %v", Env, err)
	}
	// The pool's own settings (pool_max_conns, ...) are no server's: the
	// plain connections below leave them out.
	admin := *u
	aq := admin.Query()
	for k := range aq {
		if strings.HasPrefix(k, "pool_") {
			aq.Del(k)
		}
	}
	admin.RawQuery = aq.Encode()
	base = admin.String()
	b := make([]byte, 6)
	rand.Read(b)
	schema := "pbc_test_" + hex.EncodeToString(b)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connecting to %s: %v", Env, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("creating schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
