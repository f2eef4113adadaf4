package sqlite

import (
	"context"
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
