// Package title holds the data of each 1822-family title and scenario: companies,
// corporations, trains, phases, the stock market and the board. Rules live in
// package engine; a title is a table plus a few named switches.
package title

import "pbc/engine/board"

// CompanyKind is the kind of a company card.
type CompanyKind uint8

// Company kinds.
const (
	Private    CompanyKind = iota
	MinorCert              // the certificate of a minor ("M5"): bid for in the minor box
	Regional               // PNW regional railway certificate ("MA")
	Concession             // CA concession ("C2")
)

// Acquirer says which corporation types may acquire a private.
type Acquirer uint8

// Acquirer flags.
const (
	ByMinor Acquirer = 1 << iota
	ByMajor
)

// Company is a card that players bid for: a private, a minor's certificate, a
// regional or a concession.
type Company struct {
	ID      string // "P1", "M5", "MA", "C2"
	Name    string
	Value   int // face value; also the minimum bid for minors and concessions
	Revenue int // income paid at the start of each OR to its owner
	Kind    CompanyKind
	Desc    string // one-line ability text for players
	// Corp is the corporation id a MinorCert, Regional or Concession stands for.
	Corp string
	// AcquirePhase is the first phase (1-based) in which a corporation may acquire
	// this private; AcquireBy says which kinds may.
	AcquirePhase int
	AcquireBy    Acquirer
	// Ability names the rule the engine applies for this private ("train", "mail",
	// "builder_cubes", ...); the engine implements each ability once.
	Ability string
	// Train is the reserved train id a train private turns into ("5P-0").
	Train string
}

// CorpKind is the kind of a corporation.
type CorpKind uint8

// Corporation kinds.
const (
	Minor CorpKind = iota
	Major
	RegionalCorp // PNW A/B/C: owned, never operates
)

// Corporation is a minor, major or regional railway.
type Corporation struct {
	ID        string // "6", "SWW", "A"
	Name      string
	Kind      CorpKind
	Home      string // home hex; "" if none (chosen later)
	HomeCity  int    // city index on the home hex's tile
	HomeExtra []string
	Dest      string   // destination hex (majors)
	Tokens    []int    // token costs, first is the home token
	Color     string   // "#EF1D24"
	TextColor string   // "white"
	Assoc     string   // minors: associated major; majors: associated minor
	Exchange  int      // exchange tokens (majors)
	Labels    []string // extra facts ("Associated minor for CPR")
}

// Distance is how far a train runs: cities and towns it may count.
type Distance struct {
	Cities int  // number of cities (and off-boards) counted; 0 = unlimited
	Towns  int  // towns counted (skipped towns are free in 1822); -1 = any number
	Local  bool // L-type: one city or one town
	Express bool // E-type: any distance, only tokened cities count (doubled)
}

// Variant is an alternative way to buy a train (an L bought as a 2, a 7 as an E).
type Variant struct {
	Name        string
	Distance    Distance
	Price       int
	RustsOn     string
	AvailableOn string // phase name from which this variant may be bought
}

// Train is a train type in the depot.
type Train struct {
	Name     string
	Distance Distance
	Price    int
	Count    int // board.Unlimited for the last train
	RustsOn  string
	Variants []Variant
	// Reserved trains (2P, LP, 5P, P+) belong to privates and are not sold in the depot.
	Reserved bool
}

// Phase is a game phase.
type Phase struct {
	Name            string
	On              []string // train names whose purchase starts this phase
	TrainLimitMinor int
	TrainLimitMajor int
	Tiles           board.Color // highest tile colour allowed
	OperatingRounds int
	Status          []string // switches: "can_par", "full_capitalisation", ...
}

// CellKind marks special stock market cells.
type CellKind uint8

// Market cell kinds.
const (
	Normal     CellKind = iota
	ParMinor            // minors may par here in every phase
	ParAll              // majors and minors may par here (phases 2-7)
	EndGame             // reaching it triggers the game end
)

// Cell is one stock market cell.
type Cell struct {
	Price int
	Kind  CellKind
}

// Title is everything the rules need to know about one title or scenario.
type Title struct {
	Name       string // exactly as 18xx.games spells it: "1822PNW", "1822CA ERS"
	MinPlayers int
	MaxPlayers int
	Bank       int
	StartCash  map[int]int // by player count
	CertLimit  map[int]int
	BidTokens  map[int]int
	Market     []Cell
	Phases     []Phase
	Trains     []Train
	Companies  []Company     // in definition order (the order the setup shuffle uses)
	Corps      []Corporation // in definition order
	Map        *board.Map
	// Options the title accepts (e.g. "starting_packet", "remove_two_ls").
	Options []string
}
