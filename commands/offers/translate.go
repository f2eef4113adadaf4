package offers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/board"
)

// The translator: an 18xx.games action to the text a player would type. It
// is kept apart from the grammar: it only writes text, most natural first,
// and Table.Phrase picks the first wording the dispatcher turns back into
// the same action.

// Translate returns wordings of a, from the most natural to the most
// explicit, for the game as it is just before a is applied. Actions without
// a command (chat messages) give "".
func Translate(g *engine.Game, a action.Action) []string {
	if d := typeOf(a); d != nil && d.translate != nil {
		return slices.Clone(d.translate(g, a))
	}
	return []string{""}
}

// shareWordings words share buys, sells, issues and redemptions.
func shareWordings(g *engine.Game, who action.EntityID, ids []string, pct, price int, buy bool) []string {
	var corp *engine.Corp
	pool := false
	for _, id := range ids {
		if s := commands.FindShare(g, id); s != nil {
			corp = s.Corp
			pool = s.Owner == engine.Holder(g.Pool)
		}
	}
	at := ""
	if price > 0 {
		at = " at " + strconv.Itoa(price)
	}
	explicit := strings.Join(ids, " ")
	n := pct / 10
	_, isPlayer := who.PlayerID()
	switch {
	case !isPlayer && buy:
		return []string{fmt.Sprintf("redeem %d", len(ids)), "redeem " + explicit}
	case !isPlayer:
		return []string{fmt.Sprintf("issue %d%s", len(ids), at), fmt.Sprintf("issue %d", len(ids)), "issue " + explicit + at}
	case corp == nil:
		return []string{map[bool]string{true: "buy ", false: "sell "}[buy] + explicit + at}
	case buy:
		w := "buy " + corp.ID
		if pool {
			w += " pool"
		}
		if len(ids) > 1 {
			w += " " + strconv.Itoa(len(ids))
		}
		return []string{w + at, "buy " + explicit + at}
	}
	out := []string{fmt.Sprintf("sell %s %d%s", corp.ID, n, at), "sell " + explicit + at}
	if certs := CertPercent(g, ids); certs != pct {
		// Part of the certificates named: a sale that passes a presidency.
		out = append(out, fmt.Sprintf("sell %s %d%%%s", explicit, pct, at))
	}
	return out
}

// CertPercent adds up the certificates' percents.
func CertPercent(g *engine.Game, ids []string) int {
	sum := 0
	for _, id := range ids {
		if s := commands.FindShare(g, id); s != nil {
			sum += s.Percent
		}
	}
	return sum
}

// layWordings words a tile lay or builder cube.
func layWordings(g *engine.Game, v *action.LayTile) []string {
	with := ""
	if v.EntityType == action.EntityCompany {
		with = " with " + strings.Join(append([]string{v.Entity.String()}, v.ComboEntities...), " ")
	}
	if isCube(g, v) {
		return []string{"cube " + v.Hex + with}
	}
	name := board.TileName(v.Tile)
	r := " r" + strconv.Itoa(v.Rotation)
	return []string{
		"lay " + name + " " + v.Hex + with,
		"lay " + name + " " + v.Hex + r + with,
		"lay " + v.Tile + " " + v.Hex + r + with,
	}
}

// cityHex finds the hex and node of an 18xx.games city id ("57-0-1").
func cityHex(g *engine.Game, city string) (*engine.HexState, int) {
	h, node, err := g.Board.CityByID(city)
	if err != nil {
		return nil, -1
	}
	return h, node
}

// tokenWordings words a station token.
func tokenWordings(g *engine.Game, v *action.PlaceToken) []string {
	h, node := cityHex(g, v.City)
	if h == nil {
		return []string{"token " + v.City}
	}
	k := 0
	cities := h.Tile.Cities()
	for i, n := range cities {
		if n == node {
			k = i + 1
		}
	}
	tail := ""
	if v.TokenType == "destination" {
		tail += " dest"
	}
	if v.EntityType == action.EntityCompany {
		tail += " with " + v.Entity.String()
	}
	hex := h.Def.ID
	out := []string{"token " + hex + tail, fmt.Sprintf("token %s %d%s", hex, k, tail)}
	if v.Slot != nil {
		out = append(out, fmt.Sprintf("token %s %d slot %d%s", hex, k, *v.Slot+1, tail))
	}
	return out
}

// trainWordings words a train purchase.
func trainWordings(g *engine.Game, v *action.BuyTrain) []string {
	if v.Exchange != "" {
		return []string{"upgrade " + v.Exchange}
	}
	t := g.Depot.Train(v.Train)
	if t != nil && t.Owner != nil && t.Owner.ID != v.Entity.String() {
		from := fmt.Sprintf("train %s from %s %d", v.Train, t.Owner.ID, v.Price)
		if v.Variant != "" {
			// A minor's first train, recorded by 18xx.games as "L-0".
			return []string{"train " + v.Variant, from}
		}
		return []string{from}
	}
	variant := v.Variant
	if variant == "" && t != nil {
		variant = t.Name
	}
	var out []string
	if t != nil && slices.Contains(g.Depot.Discarded, t) {
		out = append(out, "train "+variant+" pool")
	} else {
		out = append(out, "train "+variant)
	}
	return append(out, "train "+v.Train+" as "+variant, fmt.Sprintf("train %s as %s for %d", v.Train, variant, v.Price))
}

// autoBuyWording words a programmed buy from its raw fields.
func autoBuyWording(v *action.ProgramBuyShares) string {
	get := func(k string) string { return strings.Trim(string(v.Extra[k]), `"`) }
	w := "autobuy " + get("corporation") + " " + get("until_condition")
	if get("from_market") == "true" {
		w += " pool"
	}
	if get("auto_pass_after") == "true" {
		w += " then pass"
	}
	return w
}

// runWordings words a run: the stops only, then with every hex spelled out;
// revenues are stated where today's rules price a route differently.
func runWordings(g *engine.Game, v *action.RunRoutes) []string {
	if len(v.Routes) == 0 {
		return []string{"run none"}
	}
	claims := make([]bool, len(v.Routes))
	if c := g.Corp(v.Entity.String()); c != nil {
		_, per, err := g.RouteRevenue(c, v.Routes)
		for i, r := range v.Routes {
			claims[i] = err != nil || per[i] != r.Revenue
		}
	}
	traced := tracedStops(g, v.Entity.String(), v.Routes)
	var out []string
	for _, full := range []bool{false, true} {
		parts := make([]string, len(v.Routes))
		for i, r := range v.Routes {
			stops := orderedStops(r)
			if traced != nil {
				if refs := tracedRefs(r, traced[i]); refs != nil {
					stops = refs
				}
			}
			parts[i] = stopsWords(g, r, stops, full, claims[i])
		}
		out = append(out, "run "+strings.Join(parts, ", "))
	}
	return out
}

// routeWords writes one route: its train, stops (each with its number on
// a hex with several stops) and, when full, the hexes between them.
func routeWords(g *engine.Game, r action.Route, full, claim bool) string {
	return stopsWords(g, r, orderedStops(r), full, claim)
}

// stopsWords is routeWords with the route's stops given.
func stopsWords(g *engine.Game, r action.Route, stops []nodeRef, full, claim bool) string {
	words := []string{r.Train}
	switch {
	case len(r.Connections) == 0 && len(r.Hexes) == 1:
		words = append(words, stopWord(g, r.Hexes[0], stops), "bare")
	case len(r.Connections) == 1 && len(r.Connections[0]) == 2 && r.Connections[0][0] == "local":
		words = append(words, stopWord(g, r.Connections[0][1], stops))
	case full:
		for i, seg := range r.Connections {
			hexes := oneHexLeg(seg)
			if len(hexes) == 1 {
				// A leg between two stops of one hex (Leavenworth's city
				// and town): "H19.1>H19.2".
				hexes = []string{hexes[0], hexes[0]}
			}
			if len(seg) > 1 && i < len(r.Hexes) && !strings.EqualFold(seg[0], r.Hexes[i]) {
				hexes = reversed(seg)
			}
			w := []string{stopWord(g, hexes[0], at(stops, i))}
			if len(hexes) > 2 {
				w = append(w, hexes[1:len(hexes)-1]...)
			}
			w = append(w, stopWord(g, hexes[len(hexes)-1], at(stops, i+1)))
			words = append(words, strings.Join(w, ">"))
		}
	default:
		for i, hex := range r.Hexes {
			words = append(words, stopWord(g, hex, at(stops, i)))
		}
	}
	if claim {
		words = append(words, "="+strconv.Itoa(r.Revenue))
	}
	return strings.Join(words, " ")
}

// nodeRef is a recorded stop.
type nodeRef struct {
	hex  string
	node int
}

// orderedStops pairs the route's stop hexes (in order) with its recorded
// nodes (in any order).
func orderedStops(r action.Route) []nodeRef {
	left := make([]nodeRef, 0, len(r.Nodes))
	for _, n := range r.Nodes {
		i := strings.LastIndexByte(n, '-')
		if i <= 0 {
			continue
		}
		k, err := strconv.Atoi(n[i+1:])
		if err != nil {
			continue
		}
		left = append(left, nodeRef{n[:i], k})
	}
	out := make([]nodeRef, 0, len(r.Hexes))
	for _, hex := range r.Hexes {
		ref := nodeRef{hex, -1}
		for j, l := range left {
			if l.hex == hex {
				ref = l
				left = append(left[:j:j], left[j+1:]...)
				break
			}
		}
		out = append(out, ref)
	}
	return out
}

// stopWord writes a stop: the hex, with its stop number when the hex has
// several stops.
func stopWord(g *engine.Game, hex string, ref []nodeRef) string {
	h := g.Board.Hex(hex)
	if h == nil || len(ref) == 0 || ref[0].node < 0 {
		return hex
	}
	list := commands.StopNodes(h.Tile)
	if len(list) < 2 {
		return hex
	}
	for i, n := range list {
		if n == ref[0].node {
			return hex + "." + strconv.Itoa(i+1)
		}
	}
	return hex
}

// reversed returns a reversed copy.
func reversed(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[len(s)-1-i] = x
	}
	return out
}

// at is list[i:i+1], or nil when i is out of range.
func at(list []nodeRef, i int) []nodeRef {
	if i < 0 || i >= len(list) {
		return nil
	}
	return list[i : i+1]
}

// oneHexLeg reads a leg that joins two stops of one hex, which this engine
// exports as "H19 0.1" (the hex and the two nodes) and 18xx.games as the
// hex alone, as the hex alone; other legs are returned as they are.
func oneHexLeg(seg []string) []string {
	if len(seg) != 1 {
		return seg
	}
	hex, _, _ := strings.Cut(seg[0], " ")
	return []string{hex}
}
