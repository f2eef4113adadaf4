package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Hex ids use doubled coordinates: only cells whose x + y has one parity exist.
// On the pointy PNW maps letters name rows (y) and numbers columns (x = n - 1);
// on the flat CA maps letters name columns (A = 0, ..., Z = 25, AA = 26, ...;
// lowercase letters lie left of A: a = -1) and numbers rows (y = n - 1).

// neighbor offsets (dx, dy) by edge for each layout.
var (
	pointyDelta = [6][2]int{{-1, 1}, {-2, 0}, {-1, -1}, {1, -1}, {2, 0}, {1, 1}}
	flatDelta   = [6][2]int{{0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}, {1, 1}}
)

// Coord returns the doubled coordinates of a hex id in layout l.
func Coord(l Layout, hexID string) (x, y int, err error) {
	i := strings.IndexFunc(hexID, func(r rune) bool { return r >= '0' && r <= '9' })
	if i <= 0 {
		return 0, 0, fmt.Errorf("board: bad hex id %q", hexID)
	}
	letters, digits := hexID[:i], hexID[i:]
	num, err := strconv.Atoi(digits)
	if err != nil || num < 1 || digits[0] == '0' {
		return 0, 0, fmt.Errorf("board: bad hex id %q", hexID)
	}
	li, ok := letterIndex(letters)
	if !ok {
		return 0, 0, fmt.Errorf("board: bad hex id %q", hexID)
	}
	if l == Pointy {
		if li < 0 {
			return 0, 0, fmt.Errorf("board: bad hex id %q", hexID)
		}
		return num - 1, li, nil
	}
	return li, num - 1, nil
}

// letterIndex decodes "A".."Z", "AA".. to 0, 1, ... and "a".."z" to -1, -2, ...
func letterIndex(s string) (int, bool) {
	if len(s) == 1 && s[0] >= 'a' && s[0] <= 'z' {
		return -int(s[0]-'a') - 1, true
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 'A' || c > 'Z' {
			return 0, false
		}
		n = n*26 + int(c-'A') + 1
	}
	return n - 1, true
}

// letters encodes a letter index as letterIndex decodes it.
func letters(n int) string {
	if n < 0 {
		return string(rune('a' - n - 1))
	}
	var b []byte
	for n++; n > 0; n = (n - 1) / 26 {
		b = append(b, byte('A'+(n-1)%26))
	}
	slices.Reverse(b)
	return string(b)
}

// HexID returns the id of the hex at doubled coordinates (x, y) in layout l.
func HexID(l Layout, x, y int) string {
	if l == Pointy {
		return letters(y) + strconv.Itoa(x+1)
	}
	return letters(x) + strconv.Itoa(y+1)
}

// Neighbor returns the id of the hex across the given edge (0-5), whether or not
// it is on the map, or "" for a bad id or edge or a cell that cannot be named.
func Neighbor(l Layout, hexID string, edge int) string {
	if edge < 0 || edge > 5 {
		return ""
	}
	x, y, err := Coord(l, hexID)
	if err != nil {
		return ""
	}
	d := flatDelta[edge]
	if l == Pointy {
		d = pointyDelta[edge]
	}
	x, y = x+d[0], y+d[1]
	if (l == Pointy && (y < 0 || x < 0)) || (l == Flat && (y < 0 || x < -26)) {
		return ""
	}
	return HexID(l, x, y)
}

// neighborCache memoises Neighbor for every hex id asked about, by layout:
// the walkers look the same few hundred hexes up for every action.
var neighborCache struct {
	sync.RWMutex
	m [Flat + 1]map[string]*[6]string
}

// Neighbors returns the ids of the six hexes around id, edge by edge as
// Neighbor names them ("" where none can be named). The array is shared by
// all callers and must not be changed.
func Neighbors(l Layout, id string) *[6]string {
	if int(l) >= len(neighborCache.m) {
		return neighborsOf(l, id)
	}
	neighborCache.RLock()
	n, ok := neighborCache.m[l][id]
	neighborCache.RUnlock()
	if ok {
		return n
	}
	n = neighborsOf(l, id)
	neighborCache.Lock()
	if neighborCache.m[l] == nil {
		neighborCache.m[l] = map[string]*[6]string{}
	}
	if old, ok := neighborCache.m[l][id]; ok {
		n = old // another caller got there first: keep one array per hex
	} else {
		neighborCache.m[l][id] = n
	}
	neighborCache.Unlock()
	return n
}

// neighborsOf computes the six neighbour ids of a hex.
func neighborsOf(l Layout, id string) *[6]string {
	var n [6]string
	for e := range n {
		n[e] = Neighbor(l, id, e)
	}
	return &n
}

// Hex returns the hex with the given id, or nil if the map has none.
func (m *Map) Hex(id string) *Hex {
	if len(m.index) != len(m.Hexes) {
		m.reindex()
	}
	i, ok := m.index[id]
	if !ok {
		return nil
	}
	return &m.Hexes[i]
}

// reindex rebuilds the hex id index; constructors call it so that lookups on a
// finished map are read-only and safe to share.
func (m *Map) reindex() {
	m.index = make(map[string]int, len(m.Hexes))
	for i, h := range m.Hexes {
		m.index[h.ID] = i
	}
}

// Exits returns the map edges, ascending, that the tile's track reaches when it
// is laid at the given rotation (a tile edge e lies on map edge (e+rotation) mod 6).
func (t *Tile) Exits(rotation int) []int {
	var seen [6]bool
	for _, p := range t.Paths {
		for _, e := range [2]End{p.A, p.B} {
			if e.IsEdge() {
				seen[((e.Edge+rotation)%6+6)%6] = true
			}
		}
	}
	var out []int
	for e, ok := range seen {
		if ok {
			out = append(out, e)
		}
	}
	return out
}
