package session

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"slices"
	"testing"

	"pbc/commands/resolve"
	"pbc/engine/action"
	"pbc/render"
	"pbc/storage"
)

// TestBritishMovesPostARegion: the 1822 board (211 hexes, too wide and
// tall for a phone) posts a late tile lay as the region around it, with
// its locator, and the whole board is a `map` away.
func TestBritishMovesPostARegion(t *testing.T) {
	l := readFixture(t, "../fixtures-next/1822/1822_game_end_stock_market.json")
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	k := -1
	for i := len(acts) * 3 / 4; i < len(acts); i++ {
		if _, ok := acts[i].(*action.LayTile); ok {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no late tile lay in the fixture")
	}
	head := *l
	head.Actions = acts[:k]
	head.Result, head.GameEndReason = nil, ""
	st := newStore(t)
	ctx := context.Background()
	sg, err := st.Import(ctx, storage.Channel{Platform: storage.Local, ID: "gb"}, "x", &head)
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
		text, err = resolve.Phrase(&v.Table().Position, acts[k])
		return err
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
	whole, err := m.Do(ctx, sg.ID, Request{User: User{ID: user}, Text: "map"})
	if err != nil || whole.Refused || len(whole.Images) == 0 || whole.Images[0].Name != "map.png" {
		t.Fatalf("map after the move: %+v, %v", whole, err)
	}
}
