package session

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"slices"
	"testing"

	"pbc/commands/offers"
	"pbc/engine/action"
	"pbc/render"
	"pbc/storage"
)

// TestStockMovesPostTheTable: a bid changes neither the map nor the market,
// so the table picture (with the bid boxes) is posted instead of nothing.
func TestStockMovesPostTheTable(t *testing.T) {
	st := newStore(t)
	m := New(Options{Store: st})
	id := newGame(t, st, "c")
	who := next(t, m, id)
	out, err := m.Do(context.Background(), id, Request{User: User{ID: who}, Text: "bid M6 100"})
	if err != nil || out.Refused {
		t.Fatalf("bid: %+v, %v", out, err)
	}
	var names []string
	for _, img := range out.Images {
		names = append(names, img.Name)
	}
	if len(names) != 1 || names[0] != phoneTablePicture || len(out.Images[0].PNG) == 0 {
		t.Errorf("a bid posted %v, want the table picture for a phone", names)
	}
	// For every screen, both forms, each marked.
	who = next(t, m, id)
	out, err = m.Do(context.Background(), id, Request{User: User{ID: who}, Text: "bid M13 100", Screens: EveryScreen})
	if err != nil || out.Refused {
		t.Fatalf("bid: %+v, %v", out, err)
	}
	var got []string
	for _, img := range out.Images {
		got = append(got, img.Name+":"+img.Screen)
	}
	if want := []string{phoneTablePicture + ":" + ScreenPhone, "table.png:" + ScreenWide}; !slices.Equal(got, want) {
		t.Errorf("a bid for every screen posted %v, want %v", got, want)
	}
}

// TestWideBoardMovesPostACrop: on the 1822CA board, too wide for a phone,
// a tile lay posts the region around it (with its locator), not the whole
// board.
func TestWideBoardMovesPostACrop(t *testing.T) {
	l := readFixture(t, "1822CA/1.json")
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i, a := range acts {
		if _, ok := a.(*action.LayTile); ok && i > 40 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no tile lay in the fixture")
	}
	head := *l
	head.Actions = acts[:k]
	head.Result, head.GameEndReason = nil, ""
	st := newStore(t)
	ctx := context.Background()
	sg, err := st.Import(ctx, storage.Channel{Platform: storage.Local, ID: "ca"}, "x", &head)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Store: st})
	for i, p := range head.Players {
		out, err := m.Do(ctx, sg.ID, Request{User: User{ID: fmt.Sprint("u", i)}, Text: "join " + p.Name})
		if err != nil || out.Refused {
			t.Fatalf("join %s: %+v, %v", p.Name, out, err)
		}
	}
	s, err := m.Open(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	var user, text string
	if err := s.View(func(v View) error {
		user = v.Table().ActingUser(acts[k])
		text = offers.Translate(v.Game(), acts[k])[0]
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	out, err := m.Do(ctx, sg.ID, Request{User: User{ID: user}, Text: text})
	if err != nil || out.Refused {
		t.Fatalf("%s by %s: %+v, %v", text, user, out, err)
	}
	var names []string
	for _, img := range out.Images {
		names = append(names, img.Name)
	}
	if len(names) == 0 || names[0] != "map-region.png" || slices.Contains(names, "map.png") {
		t.Fatalf("%q posted %v, want the region of the map instead of the whole board", text, names)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out.Images[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width > render.MaxCropWidth {
		t.Errorf("the region is %d px wide, want at most %d", cfg.Width, render.MaxCropWidth)
	}
}
