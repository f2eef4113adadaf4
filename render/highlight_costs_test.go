package render

import (
	"testing"

	"pbc/engine"
)

// TestHighlightLeavesCostsReadable: the outline of a changed hex is drawn
// under the water-crossing costs on its edges, not over them (a phone's
// region of a lay on 1822CA's AG13 showed "$2" for "$20").
func TestHighlightLeavesCostsReadable(t *testing.T) {
	tl, err := engine.TitleByName("1822CA")
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(tl, []engine.Seat{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	md := drawRecorded(t, g, MapOptions{Crop: Around(g.Board.Map, "AG13", 1), Highlight: []string{"AG13"}, NoLegend: true}, nil)
	img := md.p.rgba()
	checked := 0
	for _, e := range md.elems {
		if e.kind != elBorderCost || (e.hex != "AG13" && e.hex != "AF12" && e.hex != "AF14") {
			continue
		}
		checked++
		for y := int(e.b.y) + 1; y < int(e.b.y+e.b.h)-1; y++ {
			for x := int(e.b.x) + 1; x < int(e.b.x+e.b.w)-1; x++ {
				if img.RGBAAt(x, y) == colHighlight {
					t.Fatalf("the outline of AG13 covers the cost %q of %s at (%d, %d)", e.text, e.hex, x, y)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no water-crossing cost beside AG13 to check")
	}
}
