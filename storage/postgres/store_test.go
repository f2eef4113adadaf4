package postgres

import (
	"context"
	"testing"

	"pbc/storage"
	"pbc/storage/postgres/pgtest"
	"pbc/storage/storetest"
)

// openTest opens a store on a fresh schema of the test server; it skips
// without one.
func openTest(t testing.TB) (*DB, string) {
	t.Helper()
	url := pgtest.URL(t)
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db, url
}

func TestStore(t *testing.T) { storetest.Run(t, openStores) }

// openStores opens a store on a new database and offers another on it.
func openStores(t testing.TB) (storage.Store, func() storage.Store) {
	db, url := openTest(t)
	return db, func() storage.Store {
		other, err := Open(context.Background(), url) // another process's pool
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
		t.Cleanup(func() { other.Close() })
		return other
	}
}

func BenchmarkStoreCommit(b *testing.B)         { storetest.BenchCommit(b, openStores) }
func BenchmarkStoreCommitChannels(b *testing.B) { storetest.BenchCommitChannels(b, openStores) }
func BenchmarkStoreLoad(b *testing.B)           { storetest.BenchLoad(b, openStores) }

// openURL opens the database at url, closed when t ends.
func openURL(t testing.TB, url string) storage.Store {
	db, err := Open(context.Background(), url)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestStoreCrash(t *testing.T) {
	storetest.Crash(t, pgtest.URL(t), "TestStoreCrashChild", openURL)
}

func TestStoreCrashChild(t *testing.T) { storetest.CrashChild(t, openURL) }
