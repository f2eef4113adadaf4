package title

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/engine/board"
)

// Company returns the company with the given id, or nil.
func (t *Title) Company(id string) *Company {
	for i := range t.Companies {
		if t.Companies[i].ID == id {
			return &t.Companies[i]
		}
	}
	return nil
}

// Corp returns the corporation with the given id, or nil.
func (t *Title) Corp(id string) *Corporation {
	for i := range t.Corps {
		if t.Corps[i].ID == id {
			return &t.Corps[i]
		}
	}
	return nil
}

// Train returns the train type with the given name, or nil.
func (t *Title) Train(name string) *Train {
	for i := range t.Trains {
		if t.Trains[i].Name == name {
			return &t.Trains[i]
		}
	}
	return nil
}

// StartingCompanies returns the companies in play with the given number of
// players, in definition order: the input of the setup shuffle.
func (t *Title) StartingCompanies(players int, opts map[string]bool) []Company {
	set, ok := t.StartSets[players]
	for _, o := range t.Options {
		if s, has := t.OptionStartSets[o]; has && opts[o] {
			set, ok = s, true
			break
		}
	}
	if !ok {
		return append([]Company(nil), t.Companies...)
	}
	in := make(map[string]bool, len(set))
	for _, id := range set {
		in[id] = true
	}
	var out []Company
	for _, c := range t.Companies {
		if in[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

// keep drops every company and corporation whose id is not listed, keeping
// definition order. It is how scenarios restrict their base title.
func (t *Title) keep(companies, corps string) {
	cs := set(companies)
	var kept []Company
	for _, c := range t.Companies {
		if cs[c.ID] {
			kept = append(kept, c)
		} else {
			t.LeftOut = append(t.LeftOut, c)
		}
	}
	t.Companies = kept
	rs := set(corps)
	var keptCorps []Corporation
	for _, c := range t.Corps {
		if rs[c.ID] {
			keptCorps = append(keptCorps, c)
		}
	}
	t.Corps = keptCorps
}

// set expands a space-separated list of ids, where "P1-P9" or "M1-M19" stands
// for a numbered range, into a membership map.
func set(list string) map[string]bool {
	out := map[string]bool{}
	for _, id := range ids(list) {
		out[id] = true
	}
	return out
}

// ids expands a space-separated list of ids with numbered ranges ("P1-P3 C2")
// into the ids in order.
func ids(list string) []string {
	var out []string
	for _, f := range strings.Fields(list) {
		from, to, ok := strings.Cut(f, "-")
		if !ok {
			out = append(out, f)
			continue
		}
		prefix := strings.TrimRight(from, "0123456789")
		a, err1 := strconv.Atoi(from[len(prefix):])
		b, err2 := strconv.Atoi(strings.TrimPrefix(to, prefix))
		if err1 != nil || err2 != nil || a > b {
			panic("title: bad id range " + f)
		}
		for n := a; n <= b; n++ {
			out = append(out, prefix+strconv.Itoa(n))
		}
	}
	return out
}

// parseMarket reads a one-row market written as prices with suffixes:
// p = ParMinor, x or xp = ParAll, e = EndGame, y = YellowZone.
func parseMarket(row string) []Cell {
	var cells []Cell
	for _, f := range strings.Fields(row) {
		num := strings.TrimRight(f, "pxey")
		price, err := strconv.Atoi(num)
		if err != nil {
			panic(fmt.Sprintf("title: bad market cell %q", f))
		}
		kind := Normal
		switch f[len(num):] {
		case "":
		case "p":
			kind = ParMinor
		case "x", "xp":
			kind = ParAll
		case "e":
			kind = EndGame
		case "y":
			kind = YellowZone
		default:
			panic(fmt.Sprintf("title: bad market cell %q", f))
		}
		cells = append(cells, Cell{Price: price, Kind: kind, Col: len(cells)})
	}
	return cells
}

// GridMarket reads a market of several rows, top row first, each
// written as parseMarket reads one row, with "." where a row has no cell.
func GridMarket(rows ...string) []Cell {
	var cells []Cell
	for r, row := range rows {
		for c, f := range strings.Fields(row) {
			if f == "." {
				continue
			}
			cell := parseMarket(f)[0]
			cell.Row, cell.Col = r, c
			cells = append(cells, cell)
		}
	}
	return cells
}

// phases1822 builds the seven 1822-family phases. concessions adds the CA
// "can_convert_concessions" switch to phases 2-4; cheapUpgrade adds the
// scenarios' "l_upgrade" switch ($70 L→2 upgrades) to phase 2.
func phases1822(concessions, cheapUpgrade bool) []Phase {
	const (
		float1, float2, float3 = "minor_float_phase1", "minor_float_phase2", "minor_float_phase3on"
		buy, convert, upgrade  = "can_buy_trains", "can_convert_concessions", "l_upgrade"
		bidbox, par, green     = "can_acquire_minor_bidbox", "can_par", "minors_green_upgrade"
		fullCap                = "full_capitalisation"
	)
	p2 := []string{float2}
	p34 := func() []string { return []string{buy, float3} }
	if concessions {
		p2 = []string{convert, float2}
		p34 = func() []string { return []string{buy, convert, float3} }
	}
	if cheapUpgrade {
		p2 = append(p2, upgrade)
	}
	late := func(extra ...string) []string {
		return append([]string{buy, bidbox, par}, extra...)
	}
	phase := func(name string, on []string, minor, major int, tiles board.Color, ors int, status []string) Phase {
		return Phase{Name: name, On: on, TrainLimitMinor: minor, TrainLimitMajor: major,
			Tiles: tiles, OperatingRounds: ors, Status: status}
	}
	return []Phase{
		phase("1", nil, 2, 4, board.Yellow, 1, []string{float1}),
		phase("2", []string{"2", "3"}, 2, 4, board.Yellow, 2, p2),
		phase("3", []string{"3"}, 2, 4, board.Green, 2, p34()),
		phase("4", []string{"4"}, 1, 3, board.Green, 2, p34()),
		phase("5", []string{"5"}, 1, 2, board.Brown, 2, late(green, float3)),
		phase("6", []string{"6"}, 1, 2, board.Brown, 2, late(fullCap, green, float3)),
		phase("7", []string{"7"}, 1, 2, board.Gray, 2, late(fullCap, green, float3)),
	}
}

// roster gives the depot counts of an 1822-family train list.
type roster struct {
	l, lPrice, three, four, five, six, seven int
}

// Train prices shared by every title.
const (
	priceTwo   = 120
	priceThree = 200
	priceFour  = 300
	priceFive  = 500
	priceSix   = 600
	priceSeven = 750
	priceE     = 1000
)

// depotTrains builds the buyable trains L/2, 3, 4, 5, 6 and 7/E in depot order.
func depotTrains(r roster) []Train {
	return []Train{
		{Name: "L", Distance: Distance{Cities: 1, Towns: 1, Local: true}, Price: r.lPrice, Count: r.l, RustsOn: "3",
			Variants: []Variant{{Name: "2", Distance: Distance{Cities: 2}, Price: priceTwo, RustsOn: "4", AvailableOn: "1"}}},
		{Name: "3", Distance: Distance{Cities: 3}, Price: priceThree, Count: r.three, RustsOn: "6"},
		{Name: "4", Distance: Distance{Cities: 4}, Price: priceFour, Count: r.four, RustsOn: "7"},
		{Name: "5", Distance: Distance{Cities: 5}, Price: priceFive, Count: r.five},
		{Name: "6", Distance: Distance{Cities: 6}, Price: priceSix, Count: r.six, Events: []string{"full_capitalisation"}},
		{Name: "7", Distance: Distance{Cities: 7}, Price: priceSeven, Count: r.seven,
			Variants: []Variant{{Name: "E", Distance: Distance{Express: true}, Price: priceE}}},
	}
}

// Reserved private trains.
func permanent2(owners ...string) Train {
	return Train{Name: "2P", Distance: Distance{Cities: 2}, Count: len(owners), Reserved: true,
		ReservedFor: owners, Kind: Permanent}
}

func permanentL(owners ...string) Train {
	return Train{Name: "LP", Distance: Distance{Cities: 1, Towns: 1, Local: true}, Count: len(owners),
		Reserved: true, ReservedFor: owners, Kind: Permanent}
}

func private5(owner string) Train {
	return Train{Name: "5P", Distance: Distance{Cities: 5}, Price: priceFive, Count: 1, Reserved: true,
		ReservedFor: []string{owner}}
}

func pullman(name string, owners ...string) Train {
	return Train{Name: name, Distance: Distance{Towns: -1}, Count: len(owners), Reserved: true,
		ReservedFor: owners, Kind: Pullman}
}

// linkReservedTrains sets Company.Train for every private that owns a reserved train.
func (t *Title) linkReservedTrains() {
	for _, tr := range t.Trains {
		for i, owner := range tr.ReservedFor {
			if c := t.Company(owner); c != nil {
				c.Train = tr.Name + "-" + strconv.Itoa(i)
			}
		}
	}
}

// privateCo builds a private company card.
func privateCo(id, name string, revenue, phase int, by Acquirer, ability, desc string) Company {
	return Company{ID: id, Name: name, Revenue: revenue, Kind: Private, AcquirePhase: phase,
		AcquireBy: by, Ability: ability, Desc: desc}
}

// Acquirer shorthands for the private tables.
const (
	majorOnly = ByMajor
	either    = ByMinor | ByMajor
)

// Token costs and certificate sizes shared by the family.
const (
	certValue      = 100 // face value of minor certificates, regionals and concessions
	majorTokenCost = 100
)

// majorShares returns the usual 20 % + 8 × 10 % certificates.
func majorShares() []int {
	return []int{20, 10, 10, 10, 10, 10, 10, 10, 10}
}
