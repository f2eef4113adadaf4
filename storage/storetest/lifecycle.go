package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"pbc/storage"
)

func testGameLifecycle(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	ch := channel("c1")
	g, err := db.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822PNW", Options: []string{"remove_three_ls"}, Seed: 7, Creator: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Status != storage.Forming || g.Seed != 7 || !slices.Equal(g.Options, []string{"remove_three_ls"}) || g.CreatedAt.IsZero() {
		t.Fatalf("created %+v", g)
	}
	if _, err := db.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822CA"}); !errors.Is(err, storage.ErrChannelBusy) {
		t.Fatalf("second game in a busy channel: %v, want ErrChannelBusy", err)
	}
	if _, err := db.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: "irc", ID: "x"}, Title: "1822CA"}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("unknown platform: %v, want ErrInvalid", err)
	}
	other, err := db.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Discord, Workspace: "guild", ID: "c1"}, Title: "1822CA"})
	if err != nil {
		t.Fatalf("same channel id in another guild: %v", err)
	}

	for i, name := range []string{"Ann", "Bob", "Cy"} {
		if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: i, PlayerID: 100 + i, UserID: name, DisplayName: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: 1, UserID: "Dee"}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("taken seat: %v, want ErrInvalid", err)
	}
	if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: 1, Action: message(1, "early")}); !errors.Is(err, storage.ErrStatus) {
		t.Fatalf("append while forming: %v, want ErrStatus", err)
	}
	if g, err = db.SetStatus(ctx, g.ID, storage.Active); err != nil || g.Status != storage.Active {
		t.Fatalf("start: %v %+v", err, g)
	}
	if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: 3, UserID: "Dee"}); !errors.Is(err, storage.ErrStatus) {
		t.Fatalf("seat after start: %v, want ErrStatus", err)
	}
	if open, err := db.OpenGame(ctx, ch); err != nil || open.ID != g.ID {
		t.Fatalf("OpenGame: %v %+v", err, open)
	}

	for seq := 1; seq <= 3; seq++ {
		e, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(seq, "hi"), UserID: "Ann"})
		if err != nil || e.At.IsZero() {
			t.Fatalf("append %d: %v", seq, err)
		}
	}
	if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: 4, Action: []byte(`{"type":`)}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("bad JSON: %v, want ErrInvalid", err)
	}
	if _, err := db.ReplaceSeat(ctx, g.ID, 1, "Eve", "Eve"); err != nil {
		t.Fatal(err)
	}
	ld, err := db.Load(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(ld.Entries) != 3 || ld.Entries[2].UserID != "Ann" || len(ld.Log.Actions) != 3 {
		t.Fatalf("loaded %d entries, %d actions", len(ld.Entries), len(ld.Log.Actions))
	}
	if ld.Log.Title != "1822PNW" || ld.Log.Seed() != 7 || len(ld.Log.Players) != 3 || ld.Log.Players[1].Name != "Eve" || ld.Log.Players[1].ID != 101 {
		t.Fatalf("loaded log: %+v", ld.Log)
	}

	if _, err := db.SetStatus(ctx, g.ID, storage.Forming); !errors.Is(err, storage.ErrStatus) {
		t.Fatalf("active to forming: %v, want ErrStatus", err)
	}
	if _, err := db.SetStatus(ctx, g.ID, "paused"); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("unknown status: %v, want ErrInvalid", err)
	}
	result := map[string]int{"100": 900, "101": 800, "102": 700}
	if g, err = db.Finish(ctx, g.ID, "bank", result); err != nil || g.Status != storage.Finished || g.EndedAt.IsZero() || g.Result["100"] != 900 {
		t.Fatalf("finish: %v %+v", err, g)
	}
	if _, err := db.Finish(ctx, g.ID, "bank", result); !errors.Is(err, storage.ErrStatus) {
		t.Fatalf("finish twice: %v, want ErrStatus", err)
	}
	if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: 4, Action: message(4, "late")}); !errors.Is(err, storage.ErrStatus) {
		t.Fatalf("append after the end: %v, want ErrStatus", err)
	}
	if _, err := db.OpenGame(ctx, ch); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("OpenGame after the end: %v, want ErrNotFound", err)
	}
	next, err := db.CreateGame(ctx, storage.NewGame{Channel: ch, Title: "1822CA"})
	if err != nil {
		t.Fatalf("new game after the end: %v", err)
	}

	finished, err := db.ListGames(ctx, storage.Filter{Channel: &ch, Statuses: []storage.Status{storage.Finished}})
	if err != nil || len(finished) != 1 || finished[0].ID != g.ID || finished[0].EndReason != "bank" {
		t.Fatalf("finished games: %v %+v", err, finished)
	}
	all, err := db.ListGames(ctx, storage.Filter{})
	if err != nil || len(all) != 3 || all[0].ID != next.ID || all[2].ID != g.ID || all[1].ID != other.ID {
		t.Fatalf("all games: %v %+v", err, all)
	}
	if mine, err := db.ListGames(ctx, storage.Filter{Creator: "u1", Limit: 1}); err != nil || len(mine) != 1 || mine[0].ID != g.ID {
		t.Fatalf("by creator: %v %+v", err, mine)
	}
	if open, err := db.ListGames(ctx, storage.Filter{Statuses: []storage.Status{storage.Forming, storage.Active}}); err != nil || len(open) != 2 {
		t.Fatalf("open games: %v %+v", err, open)
	}
	if _, err := db.Game(ctx, g.ID+999); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("missing game: %v", err)
	}
	if ab, err := db.SetStatus(ctx, other.ID, storage.Abandoned); err != nil || ab.Status != storage.Abandoned || ab.EndedAt.IsZero() {
		t.Fatalf("abandon: %v %+v", err, ab)
	}
}

func testSeats(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	g := activeGame(t, db, "seats")
	if _, err := db.ReplaceSeat(ctx, g.ID, 1, "u9", "Eve"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ReplaceSeat(ctx, g.ID, 7, "u9", "Eve"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("replace a missing seat: %v, want ErrNotFound", err)
	}
	if _, err := db.ReplaceSeat(ctx, g.ID+999, 0, "u9", "Eve"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("replace a seat of a missing game: %v, want ErrNotFound", err)
	}
	if _, err := db.AddSeat(ctx, g.ID, storage.Seat{Order: -1, UserID: "x"}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("negative seat: %v, want ErrInvalid", err)
	}
	// The second process sees the change at once.
	seats, err := another().Seats(ctx, g.ID)
	if err != nil || len(seats) != 3 || seats[1].UserID != "u9" || seats[1].DisplayName != "Eve" || seats[1].PlayerID != 2 || seats[1].Since.IsZero() {
		t.Fatalf("seats after replacement: %v %+v", err, seats)
	}
	hist, err := db.SeatHistory(ctx, g.ID)
	if err != nil || len(hist) != 4 || hist[1].UserID != "u2" || hist[1].Until.IsZero() || !hist[2].Until.IsZero() || hist[2].UserID != "u9" {
		t.Fatalf("seat history: %v %+v", err, hist)
	}
	f, err := db.CreateGame(ctx, storage.NewGame{Channel: channel("seats-forming"), Title: "1822CA"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := db.AddSeat(ctx, f.ID, storage.Seat{Order: 2, UserID: "u1", DisplayName: "Ann"})
	if err != nil || s.PlayerID != 3 || s.Since.IsZero() {
		t.Fatalf("AddSeat: %v %+v, want player id 3", err, s)
	}
	if _, err := db.AddSeat(ctx, f.ID, storage.Seat{Order: 0, PlayerID: 3, UserID: "u2"}); !errors.Is(err, storage.ErrInvalid) {
		t.Fatalf("a taken player id: %v, want ErrInvalid", err)
	}
	if seats, err := db.Seats(ctx, f.ID); err != nil || len(seats) != 1 {
		t.Fatalf("a refused seat was kept: %v %+v", err, seats)
	}
}

func testSettingsAndReminders(t *testing.T, open Open) {
	ctx := context.Background()
	db, another := open(t)
	ch := storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1"}
	s, err := db.ChannelSettings(ctx, ch)
	if err != nil || s != (storage.ChannelSettings{Channel: ch}) {
		t.Fatalf("defaults: %v %+v", err, s)
	}
	want := storage.ChannelSettings{Channel: ch, ReminderEvery: 6 * time.Hour,
		Quiet:  storage.QuietHours{From: 22 * 60, To: 7 * 60, TZ: "Europe/Berlin"},
		Images: storage.ImagePrefs{Format: "svg", Width: 1200}}
	if err := db.SetChannelSettings(ctx, want); err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]func(*storage.ChannelSettings){
		"quiet hours": func(s *storage.ChannelSettings) { s.Quiet.From = 24 * 60 },
		"time zone":   func(s *storage.ChannelSettings) { s.Quiet.TZ = "Mars/Olympus" },
		"cadence":     func(s *storage.ChannelSettings) { s.ReminderEvery = -time.Hour },
		"platform":    func(s *storage.ChannelSettings) { s.Channel.Platform = "irc" },
	} {
		b := want
		bad(&b)
		if err := db.SetChannelSettings(ctx, b); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("bad %s: %v, want ErrInvalid", name, err)
		}
	}

	g1 := activeGame(t, db, "r1")
	g2 := activeGame(t, db, "r2")
	g3 := activeGame(t, db, "r3")
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, r := range []storage.Reminder{{Game: g1.ID, Due: t0.Add(time.Hour)}, {Game: g2.ID, Due: t0}, {Game: g3.ID, Due: t0.Add(time.Minute)}} {
		if err := db.SetReminder(ctx, r.Game, r.Due); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.SetReminder(ctx, g1.ID, t0.Add(-time.Hour)); err != nil { // moved earlier
		t.Fatal(err)
	}
	if err := db.SetReminder(ctx, g3.ID+999, t0); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("reminder for a missing game: %v", err)
	}
	if err := db.ClearReminder(ctx, g3.ID); err != nil {
		t.Fatal(err)
	}

	// Another process (or this one after a restart) sees the same.
	other := another()
	if got, err := other.ChannelSettings(ctx, ch); err != nil || got != want {
		t.Fatalf("settings seen by another process: %v\n got %+v\nwant %+v", err, got, want)
	}
	due, err := other.DueReminders(ctx, t0.Add(time.Minute))
	wantDue := []storage.Reminder{{Game: g1.ID, Due: t0.Add(-time.Hour)}, {Game: g2.ID, Due: t0}}
	if err != nil || !slices.Equal(due, wantDue) {
		t.Fatalf("due: %v\n got %+v\nwant %+v", err, due, wantDue)
	}
	if _, err := db.Finish(ctx, g1.ID, "bank", nil); err != nil {
		t.Fatal(err)
	}
	if due, _ := other.DueReminders(ctx, t0.Add(time.Minute)); len(due) != 1 || due[0].Game != g2.ID {
		t.Fatalf("due after g1 ended: %+v", due)
	}
	changed := want
	changed.ReminderEvery, changed.Images = 0, storage.ImagePrefs{Off: true}
	if err := other.SetChannelSettings(ctx, changed); err != nil {
		t.Fatal(err)
	}
	if got, err := db.ChannelSettings(ctx, ch); err != nil || got != changed {
		t.Fatalf("settings changed by another process: %v\n got %+v\nwant %+v", err, got, changed)
	}
}

func testExportOfANewGame(t *testing.T, open Open) {
	ctx := context.Background()
	db, _ := open(t)
	g := activeGame(t, db, "new")
	for seq := 1; seq <= 2; seq++ {
		if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: message(seq, "hi")}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Finish(ctx, g.ID, "manually_ended", map[string]int{"1": 10, "2": 20, "3": 30}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := db.Export(ctx, g.ID, &out); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`{"id":%d,"title":"1822PNW","players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"},{"id":3,"name":"Cy"}],`, g.ID) +
		`"settings":{"seed":42,"optional_rules":[]},"actions":[` +
		`{"type":"message","entity":1,"entity_type":"player","id":1,"message":"hi"},` +
		`{"type":"message","entity":1,"entity_type":"player","id":2,"message":"hi"}],` +
		`"result":{"1":10,"2":20,"3":30},"game_end_reason":"manually_ended"}`
	if out.String() != want {
		t.Errorf("export:\n got %s\nwant %s", out.String(), want)
	}
}
