package render

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"slices"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
)

// digest hashes what a piece of a picture is drawn from: with maphash
// within the process, or, if stable, with 64-bit FNV-1a, which gives the
// same digest in every process (for the exported digests a caller may
// keep).
type digest struct {
	h      maphash.Hash
	init   bool
	stable bool
	fnv    uint64
	b      [8]byte
}

var digestSeed = maphash.MakeSeed()

func (d *digest) write(p []byte) {
	if !d.init {
		d.h.SetSeed(digestSeed)
		d.fnv = 14695981039346656037
		d.init = true
	}
	if !d.stable {
		d.h.Write(p)
		return
	}
	for _, c := range p {
		d.fnv = (d.fnv ^ uint64(c)) * 1099511628211
	}
}

func (d *digest) u64(v uint64) {
	binary.LittleEndian.PutUint64(d.b[:], v)
	d.write(d.b[:])
}

func (d *digest) int(v int)   { d.u64(uint64(v)) }
func (d *digest) f(v float64) { d.u64(math.Float64bits(v)) }

func (d *digest) pt(q pt) {
	d.f(q.X)
	d.f(q.Y)
}

func (d *digest) bool(v bool) {
	if v {
		d.u64(1)
	} else {
		d.u64(0)
	}
}

func (d *digest) str(s string) {
	d.int(len(s))
	if !d.stable {
		d.h.WriteString(s)
		return
	}
	for i := 0; i < len(s); i++ {
		d.fnv = (d.fnv ^ uint64(s[i])) * 1099511628211
	}
}

func (d *digest) strs(s []string) {
	d.int(len(s))
	for _, x := range s {
		d.str(x)
	}
}

func (d *digest) sum() uint64 {
	if !d.init {
		d.u64(0)
	}
	if d.stable {
		return d.fnv
	}
	return d.h.Sum64()
}

// hexInputs is what the drawing of one hex depends on besides the hex
// itself: state of the game beyond the hex (destinations, rondel owners,
// the phase).
type hexInputs struct {
	dests   map[string][]*engine.Corp
	rondels map[string][]string
	phase   board.Color
	corps   map[string]*engine.Corp
	// stable makes the digests the same in every process.
	stable bool
	// board gives the water-crossing costs around a hex.
	board *engine.BoardState
	// scratch
	keys []string
	ints []int
}

// tileDigest adds everything tile t is drawn from to d. It names every
// field of a tile, its nodes and paths (TestTileDigestFields fails when
// one is added, so that it is added here too).
func tileDigest(d *digest, t *board.Tile) {
	d.str(t.Name)
	d.int(int(t.Color))
	d.int(t.Count)
	d.str(t.Label)
	d.int(t.Cost)
	d.bool(t.Hidden)
	d.int(len(t.Terrain))
	for _, x := range t.Terrain {
		d.int(int(x))
	}
	d.strs(t.Icons)
	d.int(len(t.Nodes))
	for _, n := range t.Nodes {
		d.int(int(n.Kind))
		d.int(n.Revenue.Flat)
		var cols [8]board.Color
		k := 0
		for c := range n.Revenue.ByColor {
			if k < len(cols) {
				cols[k] = c
				k++
			}
		}
		slices.Sort(cols[:k])
		d.int(len(n.Revenue.ByColor))
		for _, c := range cols[:k] {
			d.int(int(c))
			d.int(n.Revenue.ByColor[c])
		}
		d.int(n.Slots)
		d.str(n.Loc)
		d.bool(n.Hidden)
		d.str(n.Group)
		d.int(n.VisitCost)
		d.bool(n.FreeVisit)
	}
	d.int(len(t.Paths))
	for _, p := range t.Paths {
		for _, e := range [2]board.End{p.A, p.B} {
			d.int(e.Edge)
			d.int(e.Node)
		}
		d.bool(p.Terminal)
		d.int(p.TerminalKind)
		d.int(p.Lanes)
		d.int(p.Lane[0])
		d.int(p.Lane[1])
		d.int(p.Width[0])
		d.int(p.Width[1])
		d.bool(p.Thin)
		d.bool(p.Ignored)
	}
}

// hexKey is a digest of everything the drawing of hex c (its fill, body
// and what it draws last, not its borders) depends on but the strips
// placed by the hexes before it: the tile, the tokens, reservations,
// markers, cubes and terrain cost, the homes of companies still to come,
// the companies heading there or allowed a rondel, and the phase where the
// tile shows revenues by phase.
func (in *hexInputs) hexKey(c *cell) uint64 {
	d := digest{stable: in.stable}
	hs := c.hs
	if hs == nil {
		d.int(-1)
		return d.sum()
	}
	tileDigest(&d, hs.Tile)
	d.bool(hs.Tile == &c.def.Tile)
	d.int(hs.Rotation)
	d.int(hs.Cubes)
	d.int(hs.Cost)
	tokens := func(m map[int][]*engine.Token) {
		in.ints = in.ints[:0]
		for n := range m {
			in.ints = append(in.ints, n)
		}
		slices.Sort(in.ints)
		d.int(len(in.ints))
		for _, n := range in.ints {
			d.int(n)
			d.int(len(m[n]))
			for _, t := range m[n] {
				if t == nil {
					d.str("")
					continue
				}
				d.str(t.Corp.ID)
				d.int(int(t.Kind))
			}
		}
	}
	tokens(hs.Slots)
	tokens(hs.Extra)
	in.ints = in.ints[:0]
	for n := range hs.Reserved {
		in.ints = append(in.ints, n)
	}
	slices.Sort(in.ints)
	d.int(len(in.ints))
	for _, n := range in.ints {
		d.int(n)
		d.strs(hs.Reserved[n])
	}
	in.keys = in.keys[:0]
	for k, on := range hs.Markers {
		if on {
			in.keys = append(in.keys, k)
		}
	}
	slices.Sort(in.keys)
	d.strs(in.keys)
	for _, k := range in.keys {
		// A home shows while its company has not closed.
		if id, ok := strings.CutSuffix(k, "_home"); ok {
			corp := in.corps[id]
			d.bool(corp == nil || corp.Closed)
		}
	}
	dests := in.dests[c.def.ID]
	d.int(len(dests))
	for _, corp := range dests {
		d.str(corp.ID)
	}
	d.strs(in.rondels[c.def.ID])
	for _, cost := range edgeCosts(in.board, c.def.ID) {
		d.int(cost)
	}
	for _, on := range borderEdges(in.board, c.def.ID) {
		d.bool(on)
	}
	// The slots around, which the hex's placements keep clear of.
	if in.board != nil {
		for _, id := range board.Neighbors(in.board.Map.Layout, c.def.ID) {
			if n := in.board.Hexes[id]; n != nil {
				d.str(n.TileID)
				d.int(n.Rotation)
			}
		}
	}
	for _, n := range hs.Tile.Nodes {
		if len(n.Revenue.ByColor) > 0 {
			d.int(int(in.phase))
			break
		}
	}
	return d.sum()
}

// stripsSum is a digest of the strips of rs overlapping zone (those that
// can bear on a hex consulting them there), in order.
func stripsSum(rs rects, zone fbox) uint64 {
	var d digest
	n := 0
	for _, q := range rs {
		if math.Min(zone.x1, q.x+q.w) > math.Max(zone.x0, q.x) && math.Min(zone.y1, q.y+q.h) > math.Max(zone.y0, q.y) {
			d.f(q.x)
			d.f(q.y)
			d.f(q.w)
			d.f(q.h)
			n++
		}
	}
	d.int(n)
	return d.sum()
}
