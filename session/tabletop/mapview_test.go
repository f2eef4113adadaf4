package tabletop

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/render"
)

func TestRegionView(t *testing.T) {
	fixtures(t)
	ca := tableAt(t, "1822CA/1.json", 60)
	pnw := tableAt(t, pnw586, 40)
	tests := []struct {
		name string
		tb   *Table
		text string
		ok   bool
		want string
	}{
		{"city", ca, "map Toronto", true, "1822CA map around Toronto (AC21); `map` shows the whole board. Its stops, as a run names them: AC21.1 city (track to AB22), AC21.2 city (track to AC19)."},
		{"hex", ca, "map ah8", true, "1822CA map around Québec (AH8); `map` shows the whole board. Its stops, as a run names them: AH8.1 city (track to AG9), AH8.2 city."},
		{"prefix", pnw, "map portl", true, "1822PNW map around Portland (O8); `map` shows the whole board."},
		{"no place", ca, "map Atlantis", false, "There is no hex or place \"Atlantis\" on this map."},
		{"near hex", pnw, "map D32", false, "There is no hex or place \"D32\" on this map (did you mean D23?)."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rep := tc.tb.Exec(commands.Request{User: "x", Text: tc.text})
			if rep.OK != tc.ok || rep.Text != tc.want {
				t.Fatalf("%q: %v %q, want %v %q", tc.text, rep.OK, rep.Text, tc.ok, tc.want)
			}
			if !tc.ok {
				return
			}
			if rep.Image == nil || rep.Image.Name != "map-region.png" {
				t.Fatalf("%q: picture %+v", tc.text, rep.Image)
			}
			img, err := png.Decode(bytes.NewReader(rep.Image.Data))
			if err != nil {
				t.Fatal(err)
			}
			if w := img.Bounds().Dx(); w > render.MaxCropWidth {
				t.Errorf("%q: %d px wide", tc.text, w)
			}
		})
	}
	if rep := ca.Exec(commands.Request{User: "x", Text: "map"}); !rep.OK || rep.Image == nil || !strings.HasPrefix(rep.Text, "1822CA map") {
		t.Errorf("map: %v %q", rep.OK, rep.Text)
	}
}
