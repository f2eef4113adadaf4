package sqlite

import (
	"context"
	"testing"

	"pbc/storage"
	"pbc/storage/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) (storage.Store, func() storage.Store) {
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
	})
}
