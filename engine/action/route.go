package action

import "encoding/json"

// Route is one train's run in a RunRoutes action (section 3.4).
type Route struct {
	Train string
	// Connections lists the hexes of each segment between consecutive stops, in
	// route order but each segment in either direction; a local run is
	// [["local","H11"]] or [].
	Connections [][]string
	Hexes       []string // stop hexes in route order
	Nodes       []string // stop node signatures, not in route order
	Revenue     int
	RevenueStr  string
	// Extra holds fields this package does not model, by JSON key.
	Extra map[string]json.RawMessage

	src *source
}

// MarshalJSON writes the route in the 18xx.games format.
func (r Route) MarshalJSON() ([]byte, error) { return encodeRecord(&r) }

// UnmarshalJSON reads the route from the 18xx.games format.
func (r *Route) UnmarshalJSON(b []byte) error { return decodeRecord(b, r, nil) }

func (r *Route) rawState() (*map[string]json.RawMessage, **source) { return &r.Extra, &r.src }

func (r *Route) codecFields(c *codec) {
	scalar(c, "train", &r.Train)
	list(c, "connections", &r.Connections)
	list(c, "hexes", &r.Hexes)
	scalar(c, "revenue", &r.Revenue)
	scalar(c, "revenue_str", &r.RevenueStr)
	list(c, "nodes", &r.Nodes)
}

// RunRoutes runs the corporation's trains; revenue is taken from the routes, Subsidy is display only.
type RunRoutes struct {
	Envelope
	Routes       []Route
	ExtraRevenue int
	Subsidy      int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *RunRoutes) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *RunRoutes) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *RunRoutes) actionFields(c *codec) {
	list(c, "routes", &a.Routes)
	scalar(c, "extra_revenue", &a.ExtraRevenue)
	scalar(c, "subsidy", &a.Subsidy)
}
