package title

import "strconv"

// minorRow is one row of a title's table of numbered minors (1822, 1822CA,
// 1822MX and the British scenarios share the shape; 1822PNW's table also
// has regionals and colours of its own).
type minorRow struct {
	name, hex string
	city      int
	place     string // "" where the table names no place
}

// numberedMinors are the corporations 1..n of table: the family's plain
// minor, white, one 100% share, its home token free.
func numberedMinors(table []minorRow) []Corporation {
	out := make([]Corporation, 0, len(table))
	for i, m := range table {
		out = append(out, Corporation{ID: strconv.Itoa(i + 1), Name: m.name, Kind: Minor, Home: m.hex, HomeCity: m.city,
			Tokens: []int{0}, Color: "#ffffff", TextColor: "black", Shares: []int{100}, FloatPercent: 100})
	}
	return out
}

// minorCerts are the certificates M1..Mn of table's minors, each described
// by where its home is.
func minorCerts(table []minorRow) []Company {
	out := make([]Company, 0, len(table))
	for i, m := range table {
		id := strconv.Itoa(i + 1)
		out = append(out, Company{ID: "M" + id, Name: m.name, Value: certValue, Kind: MinorCert, Corp: id,
			Desc: minorDesc(id, m.place, m.hex)})
	}
	return out
}

// minorDesc describes minor id's certificate by its home.
func minorDesc(id, place, hex string) string {
	if place == "" {
		return "Minor " + id + ", home " + hex + "."
	}
	return "Minor " + id + ", home " + place + " (" + hex + ")."
}

// chooseHome makes minor id one whose home token goes in a city of its
// choice for cost (a rondel: 1822CA's 13 in Toronto, 1822's 14 in London).
func chooseHome(cs []Corporation, id string, cost int, label string) {
	for i := range cs {
		if cs[i].ID == id {
			cs[i].Tokens = []int{cost}
			cs[i].HomeChoose = true
			cs[i].Labels = []string{label}
		}
	}
}

// describeCert sets the description of certificate id in cs.
func describeCert(cs []Company, id, desc string) {
	for i := range cs {
		if cs[i].ID == id {
			cs[i].Desc = desc
		}
	}
}
