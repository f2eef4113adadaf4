package engine

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/engine/board"
)

// HexState is a hex as it is now: its tile, rotation, tokens and markers.
type HexState struct {
	Def      *board.Hex
	Tile     *board.Tile
	TileID   string // "57-0", or the preprinted "H11-0"
	Rotation int
	// Slots holds the station tokens of each city (indexed by node index).
	Slots map[int][]*Token
	// Reserved lists home reservations per city node.
	Reserved map[int][]string
	Borders  []board.Border
	Cost     int // terrain cost still to pay on the next lay
	Cubes    int // PNW builder cubes
	Markers  map[string]bool
	laid     bool // a tile from the supply is on it
}

// BoardState is the map in play.
type BoardState struct {
	Map      *board.Map
	Hexes    map[string]*HexState
	order    []string
	tileUsed map[string]string // tile id -> hex id for laid supply tiles
}

func newBoardState(m *board.Map) *BoardState {
	b := &BoardState{Map: m, Hexes: map[string]*HexState{}, tileUsed: map[string]string{}}
	for i := range m.Hexes {
		d := &m.Hexes[i]
		h := &HexState{Def: d, Tile: &d.Tile, TileID: preprintedID(d), Slots: map[int][]*Token{},
			Reserved: map[int][]string{}, Borders: append([]board.Border(nil), d.Borders...), Cost: d.Cost,
			Markers: map[string]bool{}}
		for _, ic := range d.Icons {
			h.Markers[ic] = true
		}
		h.resetSlots(nil)
		b.Hexes[d.ID] = h
		b.order = append(b.order, d.ID)
	}
	return b
}

func preprintedID(d *board.Hex) string { return d.ID + "-" + strconv.Itoa(d.TileIndex) }

// resetSlots sizes each city's token slots for the current tile, keeping tokens
// from old (city index → tokens).
func (h *HexState) resetSlots(old map[int][]*Token) {
	slots := map[int][]*Token{}
	for i, n := range h.Tile.Nodes {
		if n.Kind != board.City && !(n.Kind == board.Offboard && n.Slots > 0) {
			continue
		}
		s := make([]*Token, n.Slots)
		if prev, ok := old[i]; ok {
			k := 0
			for _, t := range prev {
				if t == nil {
					continue
				}
				for k < len(s) && s[k] != nil {
					k++
				}
				if k < len(s) {
					s[k] = t
				} else {
					s = append(s, t)
				}
			}
		}
		slots[i] = s
	}
	h.Slots = slots
}

// Hex returns the state of hex id, or nil.
func (b *BoardState) Hex(id string) *HexState { return b.Hexes[id] }

// cityByID resolves an 18xx.games city id ("57-0-1", "H11-0-0") to a hex and node index.
func (b *BoardState) cityByID(id string) (*HexState, int, error) {
	i := strings.LastIndexByte(id, '-')
	if i < 0 {
		return nil, 0, fmt.Errorf("city %q is not of the form TILE-COPY-CITY", id)
	}
	tileID := id[:i]
	node, err := strconv.Atoi(id[i+1:])
	if err != nil {
		return nil, 0, fmt.Errorf("city %q: bad city index", id)
	}
	for _, hid := range b.order {
		h := b.Hexes[hid]
		if h.TileID == tileID {
			if node < 0 || node >= len(h.Tile.Nodes) {
				return nil, 0, fmt.Errorf("city %q: tile %s has no city %d", id, tileID, node)
			}
			return h, node, nil
		}
	}
	return nil, 0, fmt.Errorf("no tile %s is on the map", tileID)
}

// tokenAt returns whether corp c has a token on hex h.
func (h *HexState) tokenOf(c *Corp) (int, bool) {
	for city, s := range h.Slots {
		for _, t := range s {
			if t != nil && t.Corp == c {
				return city, true
			}
		}
	}
	return 0, false
}

// freeSlot returns the first empty slot of city, or -1.
func (h *HexState) freeSlot(city int) int {
	for i, t := range h.Slots[city] {
		if t == nil {
			return i
		}
	}
	return -1
}

// placeToken puts t in city/slot of h.
func (h *HexState) placeToken(t *Token, city, slot int) error {
	s, ok := h.Slots[city]
	if !ok {
		return fmt.Errorf("%s has no city %d", h.Def.ID, city)
	}
	if slot < 0 {
		slot = h.freeSlot(city)
	}
	if slot < 0 || slot >= len(s) {
		return fmt.Errorf("%s city %d has no free slot", h.Def.ID, city)
	}
	if s[slot] != nil {
		return fmt.Errorf("slot %d of %s is taken by %s", slot, h.Def.ID, s[slot].Corp.ID)
	}
	s[slot] = t
	t.Hex, t.City, t.Used = h.Def.ID, city, true
	return nil
}

// removeToken takes t off the map.
func (b *BoardState) removeToken(t *Token) {
	if !t.Used || t.Hex == "" {
		t.Used = false
		return
	}
	h := b.Hexes[t.Hex]
	if h != nil {
		for city, s := range h.Slots {
			for i, x := range s {
				if x == t {
					s[i] = nil
					_ = city
				}
			}
		}
	}
	t.Hex, t.Used = "", false
}

// exits lists the map edges the current tile's track reaches.
func (h *HexState) exits() []int { return h.Tile.Exits(h.Rotation) }

func hasInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
