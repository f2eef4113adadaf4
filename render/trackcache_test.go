package render

import "testing"

// resetTracks empties the cache of track drawings.
func resetTracks() {
	tracks.Lock()
	defer tracks.Unlock()
	tracks.m, tracks.spans = map[uint64]*trackEntry{}, 0
}

// TestCachedTrack checks that the track of every laid tile of late 1822PNW
// and 1822CA boards paints the pixels gg's strokes paint, both when
// rasterised and when taken from the cache.
func TestCachedTrack(t *testing.T) {
	for _, fx := range []string{fixturePNWBank, fixtureCABank} {
		g := replayN(t, fx, 0)
		md, err := newMapDrawing(g, MapOptions{Scale: 0.8})
		if err != nil {
			t.Fatal(err)
		}
		w, h := md.p.Width(), md.p.Height()
		resetTracks()
		var ps [3]*painter // gg, rasterised, cached
		for i := range ps {
			ps[i] = newPainter(w, h, md.p.scale)
			ps[i].SetColor(colYellow)
			ps[i].Clear()
			n := 0
			for _, c := range md.cells {
				hc := md.hexCtx(c, ps[i])
				if !hc.laid {
					continue
				}
				lay := layoutTile(hc)
				if i == 0 || !lay.cachedTrack() {
					lay.strokeTrack()
				}
				n++
			}
			if n == 0 {
				t.Fatalf("%s: no laid tile", fx)
			}
		}
		for i, name := range []string{"rasterised", "cached"} {
			if d, _ := diffPixels(ps[0].Image(), ps[i+1].Image(), 0); d != 0 {
				t.Errorf("%s: %d pixels differ between gg's track and the %s one", fx, d, name)
			}
		}
		md.p.release()
		for _, p := range ps {
			p.release()
		}
	}
}
