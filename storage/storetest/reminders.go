package storetest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"pbc/storage"
)

func testClaimReminders(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	other := another()
	t0 := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	g1, g2, g3 := activeGame(t, db, "c1"), activeGame(t, db, "c2"), activeGame(t, db, "c3")
	for _, r := range []storage.Reminder{{Game: g1.ID, Due: t0.Add(time.Minute)}, {Game: g2.ID, Due: t0}, {Game: g3.ID, Due: t0.Add(time.Hour)}} {
		if err := db.SetReminder(ctx, r.Game, r.Due); err != nil {
			t.Fatal(err)
		}
	}
	const lease = 10 * time.Minute
	now := t0.Add(2 * time.Minute)
	steps := []struct {
		name string
		st   storage.Store
		at   time.Time
		do   func() error // before the claim, if set
		want []storage.Reminder
	}{
		{"the due ones, earliest first", db, now, nil,
			[]storage.Reminder{{Game: g2.ID, Due: t0}, {Game: g1.ID, Due: t0.Add(time.Minute)}}},
		{"none again while claimed", db, now, nil, nil},
		{"none for another process either", other, now.Add(lease - time.Second), nil, nil},
		{"a rescheduled one is claimable again", other, now,
			func() error { return db.SetReminder(ctx, g1.ID, t0) }, []storage.Reminder{{Game: g1.ID, Due: t0}}},
		{"a cleared one is gone", db, now.Add(2 * lease),
			func() error { return db.ClearReminder(ctx, g1.ID) }, []storage.Reminder{{Game: g2.ID, Due: t0}}},
		{"an expired claim is claimed again, with the newly due", other, now.Add(6 * lease), nil,
			[]storage.Reminder{{Game: g2.ID, Due: t0}, {Game: g3.ID, Due: t0.Add(time.Hour)}}},
		{"a finished game's is never claimed", db, now.Add(10 * lease), func() error {
			_, err := db.Finish(ctx, g2.ID, "bank", nil)
			return err
		}, []storage.Reminder{{Game: g3.ID, Due: t0.Add(time.Hour)}}},
	}
	for _, s := range steps {
		if s.do != nil {
			if err := s.do(); err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
		}
		got, err := s.st.ClaimReminders(ctx, s.at, lease)
		if err != nil || !slices.Equal(got, s.want) {
			t.Fatalf("%s: claimed %+v, %v; want %+v", s.name, got, err, s.want)
		}
	}
	if due, err := db.DueReminders(ctx, now.Add(10*lease)); err != nil || len(due) != 1 || due[0].Game != g3.ID {
		t.Errorf("DueReminders lists the claimed ones too: %+v, %v", due, err)
	}
	if _, err := db.ClaimReminders(ctx, now, 0); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a claim without a lease: %v, want ErrInvalid", err)
	}
}

func testRacingClaims(t *testing.T, open Open) {
	const games, rounds, claimers = 12, 5, 4
	ctx := context.Background()
	db, another := open(t)
	stores := []storage.Store{db, another()}
	t0 := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	var ids []storage.GameID
	for i := range games {
		ids = append(ids, activeGame(t, db, "claim-"+string(rune('a'+i))).ID)
	}
	for r := range rounds {
		for _, id := range ids {
			if err := db.SetReminder(ctx, id, t0); err != nil {
				t.Fatal(err)
			}
		}
		var (
			mu   sync.Mutex
			got  = map[storage.GameID]int{}
			wg   sync.WaitGroup
			gate = make(chan struct{})
		)
		for c := range claimers {
			wg.Go(func() {
				<-gate
				rs, err := stores[c%len(stores)].ClaimReminders(ctx, t0.Add(time.Minute), time.Hour)
				if err != nil {
					t.Errorf("round %d, claimer %d: %v", r, c, err)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, x := range rs {
					got[x.Game]++
				}
			})
		}
		close(gate)
		wg.Wait()
		for _, id := range ids {
			if got[id] != 1 {
				t.Errorf("round %d: game %d's reminder was claimed %d times, want once", r, id, got[id])
			}
		}
	}
}
