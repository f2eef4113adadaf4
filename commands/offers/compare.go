package offers

import (
	"fmt"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
)

// SameAction reports why got (built from a command) differs from want (a
// recorded action), or nil when the engine treats them alike.
func SameAction(g *engine.Game, got, want action.Action) error {
	if action.TypeName(got) != action.TypeName(want) {
		return fmt.Errorf("type %s, want %s", action.TypeName(got), action.TypeName(want))
	}
	ge, we := got.Env(), want.Env()
	if _, end := want.(*action.EndGame); !end && (ge.Entity.String() != we.Entity.String() || ge.EntityType != we.EntityType) {
		return fmt.Errorf("entity %s %s, want %s %s", ge.EntityType, ge.Entity, we.EntityType, we.Entity)
	}
	if d := typeOf(want); d != nil && d.same != nil {
		return d.same(g, got, want)
	}
	return nil
}

// firstTurnL reports whether want is a minor's first-turn train purchase as
// 18xx.games records it ("L-0" at the L price, whatever train it really
// gets: the engine gives the next depot train) and got buys that train.
func firstTurnL(g *engine.Game, got, want *action.BuyTrain) bool {
	t := g.Depot.Train(want.Train)
	if t == nil || want.Variant == "" || want.Exchange != "" || got.Train == want.Train || slices.Contains(g.TrainsForSale(), t) {
		return false
	}
	// Only a minor's first-turn L purchase is recorded so; a train of the
	// same kind and price bought from another company is that train.
	c := g.Corp(want.Entity.String())
	if c == nil || !c.IsMinor() || c.Operated > 0 {
		return false
	}
	up := g.Depot.Upcoming
	return len(up) > 0 && up[0].Name == "L" && got.Train == up[0].ID && got.Variant == want.Variant && got.Price == want.Price
}

// sorted returns a sorted copy.
func sorted(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}

// tokenKey is what decides a token's effect: the city, the slot it ends in
// (an absent or taken slot means the engine's choice), its corporation and
// kind.
func tokenKey(g *engine.Game, v *action.PlaceToken) string {
	tokener := v.Tokener
	if tokener == "" {
		tokener = v.Entity.String()
		if comp := g.Company(tokener); comp != nil {
			if c, ok := comp.Owner.(*engine.Corp); ok {
				tokener = c.ID // a private places its owner's token
			}
		}
	}
	slot := -1
	h, node := cityHex(g, v.City)
	if h != nil {
		s := h.Slots[node]
		if v.Slot != nil && *v.Slot >= 0 && *v.Slot < len(s) && s[*v.Slot] == nil {
			slot = *v.Slot
		} else {
			slot = commands.FreeSlot(h, node, tokener)
		}
	}
	return fmt.Sprintf("%s/%d/%s/%s", v.City, slot, tokener, v.TokenType)
}

// trainKey is what decides a purchase: train, price, variant and trade-in.
func trainKey(g *engine.Game, v *action.BuyTrain) string {
	variant := v.Variant
	if t := g.Depot.Train(v.Train); variant == "" && t != nil {
		variant = t.Name
	}
	return fmt.Sprintf("%s/%d/%s/%s", v.Train, v.Price, variant, v.Exchange)
}

// sameRoutes compares runs: trains, revenues, stops and track, each segment
// in either direction and each route either way round.
func sameRoutes(game *engine.Game, entity string, got, want []action.Route) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d routes, want %d", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.Train != w.Train || g.Revenue != w.Revenue {
			return fmt.Errorf("route %d: train %s $%d, want %s $%d", i+1, g.Train, g.Revenue, w.Train, w.Revenue)
		}
		if strings.Join(sorted(g.Nodes), ",") != strings.Join(sorted(w.Nodes), ",") && !(len(w.Nodes) == 0 && isLocal(w)) {
			if err := sameTracedStops(game, entity, got, want); err != nil {
				return fmt.Errorf("route %d: stops %v, want %v (%v)", i+1, g.Nodes, w.Nodes, err)
			}
		}
		if !sameTrack(g, w) && !sameTrack(reverseRoute(g), w) {
			return fmt.Errorf("route %d: track %v, want %v", i+1, g.Connections, w.Connections)
		}
	}
	return nil
}

// isLocal reports whether r is a run inside one city.
func isLocal(r action.Route) bool {
	return len(r.Connections) == 1 && len(r.Connections[0]) == 2 && r.Connections[0][0] == "local"
}

// sameTrack compares stop hexes and segments, segments in either direction.
func sameTrack(g, w action.Route) bool {
	if len(g.Connections) != len(w.Connections) || !slices.Equal(g.Hexes, w.Hexes) {
		return false
	}
	for i := range w.Connections {
		a, b := oneHexLeg(g.Connections[i]), oneHexLeg(w.Connections[i])
		if !slices.Equal(a, b) && !slices.Equal(a, reversed(b)) {
			return false
		}
	}
	return true
}

// reverseRoute is r run the other way round.
func reverseRoute(r action.Route) action.Route {
	out := r
	out.Hexes = reversed(r.Hexes)
	out.Connections = make([][]string, len(r.Connections))
	for i, c := range r.Connections {
		out.Connections[len(r.Connections)-1-i] = c
	}
	return out
}
