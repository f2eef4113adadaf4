package engine

import (
	"slices"
	"strconv"

	"pbc/engine/board"
	"pbc/engine/graph"
)

// Track comparisons for tile-lay legality: existing track kept, stations kept
// apart, new track used, and the special lays of private companies.

// stopEnd offsets a stop's kind in a piece's ends (edges are 0-5).
const stopEnd = 10

// trackPiece is one track path as the upgrade rules compare them: the sorted set
// of its ends, map edges 0-5 and stop kinds (stopEnd + kind). A path into a
// junction ends wherever the junction's other paths end.
type trackPiece []int

// trackPieces returns the pieces of tile t laid at rotation rot, in path order.
func trackPieces(t *board.Tile, rot int) []trackPiece {
	out := make([]trackPiece, len(t.Paths))
	for i := range t.Paths {
		out[i] = pathPiece(t, rot, i)
	}
	return out
}

// pathPiece returns the piece of path i of t laid at rotation rot.
func pathPiece(t *board.Tile, rot, i int) trackPiece {
	p := &t.Paths[i]
	var ends []int
	for _, e := range [2]board.End{p.A, p.B} {
		switch {
		case e.IsEdge():
			ends = append(ends, (e.Edge+rot)%6)
		case e.Node >= len(t.Nodes):
		case t.Nodes[e.Node].Kind != board.Junction:
			ends = append(ends, stopEnd+int(t.Nodes[e.Node].Kind))
		default:
			ends = append(ends, junctionEnds(t, rot, i, e.Node)...)
		}
	}
	slices.Sort(ends)
	return slices.Compact(ends)
}

// junctionEnds lists the ends, other than junctions, of the paths other than
// path self that meet junction node j.
func junctionEnds(t *board.Tile, rot, self, j int) []int {
	var out []int
	for k := range t.Paths {
		q := &t.Paths[k]
		if k == self || (q.A.Node != j && q.B.Node != j) {
			continue
		}
		for _, f := range [2]board.End{q.A, q.B} {
			switch {
			case f.IsEdge():
				out = append(out, (f.Edge+rot)%6)
			case f.Node < len(t.Nodes) && t.Nodes[f.Node].Kind != board.Junction:
				out = append(out, stopEnd+int(t.Nodes[f.Node].Kind))
			}
		}
	}
	return out
}

// endsWithin reports whether every end of a is an end of b.
func endsWithin(a, b trackPiece) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// keepsTrack checks that every piece of the hex's track is part of a piece of
// the new tile at rotation rot.
func (lc *layCheck) keepsTrack(rot int) string {
	h := lc.h
	olds := trackPieces(h.Tile, h.Rotation)
	news := trackPieces(lc.def, rot)
	for _, op := range olds {
		if !slices.ContainsFunc(news, func(np trackPiece) bool { return endsWithin(op, np) }) {
			if missing := missingInts(h.exits(), lc.def.Exits(rot)); len(missing) > 0 {
				return "it would drop the existing track " + lc.towardText(missing)
			}
			return "it would not keep the existing track of tile " + h.Tile.Name
		}
	}
	return ""
}

// tileStop is a city or town with the map edges its track reaches.
type tileStop struct {
	node  int
	kind  board.NodeKind
	slots int
	edges []int
}

// tileStops lists the cities and towns of t laid at rotation rot.
func tileStops(t *board.Tile, rot int) []tileStop {
	var out []tileStop
	for i, n := range t.Nodes {
		if n.Kind != board.City && n.Kind != board.Town {
			continue
		}
		s := tileStop{node: i, kind: n.Kind, slots: n.Slots}
		for _, p := range t.Paths {
			switch {
			case p.A.IsEdge() && !p.B.IsEdge() && p.B.Node == i:
				s.edges = append(s.edges, (p.A.Edge+rot)%6)
			case p.B.IsEdge() && !p.A.IsEdge() && p.A.Node == i:
				s.edges = append(s.edges, (p.B.Edge+rot)%6)
			}
		}
		slices.Sort(s.edges)
		s.edges = slices.Compact(s.edges)
		out = append(out, s)
	}
	return out
}

// withTrack keeps the stops that have track to an edge.
func withTrack(list []tileStop) []tileStop {
	var out []tileStop
	for _, s := range list {
		if len(s.edges) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// keepsStations checks that the new tile adds no separate station beyond the
// ones it brings, keeps each city's track in one city when both tiles have
// several, and shrinks no city where the old cities differ in size.
func (lc *layCheck) keepsStations(rot int) string {
	h := lc.h
	oldAll, newAll := tileStops(h.Tile, h.Rotation), tileStops(lc.def, rot)
	olds, news := withTrack(oldAll), withTrack(newAll)
	added := max(0, len(news)-len(olds))
	separate := 0
	for _, n := range news {
		if !slices.ContainsFunc(olds, func(o tileStop) bool { return sharesEdge(o.edges, n.edges) }) {
			separate++
		}
	}
	if separate > added {
		return "it would add a station apart from the existing track"
	}
	oc, _ := countStops(h.Tile)
	nc, _ := countStops(lc.def)
	if oc > 1 && nc > 1 {
		for _, o := range olds {
			n := 0
			for _, s := range news {
				if endsWithin(o.edges, s.edges) {
					n++
				}
			}
			if n != 1 {
				return "its cities would not line up with the existing cities' track"
			}
		}
	}
	if mixedSlots(oldAll) {
		for _, o := range olds {
			if o.kind != board.City {
				continue
			}
			for _, s := range news {
				if s.kind == board.City && endsWithin(o.edges, s.edges) && s.slots < o.slots {
					return "it would shrink a city with " + countOf(o.slots, "slot", "slots")
				}
			}
		}
	}
	return ""
}

// sharesEdge reports whether two edge lists have an edge in common.
func sharesEdge(a, b []int) bool {
	return slices.ContainsFunc(a, func(x int) bool { return slices.Contains(b, x) })
}

// mixedSlots reports whether the cities listed differ in size.
func mixedSlots(list []tileStop) bool {
	size := -1
	for _, s := range list {
		if s.kind != board.City {
			continue
		}
		if size >= 0 && s.slots != size {
			return true
		}
		size = s.slots
	}
	return false
}

// trackRestriction applies the rules on what a company's own lay must do:
// keep every city's and town's track, and (where the title says so) give the
// company new track to use or change a city's value.
func (lc *layCheck) trackRestriction(rot int) string {
	if lc.via != nil {
		return ""
	}
	h, def := lc.h, lc.def
	news := tileStops(def, rot)
	for _, o := range tileStops(h.Tile, h.Rotation) {
		if !slices.ContainsFunc(news, func(n tileStop) bool { return endsWithin(o.edges, n.edges) }) {
			return "it would cut the track of the " + stopKindName(o.kind) + " on " + h.Def.ID
		}
	}
	if !lc.g.T.UpgradeMustAddTrack || len(h.Tile.Paths) == 0 {
		return ""
	}
	after := lc.reachAfter(rot)
	olds := trackPieces(h.Tile, h.Rotation)
	for i := range def.Paths {
		if !after.HasPath(graph.PathRef{Hex: h.Def.ID, Path: i}) {
			continue
		}
		np := pathPiece(def, rot, i)
		k := slices.IndexFunc(olds, func(op trackPiece) bool { return endsWithin(np, op) })
		if k < 0 || !slices.Equal(pathRevenues(def, i), pathRevenues(h.Tile, k)) {
			return ""
		}
	}
	return lc.c.ID + " would use no new track on it and no city's value would change"
}

// stopKindName names a stop kind for messages.
func stopKindName(k board.NodeKind) string {
	if k == board.Town {
		return "town"
	}
	return "city"
}

// pathRevenues lists the top revenues of the stops at the ends of path i, sorted.
func pathRevenues(t *board.Tile, i int) []int {
	p := &t.Paths[i]
	var out []int
	for _, e := range [2]board.End{p.A, p.B} {
		if e.IsEdge() || e.Node >= len(t.Nodes) || t.Nodes[e.Node].Kind == board.Junction {
			continue
		}
		out = append(out, topRevenue(t.Nodes[e.Node].Revenue))
	}
	slices.Sort(out)
	return out
}

// topRevenue is a stop's highest revenue in any phase.
func topRevenue(r board.Revenue) int {
	best := r.Flat
	for _, v := range r.ByColor {
		best = max(best, v)
	}
	return best
}

// layView is the board with one hex showing a tile as it would be laid.
type layView struct {
	boardView
	hex    string
	tile   *board.Tile
	rot    int
	tokens map[int][]string
}

// Tile returns the would-be tile on the laid hex.
func (v layView) Tile(hex string) (*board.Tile, int, bool) {
	if hex == v.hex {
		return v.tile, v.rot, true
	}
	return v.boardView.Tile(hex)
}

// Tokens returns the would-be tokens on the laid hex.
func (v layView) Tokens(hex string, node int) []string {
	if hex == v.hex {
		return v.tokens[node]
	}
	return v.boardView.Tokens(hex, node)
}

// reachAfter is c's network as it would be with the tile laid at rot; the
// hex's tokens move city by city as placeTile moves them.
func (lc *layCheck) reachAfter(rot int) *graph.Result {
	h, def := lc.h, lc.def
	oldCities, newCities := h.Tile.Cities(), def.Cities()
	remap := map[int]int{}
	toks := map[int][]string{}
	for i, oc := range oldCities {
		if len(newCities) == 0 {
			break
		}
		nc := newCities[min(i, len(newCities)-1)]
		remap[oc] = nc
		for _, t := range h.Slots[oc] {
			if t != nil {
				toks[nc] = append(toks[nc], t.Corp.ID)
			}
		}
	}
	for _, nc := range newCities {
		for free := def.Nodes[nc].Slots - len(toks[nc]); free > 0; free-- {
			toks[nc] = append(toks[nc], "")
		}
	}
	v := layView{boardView: boardView{lc.g.Board}, hex: h.Def.ID, tile: def, rot: rot, tokens: toks}
	return graph.Reach(v, lc.c.ID, tokenStarts(lc.c, h.Def.ID, remap))
}

// caRotation applies the fixed orientations of the tiles whose printed city
// fixes them (the title's TileRotations).
func (lc *layCheck) caRotation(rot int) string {
	allowed, ok := lc.g.T.TileRotations[lc.def.Name]
	if !ok || slices.Contains(allowed, rot) {
		return ""
	}
	return "tile " + lc.def.Name + " may only be laid at " + orJoin(rotationWord(allowed), intsText(allowed))
}

// moreExits applies the rule that a city upgrade must use a tile with the
// most track where one fits: every city, or only unlabelled ones where the
// title leaves labelled cities out.
func (lc *layCheck) moreExits() string {
	h, def := lc.h, lc.def
	if lc.mode != layNormal || len(h.Tile.Cities()) == 0 || lc.g.isTokenCity(h) {
		return ""
	}
	if lc.g.T.MostTrackUnlabelledOnly && h.Tile.Label != "" {
		return ""
	}
	own := len(def.Exits(0))
	for i := range lc.g.Board.Map.Tiles {
		t := &lc.g.Board.Map.Tiles[i]
		if t.Hidden || t.Color != def.Color || t.Name == def.Name || len(t.Exits(0)) <= own {
			continue
		}
		other := *lc
		other.def = t
		if other.static() == "" && len(other.rotations()) > 0 {
			return "tile " + def.Name + " has " + strconv.Itoa(own) + " exits, but tile " + t.Name + " with " +
				strconv.Itoa(len(t.Exits(0))) + " fits " + h.Def.ID + " and must be used instead"
		}
	}
	return ""
}

// tokenCityProblem checks a Seattle or Portland upgrade: the next revenue
// tile the phase allows, skipping one whose colour the other city holds.
func (lc *layCheck) tokenCityProblem() string {
	g, h, def := lc.g, lc.h, lc.def
	id := h.Def.ID
	seq := g.tokenCity(id).Tiles
	phaseLimit := g.tileColor()
	limit := phaseLimit
	if lc.c.IsMinor() {
		limit = min(limit, board.Green)
	}
	var cands []*board.Tile
	minorCapped := false
	for _, name := range seq[slices.Index(seq, h.Tile.Name)+1:] {
		t, ok := g.Board.Map.TileDef(name)
		switch {
		case !ok || g.tilesOnMap(name) > 0:
		case t.Color <= limit:
			cands = append(cands, t)
		case t.Color <= phaseLimit:
			minorCapped = true
		}
	}
	inUse := ""
	for _, tc := range g.T.TokenCities {
		if o := g.Board.Hex(tc.Hex); len(cands) > 0 && tc.Hex != id && o != nil && o.Tile.Color == cands[0].Color {
			inUse = "the " + cands[0].Color.String() + " revenue step is in use on " + tc.Hex
			cands = cands[1:]
		}
	}
	if len(cands) == 0 {
		switch {
		case inUse != "":
			return id + "'s revenue cannot be upgraded now: " + inUse + " and phase " + g.phase().Name + " allows no later step"
		case minorCapped:
			return "minors may upgrade " + id + "'s revenue no further than green"
		}
		return id + "'s revenue cannot be upgraded further in phase " + g.phase().Name
	}
	if def.Name != cands[0].Name {
		return id + "'s next revenue step is tile " + cands[0].Name + " (" + cands[0].Color.String() + "), not " + def.Name
	}
	return ""
}

// removeTownStatic checks a town-removing lay (P7/P8, CA P29/P30): plain
// track of the next colour over a hex whose only stop is one town.
func (lc *layCheck) removeTownStatic() string {
	h, def := lc.h, lc.def
	cities, towns := countStops(h.Tile)
	if cities != 0 || towns != 1 {
		return lc.via.ID + " lays plain track only on a hex with a single town; " + h.Def.ID + " has " + stopsText(cities, towns)
	}
	if c, t := countStops(def); c+t > 0 {
		return lc.via.ID + " lays plain track; tile " + def.Name + " has " + stopsText(c, t)
	}
	if why := lc.colorProblem(); why != "" {
		return why
	}
	return lc.supplyProblem()
}

// specialStatic checks the hex of a port, portage, boom town or coal lay.
func (lc *layCheck) specialStatic() string {
	h := lc.h
	id := h.Def.ID
	switch lc.mode {
	case layPort, layPortage:
		if h.Def.Color != board.Blue {
			return id + " is not water"
		}
		if h.laid {
			return id + " already holds tile " + h.Tile.Name
		}
	case layBoomTown:
		if !slices.Contains([]string{"7", "8", "9"}, h.Tile.Name) {
			return lc.via.ID + " upgrades only plain yellow track (tile 7, 8 or 9); " + id + " holds " + tileLabel(h)
		}
	case layCoal:
		if h.laid {
			return id + " already holds tile " + h.Tile.Name
		}
		for _, m := range [][2]string{{"mill", "the paper mill"}, {"ski_haus", "the ski haus"}} {
			if co := lc.g.abilityHolder(m[0]); co != "" && h.Markers[co] {
				return id + " holds " + m[1] + "; the coal mine cannot go there"
			}
		}
	}
	return ""
}

// tileLabel describes the tile on h for messages.
func tileLabel(h *HexState) string {
	if !h.laid {
		return "no tile"
	}
	return "tile " + h.Tile.Name
}

// specialFits checks the rotation of a port, portage, boom town or coal lay.
func (lc *layCheck) specialFits(rot int) string {
	g, h, def := lc.g, lc.h, lc.def
	exits := def.Exits(rot)
	switch lc.mode {
	case layPort:
		for _, p := range h.Def.Tile.Paths {
			if p.TerminalKind == 1 && p.A.IsEdge() && slices.Equal(exits, []int{p.A.Edge}) {
				return ""
			}
		}
		return "a port must face its anchor spike"
	case layPortage:
		for _, e := range exits {
			nid := board.Neighbor(g.Board.Map.Layout, h.Def.ID, e)
			if g.Board.Hex(nid) == nil {
				return "its track would run off the map at edge " + strconv.Itoa(e)
			}
			if tc := g.tokenCity(nid); tc != nil && tc.NoPortage {
				return "portage track may not run into " + g.Board.Hex(nid).Def.Name
			}
		}
	case layCoal:
		for _, e := range exits {
			nid := board.Neighbor(g.Board.Map.Layout, h.Def.ID, e)
			if lc.net.Touches(nid) && g.Board.Hex(nid) != nil && g.edgeBlocked(h, e) == "" {
				return ""
			}
		}
		return "none of its track would reach a hex on " + lc.c.ID + "'s network"
	}
	return ""
}

// cubeProblem checks a builder cube: a connected hex with terrain (or a PNW
// river crossing) that can hold another cube.
func (lc *layCheck) cubeProblem() string {
	g, h := lc.g, lc.h
	id := h.Def.ID
	if g.isTokenCity(h) {
		return "builder cubes may not be placed in Seattle or Portland"
	}
	cost := 0
	if len(h.Tile.Terrain) > 0 {
		cost = h.Cost
	}
	if dir, ok := g.T.Hexes.RiverCrossings[id]; ok && !tileFaces(h.Tile, h.Rotation, dir) {
		cost += 75
	}
	if cost == 0 {
		return id + " has no terrain cost for builder cubes to pay"
	}
	if most := g.cubeRoom(h, cost); h.Cubes >= most {
		return id + " already holds " + countOf(h.Cubes, "builder cube", "builder cubes") + ", as many as its cost can use"
	}
	if !lc.net.Touches(id) {
		return id + " is not on " + lc.c.ID + "'s network"
	}
	return ""
}
