package sqlite

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"pbc/engine/action"
	"pbc/storage"
)

func TestRacingAppendsLoseNothing(t *testing.T) {
	const writers, perWriter = 16, 25
	ctx := context.Background()
	db1, path := openTest(t)
	db2, err := Open(ctx, path) // a second pool on the same file, as another process would have
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	g := activeGame(t, db1, "race")

	var (
		mu        sync.Mutex
		acked     = map[string]int{} // message -> acknowledged seq
		conflicts int
		wg        sync.WaitGroup
	)
	for w := range writers {
		db := db1
		if w%2 == 1 {
			db = db2
		}
		wg.Go(func() {
			seq := 1 // deliberately stale from the start
			for k := range perWriter {
				text := fmt.Sprintf("w%d-%d", w, k)
				for {
					e, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(w*1000+k, text), UserID: fmt.Sprint(w)})
					var c *storage.ConflictError
					if errors.As(err, &c) {
						mu.Lock()
						conflicts++
						mu.Unlock()
						seq = c.Next // may be stale again by the time we retry
						continue
					}
					if err != nil {
						t.Errorf("writer %d: %v", w, err)
						return
					}
					mu.Lock()
					acked[text] = e.Seq
					mu.Unlock()
					seq = e.Seq + 1
					break
				}
			}
		})
	}
	wg.Wait()

	ld, err := db1.Load(ctx, g.ID)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(ld.Entries) != writers*perWriter || len(acked) != writers*perWriter {
		t.Fatalf("log has %d entries, %d acknowledged, want %d", len(ld.Entries), len(acked), writers*perWriter)
	}
	seen := map[string]bool{}
	for i, a := range ld.Log.Actions {
		m, ok := a.(*action.Message)
		if !ok {
			t.Fatalf("seq %d: %T", i+1, a)
		}
		if seen[m.Message] {
			t.Errorf("seq %d: %q written twice", i+1, m.Message)
		}
		seen[m.Message] = true
		if acked[m.Message] != i+1 {
			t.Errorf("seq %d holds %q, acknowledged at seq %d", i+1, m.Message, acked[m.Message])
		}
		if ld.Entries[i].Seq != i+1 || !json.Valid(ld.Entries[i].Action) {
			t.Errorf("entry %d: seq %d", i, ld.Entries[i].Seq)
		}
	}
	if conflicts == 0 {
		t.Error("no append ever conflicted; the test did not race")
	}
	t.Logf("%d appends, %d conflicts retried", len(acked), conflicts)
}
