package resolve

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// Track and tokens: tile lays, builder cubes, station and destination tokens.

// layer resolves who lays: the private named with "with" (the first; the
// rest are combined with it), else the operating company.
func (b *builder) layer() (any, []string, error) {
	if len(b.cmd.With) == 0 {
		c, err := b.corp()
		return c, nil, err
	}
	comp, err := b.private(b.cmd.With)
	if err != nil {
		return nil, nil, err
	}
	var combo []string
	for _, w := range b.cmd.With[1:] {
		x := commands.FindCompany(b.g, w)
		if x == nil {
			return nil, nil, commands.Refuse("there is no private %q", notation.Clip(w))
		}
		combo = append(combo, x.ID)
	}
	return comp, combo, nil
}

// lay builds a tile lay or builder cube: "lay 57 D23 r1", "cube D23".
func (b *builder) lay() (action.Action, error) {
	g, cmd := b.g, b.cmd
	h := commands.FindHex(g, cmd.Target)
	if h == nil && cmd.Verb == notation.Lay && commands.FindHex(g, cmd.Items[0]) != nil {
		cmd.Target, cmd.Items = cmd.Items[0], []string{cmd.Target}
		h = commands.FindHex(g, cmd.Target)
	}
	if h == nil {
		return nil, commands.Refuse("there is no hex %q on this map%s", notation.Clip(cmd.Target), notation.DidYouMean(cmd.Target, commands.HexIDs(g), ""))
	}
	e, combo, err := b.layer()
	if err != nil {
		return nil, err
	}
	a := &action.LayTile{Hex: h.Def.ID, ComboEntities: combo}
	if cmd.Verb == notation.Cube {
		a.Tile = "BC-0"
		return SetEntity(a, e), nil
	}
	tileID, err := b.tileID(cmd.Items[0])
	if err != nil {
		return nil, err
	}
	a.Tile = tileID
	a.Rotation = cmd.Rotation
	if a.Rotation < 0 {
		rots := offers.TileRotations(b.t, e, h.Def.ID, tileID)
		switch len(rots) {
		case 1:
			a.Rotation = rots[0]
		case 0:
			// No rotation fits: the engine's refusal of any of them says
			// why (a city tile on a plain hex, a lay out of turn), which
			// asking for a rotation would hide.
			a.Rotation = 0
		default:
			return nil, commands.Refuse("tile %s fits %s at rotations %s; add one, e.g. `lay %s %s r%d`",
				board.TileName(tileID), h.Def.ID, notation.JoinOr(commands.IntWords(rots)), board.TileName(tileID), h.Def.ID, rots[0])
		}
	}
	return SetEntity(a, e), nil
}

// tileID turns a typed tile ("57", "x20", "57-2") into a supply tile id: the
// copy given, else the lowest copy that is not on the map.
func (b *builder) tileID(typed string) (string, error) {
	g := b.g
	name, copyNum := typed, -1
	if i := strings.LastIndexByte(typed, '-'); i > 0 {
		if n, ok := notation.Number(typed[i+1:]); ok {
			name, copyNum = typed[:i], n
		}
	}
	var def *board.Tile
	for i := range g.Board.Map.Tiles {
		if strings.EqualFold(g.Board.Map.Tiles[i].Name, name) {
			def = &g.Board.Map.Tiles[i]
			break
		}
	}
	if def == nil {
		return "", commands.Refuse("there is no tile %q in this game's supply%s", notation.Clip(name), notation.DidYouMean(name, commands.SupplyTiles(g), ""))
	}
	if copyNum >= 0 {
		return def.Name + "-" + strconv.Itoa(copyNum), nil
	}
	onMap := map[string]bool{}
	for _, h := range g.Board.Hexes {
		onMap[h.TileID] = true
	}
	for k := 0; def.Count == board.Unlimited || k < def.Count; k++ {
		id := def.Name + "-" + strconv.Itoa(k)
		if !onMap[id] {
			return id, nil
		}
	}
	return "", commands.Refuse("all %d copies of tile %s are on the map", def.Count, def.Name)
}

// token builds a station token: "token H11", "token H11 2", "token Q3 dest",
// "token W3 with P10".
func (b *builder) token() (action.Action, error) {
	g, cmd := b.g, b.cmd
	h := commands.FindHex(g, cmd.Target)
	if h == nil {
		return nil, commands.Refuse("there is no hex %q on this map%s", notation.Clip(cmd.Target), notation.DidYouMean(cmd.Target, commands.HexIDs(g), ""))
	}
	var e any
	var corp *engine.Corp
	if len(cmd.With) > 0 {
		comp, err := b.private(cmd.With)
		if err != nil {
			return nil, err
		}
		owner, ok := comp.Owner.(*engine.Corp)
		if !ok {
			return nil, commands.Refuse("%s must belong to a company to place its token", comp.ID)
		}
		e, corp = comp, owner
	} else {
		c, err := b.corp()
		if err != nil {
			return nil, err
		}
		e, corp = c, c
	}
	cities := h.Tile.Cities()
	if len(cities) == 0 {
		return nil, commands.Refuse("%s has no city to place a token in", h.Def.ID)
	}
	node := -1
	switch {
	case cmd.City > len(cities):
		return nil, commands.Refuse("%s has %d cities; say `token %s 1` to `token %s %d`", h.Def.ID, len(cities), h.Def.ID, h.Def.ID, len(cities))
	case cmd.City > 0:
		node = cities[cmd.City-1]
	case len(cities) == 1:
		node = cities[0]
	default:
		var open []int
		for i, n := range cities {
			if commands.FreeSlot(h, n, corp.ID) >= 0 && !hasToken(h, n, corp) {
				open = append(open, i+1)
			}
		}
		if len(open) != 1 {
			return nil, commands.Refuse("%s has %d cities; say which, e.g. `token %s 1` or `token %s 2`", h.Def.ID, len(cities), h.Def.ID, h.Def.ID)
		}
		node = cities[open[0]-1]
	}
	a := &action.PlaceToken{City: h.TileID + "-" + strconv.Itoa(node), Tokener: corp.ID}
	if cmd.Slot > 0 {
		s := cmd.Slot - 1
		a.Slot = &s
	} else if s := commands.FreeSlot(h, node, corp.ID); s >= 0 {
		a.Slot = &s
	}
	if cmd.Choice == "destination" {
		a.TokenType = "destination"
	}
	return SetEntity(a, e), nil
}

// hasToken reports whether c has a token in city node of h.
func hasToken(h *engine.HexState, node int, c *engine.Corp) bool {
	for _, t := range h.Slots[node] {
		if t != nil && t.Corp == c {
			return true
		}
	}
	return false
}

// destination builds a destination token by hex: "destination Q3".
func (b *builder) destination() (action.Action, error) {
	h := commands.FindHex(b.g, b.cmd.Target)
	if h == nil {
		return nil, commands.Refuse("there is no hex %q on this map%s", notation.Clip(b.cmd.Target), notation.DidYouMean(b.cmd.Target, commands.HexIDs(b.g), ""))
	}
	c, err := b.corp()
	if err != nil {
		return nil, err
	}
	// A destination hex with several cities the company may take (1822CA's
	// ICR in a split Québec) is tokened by city: take the one listed, or ask.
	var listed []engine.TokenMove
	for _, a := range b.t.Moves().Actors {
		if a.Name != c.ID {
			continue
		}
		for _, hx := range a.HexTokens {
			if hx == h.Def.ID {
				return SetEntity(&action.HexToken{Hex: h.Def.ID, TokenType: "destination"}, c), nil
			}
		}
		for _, k := range a.Tokens {
			if k.Kind == "destination" && k.Hex == h.Def.ID {
				listed = append(listed, k)
			}
		}
	}
	switch len(listed) {
	case 0:
		return SetEntity(&action.HexToken{Hex: h.Def.ID, TokenType: "destination"}, c), nil
	case 1:
		slot := listed[0].Slot
		return SetEntity(&action.PlaceToken{City: listed[0].City, Slot: &slot, Tokener: c.ID, TokenType: "destination"}, c), nil
	}
	says := make([]string, len(listed))
	for i, k := range listed {
		says[i] = fmt.Sprintf("`token %s %d dest`", h.Def.ID, cityNumber(h, k.Node))
	}
	return nil, commands.Refuse("%s can place its destination token in %d cities of %s; say which: %s",
		c.ID, len(listed), h.Def.ID, strings.Join(says, " or "))
}

// cityNumber is the 1-based number players use for city node of h.
func cityNumber(h *engine.HexState, node int) int {
	for i, n := range h.Tile.Cities() {
		if n == node {
			return i + 1
		}
	}
	return 0
}
