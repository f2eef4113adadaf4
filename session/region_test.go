package session

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"slices"
	"testing"

	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/house"
	"pbc/engine/title"
	"pbc/render"
	"pbc/storage"
)

// TestEveryTitleLayPostsItsRegion: in every registered title and
// scenario, a tile lay played by chat posts, for a phone, the region of
// the map around the hex (outlined in it), smaller than the whole map, and
// not the whole map; `map` still shows the whole map. The same lay on a
// page for every screen also carries the whole map, which a tap on the
// region opens; for a wide screen alone, the whole map (a region only of
// a board too wide for any screen, as 1822CA's, 1822's and 1822MX's).
func TestEveryTitleLayPostsItsRegion(t *testing.T) {
	for _, name := range title.Names() {
		t.Run(name, func(t *testing.T) {
			st := newStore(t)
			m := New(Options{Store: st})
			ctx := context.Background()
			phone, hex := playToLay(t, m, st, name, "p-"+name)
			names := imageNames(phone.Images)
			if len(names) == 0 || names[0] != regionPicture || slices.Contains(names, "map.png") {
				t.Fatalf("a lay on %s posted %v to a phone, want the region alone", hex, names)
			}
			region := phone.Images[0]
			g := gameOf(t, m, phone.Game)
			whole, wh, err := render.MapSize(g, render.MapOptions{})
			if err != nil {
				t.Fatal(err)
			}
			rw, rh := pngSize(t, region.PNG)
			if rw*rh >= whole*wh {
				t.Errorf("the region is %d×%d, the whole map %d×%d: not smaller", rw, rh, whole, wh)
			}
			crop, ok := render.MoveCrop(g, render.MapOptions{Highlight: []string{hex}})
			if !ok || !slices.Contains(crop.Crop, hex) {
				t.Errorf("the region of a lay on %s does not hold it: %v", hex, crop.Crop)
			}
			if !hasColor(t, region.PNG, 0xE0, 0x00, 0xB0) {
				t.Errorf("the region of the lay on %s outlines no changed hex", hex)
			}
			out, err := m.Do(ctx, phone.Game, Request{User: User{ID: "u0"}, Text: "map"})
			if err != nil || out.Refused || len(out.Images) != 1 || out.Images[0].Name != "map.png" {
				t.Fatalf("`map` after the lay: %+v, %v", imageNames(out.Images), err)
			}
			if w, h := pngSize(t, out.Images[0].PNG); w*h <= rw*rh {
				t.Errorf("`map` is %d×%d, no larger than the region %d×%d", w, h, rw, rh)
			}

			every, _ := playToLay(t, m, st, name, "e-"+name, EveryScreen)
			byName := map[string]Image{}
			for _, img := range every.Images {
				byName[img.Name] = img
			}
			r, okR := byName[regionPicture]
			w, okW := byName["map.png"]
			if !okR || !okW || r.Opens != "map.png" {
				t.Fatalf("a lay for every screen posted %v (region opens %q), want the region opening the whole map", imageNames(every.Images), r.Opens)
			}
			if render.WideMap(g) {
				if r.Screen != "" || w.Screen != ScreenTap {
					t.Errorf("a wide board: region for %q, map for %q; want every screen and the tap", r.Screen, w.Screen)
				}
			} else if r.Screen != ScreenPhone || w.Screen != ScreenWide {
				t.Errorf("region for %q, map for %q; want the phone and the wide screen", r.Screen, w.Screen)
			}

			// At a computer's screen, the wide form alone: the whole
			// map, unless the board is too wide for any screen.
			wideOut, _ := playToLay(t, m, st, name, "w-"+name, WideScreens)
			want := "map.png"
			if render.WideMap(g) {
				want = regionPicture
			}
			if got := imageNames(wideOut.Images); len(got) == 0 || got[0] != want || slices.Contains(got, regionPicture) && want != regionPicture {
				t.Errorf("a lay for a wide screen posted %v, want %s", got, want)
			}
		})
	}
}

// playToLay starts a game of name in channel ch with three players and
// lets the house play every seat (with no pictures) until its move is a
// tile lay, which it plays by chat, drawn for screens (PhoneScreens if
// none); it returns the lay's outcome and its hex.
func playToLay(t *testing.T, m *Manager, st storage.Store, name, ch string, screens ...Screens) (Outcome, string) {
	t.Helper()
	ctx := context.Background()
	sg, err := st.CreateGame(ctx, storage.NewGame{Channel: storage.Channel{Platform: storage.Local, ID: ch},
		Title: name, Seed: 11, Creator: "u0"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		u := fmt.Sprint("u", i)
		if _, err := st.AddSeat(ctx, sg.ID, storage.Seat{Order: i, PlayerID: i + 1, UserID: u, DisplayName: u}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := st.SetStatus(ctx, sg.ID, storage.Active); err != nil {
		t.Fatal(err)
	}
	s, err := m.Open(ctx, sg.ID)
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 400; step++ {
		var user, text, hex string
		if err := s.View(func(v View) error {
			g := v.Game()
			mv := g.Moves()
			if len(mv.Actors) == 0 {
				return fmt.Errorf("nobody acts")
			}
			a := house.ChooseFrom(g, mv, mv.Actors[0].Player)
			if a == nil {
				return fmt.Errorf("the house has no move")
			}
			if lay, ok := a.(*action.LayTile); ok {
				hex = lay.Hex
			}
			words := offers.Translate(g, a)
			user, text = v.Table().ActingUser(a), words[0]
			if hex != "" && len(words) > 1 {
				text = words[1] // with its rotation
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		req := Request{User: User{ID: user}, Text: text, NoImages: hex == ""}
		if len(screens) > 0 {
			req.Screens = screens[0]
		}
		out, err := m.Do(ctx, sg.ID, req)
		if err != nil || out.Refused {
			t.Fatalf("step %d %q by %s: %+v, %v", step, text, user, out.Text, err)
		}
		if hex != "" {
			return out, hex
		}
	}
	t.Fatal("no tile lay in 400 moves")
	return Outcome{}, ""
}

func imageNames(imgs []Image) []string {
	var out []string
	for _, img := range imgs {
		out = append(out, img.Name)
	}
	return out
}

func gameOf(t *testing.T, m *Manager, id storage.GameID) *engine.Game {
	t.Helper()
	s, err := m.Open(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var g *engine.Game
	if err := s.View(func(v View) error { g = v.Game(); return nil }); err != nil {
		t.Fatal(err)
	}
	return g
}

func pngSize(t *testing.T, b []byte) (int, int) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Width, cfg.Height
}

// hasColor reports whether the PNG has a pixel of exactly this colour.
func hasColor(t *testing.T, b []byte, r, g, bl uint8) bool {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	bd := img.Bounds()
	for y := bd.Min.Y; y < bd.Max.Y; y++ {
		for x := bd.Min.X; x < bd.Max.X; x++ {
			c := color(img, x, y)
			if c[0] == r && c[1] == g && c[2] == bl {
				return true
			}
		}
	}
	return false
}

func color(img image.Image, x, y int) [3]uint8 {
	r, g, b, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8)}
}
