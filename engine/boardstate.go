package engine

import (
	"fmt"
	"slices"
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
	// Extra holds tokens placed beside a city's slots (CA P10 in Winnipeg).
	Extra map[int][]*Token
	// Markers are the hex's icons and the tokens of privates placed on it
	// (nil when there are none: most hexes have none).
	Markers map[string]bool
	laid    bool // a tile from the supply is on it
	board   *BoardState
	// keptSlotExit is 1 + the edge of the city that keeps an extra slot
	// through upgrades (rondel.go); 0 for none.
	keptSlotExit int
}

// BoardState is the map in play.
type BoardState struct {
	Map      *board.Map
	Hexes    map[string]*HexState
	order    []string
	tileUsed map[string]string // tile id -> hex id for laid supply tiles
	// version changes whenever track or tokens change (it keys cached networks).
	version int
	// changed holds the hex of each recent change, by version modulo its
	// size ("" unknown): a cached network no change touched stays valid.
	changed [boardLogSize]string
	marks   int           // markers set so far (they are never taken off)
	marked  *routeMarkSet // the route markers last found, for version and marks
}

func newBoardState(m *board.Map) *BoardState {
	b := &BoardState{Map: m, Hexes: make(map[string]*HexState, len(m.Hexes)), order: make([]string, 0, len(m.Hexes)),
		tileUsed: map[string]string{}}
	for i := range m.Hexes {
		d := &m.Hexes[i]
		h := &HexState{Def: d, Tile: &d.Tile, TileID: preprintedID(d), Borders: append([]board.Border(nil), d.Borders...), Cost: d.Cost,
			board: b}
		for _, ic := range d.Icons {
			h.mark(ic)
		}
		h.resetSlots(nil, nil, nil)
		b.Hexes[d.ID] = h
		b.order = append(b.order, d.ID)
	}
	return b
}

func preprintedID(d *board.Hex) string { return d.ID + "-" + strconv.Itoa(d.TileIndex) }

// resetSlots sizes each city's token slots for the current tile, keeping
// tokens and reservations slot by slot from old (city index → slots). A
// token beyond the tile's slots (from a city merged into this one) or in
// added (one that had a slot added for it) takes an open, unreserved slot
// or gets a new one, never a reserved slot. A tile without
// cities leaves both maps nil (most hexes: the maps were a good share of a
// game's setup allocations).
func (h *HexState) resetSlots(old map[int][]*Token, oldRes map[int][]string, added map[*Token]bool) {
	h.touch()
	var slots map[int][]*Token
	var res map[int][]string
	for i, n := range h.Tile.Nodes {
		if n.Kind != board.City && !(n.Kind == board.Offboard && n.Slots > 0) {
			continue
		}
		if slots == nil {
			slots, res = map[int][]*Token{}, map[int][]string{}
		}
		s := make([]*Token, n.Slots)
		r := make([]string, n.Slots)
		var overflow, extra []*Token
		for k, id := range oldRes[i] {
			if k < len(r) {
				r[k] = id
			}
		}
		// Tokens go in the old slots' order, each to a slot kept for
		// its company, else to the first open one, as 18xx.games moves
		// them: a token after an open slot moves up (remove_token names
		// a slot by its number).
		for _, t := range old[i] {
			switch {
			case t == nil:
			case added[t]:
				extra = append(extra, t)
			default:
				if k := slotFor(s, r, t.Corp.ID); k >= 0 {
					s[k] = t
				} else {
					overflow = append(overflow, t)
				}
			}
		}
		// Tokens of a city merged into this one, then those in added
		// slots, take open slots that are not kept for another company,
		// else a slot added for them: the reservations stay (7.1.3).
		for _, t := range append(overflow, extra...) {
			t.City = i
			placed := false
			for k := range s {
				if s[k] == nil && r[k] == "" {
					s[k], placed = t, true
					break
				}
			}
			if !placed {
				s = append(s, t)
				r = append(r, "")
			}
		}
		for _, t := range s {
			if t != nil {
				t.City = i
			}
		}
		slots[i], res[i] = s, r
	}
	h.Slots, h.Reserved = slots, res
}

// slotFor is the slot of s a token of corp takes: the empty one reserved
// for corp, else the first empty, unreserved one; -1 when there is none.
func slotFor(s []*Token, r []string, corp string) int {
	for k, id := range r {
		if id == corp && k < len(s) && s[k] == nil {
			return k
		}
	}
	for k := range s {
		if s[k] == nil && (k >= len(r) || r[k] == "") {
			return k
		}
	}
	return -1
}

// reserve reserves the first open slot of city node for a home station.
func (h *HexState) reserve(node int, corp string) {
	if i := h.openSlot(node); i >= 0 {
		h.Reserved[node][i] = corp
	}
}

// unreserve drops corp's reservation anywhere on the hex.
func (h *HexState) unreserve(corp string) {
	for _, r := range h.Reserved {
		for i, id := range r {
			if id == corp {
				r[i] = ""
			}
		}
	}
}

// dropReservation deletes corp's reservations on the hex as a closing
// company's go in 18xx.games: the reservations after one move up a slot,
// keeping their order (a slot is named by its number).
func (h *HexState) dropReservation(corp string) {
	for n, r := range h.Reserved {
		if !slices.Contains(r, corp) {
			continue
		}
		h.touch()
		kept := make([]string, 0, len(r))
		for _, id := range r {
			if id != corp {
				kept = append(kept, id)
			}
		}
		for len(kept) < len(r) {
			kept = append(kept, "")
		}
		h.Reserved[n] = kept
	}
}

// reservedNode finds the city reserved for corp.
func (h *HexState) reservedNode(corp string) (node, slot int, ok bool) {
	// The lowest city first, so that a company reserved in two cities of a
	// hex always gets the same answer (maps have no order).
	for n, r := range h.Reserved {
		if ok && n > node {
			continue
		}
		for i, id := range r {
			if id == corp {
				node, slot, ok = n, i, true
				break
			}
		}
	}
	return node, slot, ok
}

// openSlot is the first empty, unreserved slot of city node, or -1.
func (h *HexState) openSlot(node int) int { return slotFor(h.Slots[node], h.Reserved[node], "") }

// addSlot adds an extra slot to city node and returns its index.
func (h *HexState) addSlot(node int) int {
	h.touch()
	h.Slots[node] = append(h.Slots[node], nil)
	h.Reserved[node] = append(h.Reserved[node], "")
	return len(h.Slots[node]) - 1
}

// freeSlot returns the slot a normal token of corp would take: its reserved
// slot, else the first open one; -1 when there is none.
func (h *HexState) freeSlot(node int, corp string) int {
	return slotFor(h.Slots[node], h.Reserved[node], corp)
}

// placeToken puts t in city node of h, in the corporation's reserved or
// first open slot: 18xx.games fills slots so whatever slot a log names, and
// a later remove_token names a slot by its number. extra adds a slot when
// none is open (home and destination tokens may always be placed).
func (h *HexState) placeToken(t *Token, node, _ int, extra bool) error {
	h.touch()
	if _, ok := h.Slots[node]; !ok {
		return fmt.Errorf("%s has no city %d", h.Def.ID, node)
	}
	slot := h.freeSlot(node, t.Corp.ID)
	if slot < 0 {
		if !extra {
			return fmt.Errorf("%s has no free token slot", h.Def.ID)
		}
		slot = h.addSlot(node)
	}
	h.Slots[node][slot] = t
	h.unreserve(t.Corp.ID)
	t.Hex, t.City, t.Used = h.Def.ID, node, true
	return nil
}

// Hex returns the state of hex id, or nil.
func (b *BoardState) Hex(id string) *HexState { return b.Hexes[id] }

// CityByID resolves an 18xx.games city id ("57-0-1", "H11-0-0") to the hex
// holding that city and its node index.
func (b *BoardState) CityByID(id string) (*HexState, int, error) { return b.cityByID(id) }

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
	// Tile ids can repeat on the map: a hex's printed tile is named after
	// the hex, and 1822CA's Ottawa tiles O1-O8 share names with hexes O1-O8,
	// so "O7-0" may be both the printed swamp of O7 and Ottawa's tile. The
	// city is on the one that has that node.
	var found *HexState
	for _, hid := range b.order {
		h := b.Hexes[hid]
		if h.TileID != tileID {
			continue
		}
		if node >= 0 && node < len(h.Tile.Nodes) {
			return h, node, nil
		}
		found = h
	}
	if found != nil {
		return nil, 0, fmt.Errorf("city %q: tile %s has no city %d", id, tileID, node)
	}
	return nil, 0, fmt.Errorf("no tile %s is on the map", tileID)
}

// tokenOf returns the city where corp c has a token on hex h.
func (h *HexState) tokenOf(c *Corp) (int, bool) {
	for city, s := range h.Slots {
		for _, t := range s {
			if t != nil && t.Corp == c {
				return city, true
			}
		}
	}
	for city, s := range h.Extra {
		for _, t := range s {
			if t.Corp == c {
				return city, true
			}
		}
	}
	return 0, false
}

// placeExtra puts t beside city node's slots.
func (h *HexState) placeExtra(t *Token, node int) {
	h.touch()
	if h.Extra == nil {
		h.Extra = map[int][]*Token{}
	}
	h.Extra[node] = append(h.Extra[node], t)
	t.Hex, t.City, t.Used = h.Def.ID, node, true
}

// removeToken takes t off the map.
func (b *BoardState) removeToken(t *Token) {
	b.version++
	b.changeHex(b.version, b.Hexes[t.Hex])
	if !t.Used || t.Hex == "" {
		t.Used = false
		return
	}
	h := b.Hexes[t.Hex]
	if h != nil {
		for n, list := range h.Extra {
			for i, x := range list {
				if x == t {
					h.Extra[n] = append(list[:i:i], list[i+1:]...)
				}
			}
		}
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

// removeCheaterSlot drops an extra slot of city node when a normal slot is
// free again, moving the extra slot's token into it.
func (h *HexState) removeCheaterSlot(node int) {
	h.touch()
	normal := h.Tile.Nodes[node].Slots
	s := h.Slots[node]
	if len(s) <= normal {
		return
	}
	r := h.Reserved[node]
	empty := -1
	for i, t := range s {
		if t == nil && (i >= len(r) || r[i] == "") {
			empty = i
			break
		}
	}
	if empty < 0 || empty == len(s)-1 || s[len(s)-1] == nil {
		return // no token to move, or an added slot kept for a home
	}
	last := s[len(s)-1]
	s[empty] = last
	h.Slots[node] = s[:len(s)-1]
	if len(r) > len(h.Slots[node]) {
		h.Reserved[node] = r[:len(h.Slots[node])]
	}
}

// mark sets marker id on h.
func (h *HexState) mark(id string) {
	if h.Markers == nil {
		h.Markers = map[string]bool{}
	}
	h.Markers[id] = true
	if h.board != nil {
		h.board.marks++
	}
}

// touch marks the board as changed.
func (h *HexState) touch() {
	if h.board != nil {
		h.board.version++
		h.board.changeHex(h.board.version, h)
	}
}
