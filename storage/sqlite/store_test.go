package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"pbc/storage"
	"pbc/storage/storetest"
)

func TestStore(t *testing.T) { storetest.Run(t, openStores) }

// openStores opens a store on a new database and offers another on it.
func openStores(t testing.TB) (storage.Store, func() storage.Store) {
	db, path := openTest(t)
	return db, func() storage.Store {
		// A second pool on the file, as another process would have
		// (a second bot is refused the lock; the store's checks are not).
		other, err := OpenShared(context.Background(), path)
		if err != nil {
			t.Fatalf("OpenShared: %v", err)
		}
		t.Cleanup(func() { other.Close() })
		return other
	}
}

func BenchmarkStoreCommit(b *testing.B)         { storetest.BenchCommit(b, openStores) }
func BenchmarkStoreCommitChannels(b *testing.B) { storetest.BenchCommitChannels(b, openStores) }
func BenchmarkStoreLoad(b *testing.B)           { storetest.BenchLoad(b, openStores) }

// openFile opens the database file at path, closed when t ends.
func openFile(t testing.TB, path string) storage.Store {
	db, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestStoreCrash(t *testing.T) {
	storetest.Crash(t, filepath.Join(t.TempDir(), "pbc.db"), "TestStoreCrashChild", openFile)
}

func TestStoreCrashChild(t *testing.T) { storetest.CrashChild(t, openFile) }
