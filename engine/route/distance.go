package route

import (
	"pbc/engine/board"
)

// stopKind is how a stop counts against a train's distance.
type stopKind uint8

// Stop kinds, as bits of a row's kinds.
const (
	cityStop     stopKind = 1 << iota
	townStop              // a town
	offboardStop          // an off-board area
	grainStop             // CA: any stop in a grain elevator hex, for the train pulling the grain car
)

var stopKindNames = map[stopKind]string{cityStop: "a city", townStop: "a town", offboardStop: "an off-board area", grainStop: "a grain elevator"}

// row is one line of a train's distance: up to limit stops of the kinds in
// kinds (limit < 0: any number).
type row struct {
	kinds stopKind
	limit int
}

// rows returns the distance rows of t as it runs this turn (with the Pullman
// or the grain car attached), or nil when any number of stops will do.
func (v *view) rows(t *Train) []row {
	d := t.Distance
	var rows []row
	switch {
	case d.Local:
		rows = []row{{cityStop, d.Cities}, {townStop, d.Towns}}
	case v.in.Pullman != "" && v.in.Pullman == t.ID:
		if k := v.in.Rules.PullmanTowns; k > 0 {
			rows = []row{{townStop, k * d.Cities}, {cityStop | offboardStop | townStop, d.Cities}}
		} else {
			rows = []row{{cityStop | offboardStop, d.Cities}, {townStop, -1}}
		}
	case d.Cities > 0:
		rows = []row{{cityStop | offboardStop | townStop, d.Cities}}
		if d.Towns > 0 {
			rows = append([]row{{townStop, d.Towns}}, rows...)
		} else if d.Towns < 0 {
			rows = []row{{cityStop | offboardStop, d.Cities}, {townStop, -1}}
		}
	default:
		return nil
	}
	if g := v.in.Rules.Grain; g != nil && g.Carrier != "" && g.Carrier == t.ID {
		rows = append([]row{{grainStop, -1}}, rows...)
	}
	return rows
}

// kindOf is how stop k of run r counts for train t.
func (v *view) kindOf(r *Run, k int, n *board.Node, t *Train) stopKind {
	if g := v.in.Rules.Grain; g != nil && g.Carrier != "" && g.Carrier == t.ID && g.Elevators[r.Stops[k].Hex] {
		return grainStop
	}
	switch n.Kind {
	case board.Town:
		return townStop
	case board.Offboard:
		return offboardStop
	}
	return cityStop
}

// checkStops tests the run's stops against the train's distance. Stops of one
// kind fill the rows accepting that kind in order; kinds accepted by fewer
// rows are placed first (as 18xx.games does).
func (v *view) checkStops(r *Run, nodes []*board.Node, t *Train) string {
	rows := v.rows(t)
	if rows == nil {
		return ""
	}
	var counts, present [4]int // by kind bit index: distance used, stops
	kinds := []stopKind{cityStop, townStop, offboardStop, grainStop}
	for k, n := range nodes {
		kind := v.kindOf(r, k, n, t)
		for i, kk := range kinds {
			if kk == kind {
				counts[i] += visitCost(n)
				present[i]++
			}
		}
	}
	rowsFor := func(kind stopKind) int {
		n := 0
		for _, rw := range rows {
			if rw.kinds&kind != 0 {
				n++
			}
		}
		return n
	}
	order := []int{0, 1, 2, 3}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && rowsFor(kinds[order[j]]) < rowsFor(kinds[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	left := make([]int, len(rows))
	for i, rw := range rows {
		left[i] = rw.limit
	}
	for _, i := range order {
		num := counts[i]
		if present[i] == 0 {
			continue
		}
		if rowsFor(kinds[i]) == 0 {
			return "the " + t.Name + " train cannot stop at " + stopKindNames[kinds[i]]
		}
		for j, rw := range rows {
			if rw.kinds&kinds[i] == 0 || num == 0 {
				continue
			}
			if left[j] < 0 {
				num = 0
				break
			}
			use := min(num, left[j])
			left[j] -= use
			num -= use
		}
		if num > 0 {
			return "too many stops for the " + t.Name + " train"
		}
	}
	return ""
}
