// Package route holds the rules for running trains in the 1822 family
// (1822PNW and 1822CA with their scenarios): it traces the routes a
// corporation submits onto the board, checks them, and computes their revenue
// and mail subsidy.
//
// The package knows nothing of the game engine. Everything it needs comes in an
// Input: a read-only view of the board (graph.Board), the operating
// corporation's station tokens and trains, the phase colour and a few title
// switches and bonus hooks (Rules). A route is given as 18xx.games records it:
// the hexes traversed between consecutive stops (see Parse). Tracing turns it
// into a Run (its stops and the tile paths joining them); Evaluate checks a set
// of runs and prices them. The later auto-router can build Runs itself and call
// Evaluate directly.
//
// The rules follow the 1822PNW rulebook (5.4 Routes, 5.12 Run Trains and the
// private company texts) as the public 18xx.games engine applies them:
//
//   - a route joins two or more stops (one for an L/LP train running in a city)
//     along connected track, includes a city holding one of the corporation's
//     station tokens (the P19 coal token does not count), never reuses a stop,
//     never visits a stop hex twice (except the city-and-town hexes of
//     Rules.DoubleHexes), passes through no off-board or other terminal and
//     through no city filled with other corporations' tokens;
//   - trains of one type (E-trains, and all others) never share track;
//   - an n-train counts n stops, towns included; an L (and LP) one city (no
//     off-board) plus at most one town, each city at most once among the L
//     trains; a train carrying the Pullman also counts any number of towns;
//   - an E-train counts only cities holding the corporation's tokens, doubled,
//     must visit two such cities and must start and end at one; timber, the Ski
//     Haus and the Lumber Baron do not apply to it;
//   - bonuses: $10 per timber hex crossed (the Lumber Baron doubles it on one
//     train), $30 for a route through the Ski Haus hex, the Paper Mill on one
//     train stopping at its hex, the destination bonus (the destination city's
//     value again, on one train visiting both home and destination) and the
//     portage toll ($10 per portage tile crossed by others than its owner);
//   - 1822CA differs by its Pullman (two towns per stop of the train's
//     distance), the grain trade (Grain), the sawmill (SawmillHex) and the
//     regional mail contracts (SmallMail); its L trains carry no mail.
//
// Bonuses paid to a single train go to the run earning the most from them,
// the last such run on a tie, as the 18xx.games client attributes them.
//
// Not modelled: the 18xx.games rule that track from an off-centre town to
// its other edges counts as one shared piece of track. It can only matter for
// a town with three or more exits drawn at an edge, and neither title's map
// nor tile set has one.
package route

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/engine/action"
	"pbc/engine/board"
	"pbc/engine/graph"
	"pbc/engine/title"
)

// TokenKind distinguishes the corporation's station tokens.
type TokenKind uint8

// Token kinds.
const (
	NormalToken      TokenKind = iota // home, available and exchange tokens
	DestinationToken                  // the major's destination token
	CoalToken                         // PNW P19's coal mine token: no route may count it
)

// Token is one station token of the operating corporation on the board.
type Token struct {
	At   graph.NodeRef
	Kind TokenKind
}

// Train is one train of the operating corporation able to run a route (a
// Pullman is not a train: name its carrier in Input.Pullman instead).
type Train struct {
	ID       string // "L-4", "7-12"
	Name     string // the name it runs as: "L", "2", "3", ..., "E", "2P", "LP", "5P"
	Distance title.Distance
	// Half says the train's runs pay half their revenue, rounded to $10
	// (title.Train.HalfRevenue).
	Half bool
}

// halfRevenue is half of revenue rounded to the nearest $10, halves up.
func halfRevenue(revenue int) int { return (revenue/2 + 5) / 10 * 10 }

// local reports whether t runs inside one city (L, LP).
func (t *Train) local() bool { return t.Distance.Local }

// express reports whether t is an E-train.
func (t *Train) express() bool { return t.Distance.Express }

// Destination is a major's home and destination cities, for the destination bonus.
type Destination struct {
	Home, Dest graph.NodeRef
}

// Rules are the title switches and bonus hooks of one operating turn. The zero
// value runs trains with no bonus at all.
type Rules struct {
	// DoubleHexes are hexes holding both a city and a town that a route may
	// stop at (PNW H19 and M4): a route through one may stop twice in a hex.
	DoubleHexes []string
	// Timber holds the timber hexes (PNW yellow track laid on a forest hex),
	// each worth TimberBonus to every non-E train crossing it.
	Timber      map[string]bool
	TimberBonus int
	// TimberDouble (PNW P14 Lumber Baron) pays the timber bonus once more on
	// the train earning the most from it.
	TimberDouble bool
	// MillHex (PNW P15 Paper Mill) adds MillBonus to the one train stopping
	// there that gains the most (an E-train: doubled, and only if the
	// corporation has a token in the hex's first city).
	MillHex   string
	MillBonus int
	// SkiHex (PNW P17 Ski Haus) adds SkiBonus to every non-E train crossing it.
	SkiHex   string
	SkiBonus int
	// Portage holds the hexes carrying a portage tile (PNW1, PNW2); every train
	// crossing one pays PortageFee (0 for the owner of P16).
	Portage    map[string]bool
	PortageFee int
	// Destination, when set, pays the destination bonus (majors whose
	// destination token is placed).
	Destination *Destination
	// MailContracts is the number of mail contracts owned (PNW P9, CA P22/P23).
	MailContracts int
	// LocalMail lets L-type trains and one-stop runs carry mail (PNW).
	LocalMail bool
	// SmallMail is the number of CA regional mail contracts (P24, P25) owned,
	// each paying SmallMailAmount for one run.
	SmallMail       int
	SmallMailAmount int

	// PullmanTowns is how many towns per stop of its distance the train
	// carrying the Pullman may add (CA: 2); 0 means any number (PNW).
	PullmanTowns int
	// Grain holds the CA grain elevator and port bonuses (majors only).
	Grain *Grain
	// SawmillHex (CA P13) adds SawmillBonus to the one train stopping there
	// that gains the most: doubled on the run earning the destination bonus
	// when the hex holds the destination token, doubled again on an E-train,
	// which needs a token there. Leave it empty for companies it does not pay.
	SawmillHex   string
	SawmillBonus int

	// Crossing, when set, is a port city and the area beyond it that count
	// as one stop (see title.Crossing: 1822's English Channel and France).
	Crossing *title.Crossing
	// OneTrackOf lists hexes of which the runs together may use the track
	// at one of the listed edges only (1822's Merthyr Tydfil and Pontypool).
	OneTrackOf []title.HexEdges
}

// Grain describes the 1822CA grain trade: a major's train stopping at a grain
// elevator earns $10 per elevator plus $10 for reaching the east ports and
// $10 for the west ports; the train pulling the grain car (G) earns $20 per
// port side instead, and its elevator stops do not count against its
// distance. The train carrying the Pullman and E-trains earn no grain bonus.
type Grain struct {
	Elevators            map[string]bool
	EastPorts, WestPorts map[string]bool
	Carrier              string // id of the train pulling the grain car, "" if none
}

// Input is everything the route rules need to know about one operating turn.
type Input struct {
	Board  graph.Board
	Corp   string  // the operating corporation's id, as Board.Tokens names it
	Tokens []Token // its tokens on the board
	Trains []Train // its trains that may run
	Phase  board.Color
	// Pullman is the id of the train carrying the Pullman car, "" if none.
	Pullman string
	Rules   Rules
}

// Hop is one hex of a route segment. A and B are -1, except for the
// 18xx.games form "H19 0.1" naming a path between nodes A and B of the hex.
type Hop struct {
	Hex  string
	A, B int
}

// Route is a submitted train run: the hexes traversed between consecutive
// stops (each segment in either direction), as 18xx.games records it.
type Route struct {
	Train    string
	Segments [][]Hop
	// Local is the hex of a local run (an L or LP train inside one city); it
	// is set instead of Segments.
	Local string
	// Bare marks a local run recorded with no connections at all: the
	// reference engine sees no stops in it, so it carries no mail.
	Bare bool
	// Nodes are the stops as recorded, in any order; they only break ties
	// between equally valid tracings.
	Nodes []graph.NodeRef
}

// Parse reads an 18xx.games route: its connections (segments of hex ids; a
// local run is [["local", "H11"]], or [] with the city as the only stop hex)
// and its recorded stop nodes.
func Parse(a action.Route) (Route, error) {
	r := Route{Train: a.Train}
	if len(a.Nodes) > 0 {
		r.Nodes = make([]graph.NodeRef, 0, len(a.Nodes))
	}
	for _, n := range a.Nodes {
		ref, err := parseNode(n)
		if err != nil {
			return r, fmt.Errorf("train %s: %w", a.Train, err)
		}
		r.Nodes = append(r.Nodes, ref)
	}
	switch {
	case len(a.Connections) == 0:
		if len(a.Hexes) == 1 {
			r.Local, r.Bare = a.Hexes[0], true
		}
		return r, nil
	case len(a.Connections) == 1 && len(a.Connections[0]) == 2 && a.Connections[0][0] == "local":
		r.Local = a.Connections[0][1]
		return r, nil
	}
	n := 0
	for _, seg := range a.Connections {
		n += len(seg)
	}
	all := make([]Hop, n) // every segment's hops, in one allocation
	r.Segments = make([][]Hop, 0, len(a.Connections))
	for _, seg := range a.Connections {
		if len(seg) == 0 {
			return r, fmt.Errorf("train %s: empty route segment", a.Train)
		}
		hops := all[:len(seg):len(seg)]
		all = all[len(seg):]
		for i, s := range seg {
			h, err := parseHop(s)
			if err != nil {
				return r, fmt.Errorf("train %s: %w", a.Train, err)
			}
			hops[i] = h
		}
		r.Segments = append(r.Segments, hops)
	}
	return r, nil
}

// ParseAll parses every route of a run_routes action.
func ParseAll(as []action.Route) ([]Route, error) {
	out := make([]Route, len(as))
	for i, a := range as {
		r, err := Parse(a)
		if err != nil {
			return nil, err
		}
		out[i] = r
	}
	return out, nil
}

// parseHop reads "H11" or the intra-tile form "H19 0.1".
func parseHop(s string) (Hop, error) {
	hex, rest, found := strings.Cut(s, " ")
	if !found {
		return Hop{Hex: s, A: -1, B: -1}, nil
	}
	as, bs, ok := strings.Cut(rest, ".")
	a, errA := strconv.Atoi(as)
	b, errB := strconv.Atoi(bs)
	if !ok || errA != nil || errB != nil || a < 0 || b < 0 {
		return Hop{}, fmt.Errorf("bad route hex %q", s)
	}
	return Hop{Hex: hex, A: a, B: b}, nil
}

// parseNode reads a node signature "H11-0".
func parseNode(s string) (graph.NodeRef, error) {
	i := strings.LastIndexByte(s, '-')
	if i <= 0 {
		return graph.NodeRef{}, fmt.Errorf("bad stop %q", s)
	}
	n, err := strconv.Atoi(s[i+1:])
	if err != nil || n < 0 {
		return graph.NodeRef{}, fmt.Errorf("bad stop %q", s)
	}
	return graph.NodeRef{Hex: s[:i], Node: n}, nil
}

// Step is one tile path of a run: path Path of the tile on Hex, walked from
// its end A to its end B, or from B to A when Rev is set.
type Step struct {
	Hex  string
	Path int
	Rev  bool
}

// Run is a route traced onto the board: its stops in order and, for each pair
// of consecutive stops, the paths joining them. A local run has one stop and
// no legs.
type Run struct {
	Train string
	Stops []graph.NodeRef
	Legs  [][]Step // Legs[i] joins Stops[i] to Stops[i+1]
	Bare  bool     // see Route.Bare
}

// Error is a route that breaks the rules.
type Error struct {
	Route int    // index of the route in the submitted list
	Train string // its train
	Msg   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("route %d (train %s): %s", e.Route+1, e.Train, e.Msg)
}

func routeErr(i int, train, format string, args ...any) error {
	return &Error{Route: i, Train: train, Msg: fmt.Sprintf(format, args...)}
}

// Revenue traces and checks the routes and returns their total revenue and
// each route's share, bonuses included.
func Revenue(in *Input, routes []Route) (total int, perRoute []int, err error) {
	v := getView(in) // the runs are dropped here: their memory is reused
	defer putView(v)
	runs, err := v.traceAll(routes)
	if err != nil {
		return 0, nil, err
	}
	return v.evaluate(runs)
}

// Subsidy traces the routes and returns the mail-contract subsidy they earn.
// The routes are not otherwise checked.
func Subsidy(in *Input, routes []Route) (int, error) {
	runs, err := Trace(in, routes)
	if err != nil {
		return 0, err
	}
	return MailSubsidy(in, runs), nil
}
