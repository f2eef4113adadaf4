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
	// WithMinor is a minor card that floats for the buyer with this card
	// (1822MX C1 with M18: par $50, $100 from the bank); MinBid, when set,
	// is the card's minimum bid in place of its value.
	WithMinor string
	MinBid    int
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
	// Hexes and Tiles restrict where and what the ability may lay, assign or
	// token (P12 port spikes, P15 mill hexes, CA P14 Toronto tiles, ...).
	Hexes []string
	Tiles []string
	// IncomeEndsWhenAcquired: the private pays no more income once a
	// company owns it (CA privates whose ability goes to the company).
	IncomeEndsWhenAcquired bool
	// DiscountTerrain and DiscountAmount: while a company owns this
	// private, its lays on hexes of that terrain alone cost that much less
	// (1822 P8 $20 off mountains, P10 $10 off rivers).
	DiscountTerrain board.Terrain
	DiscountAmount  int
	// PhaseRevenue is a phase_revenue private's income per phase number,
	// which also goes into its pot (CA P8, P9).
	PhaseRevenue int
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
	// Shares are the certificate sizes in percent, president's first: minors
	// [100], majors [20 10 10 10 10 10 10 10 10], CA CPR ten 10s.
	Shares []int
	// FloatPercent is the share of the corporation that must be sold to float
	// at the start (majors: PNW 50, CA 20, CA CPR 10; minors 100).
	FloatPercent int
	// DestExits, when set, narrow the destination to the city on Dest's tile
	// that reaches these tile edges (CA GNWR north, GT south, ICR any, NTR SE).
	DestExits []int
	// DestWithHome: the destination token is placed together with the home
	// token (CA CPR).
	DestWithHome bool
	// HomeChoose: the owner picks which city of Home gets the home token when
	// placing it (CA minor 13 in Toronto); HomeCity is then only a default.
	HomeChoose bool
	// HomeSlotStays: the slot its chosen home token brings stays with that
	// city through upgrades, even once the token is gone (1822 M14 in
	// London, as 18xx.games keeps it by the city's exit).
	HomeSlotStays bool
	// HomeBlocksNone: its home reservation on the whole hex keeps no slot
	// from others, its home token bringing a slot of its own (1822 M14 in
	// London, where 18xx.games checks no reservation for a token).
	HomeBlocksNone bool
	// FreeTokenHexes: once, a token of the company's goes in one of these
	// hexes for nothing (1822 SECR in the English Channel); while it may,
	// its token step waits for a pass.
	FreeTokenHexes []string
	// HomeFloats: until the home token is placed, the home reservation
	// follows the tiles: after each tile or token in the home hex it moves to
	// the one city with a free unreserved slot, or covers the whole hex when
	// there is none or several (CA QMOO in Québec, WRS GNWR in Thunder Bay).
	HomeFloats bool
}

// Distance is how far a train runs. A plain n-train is {Cities: n}: it counts
// n stops of any kind (cities, off-boards and towns). An L is {1, 1, Local}:
// one tokened city plus at most one town. A Pullman is {Towns: -1}: the train
// it is attached to also counts any number of towns. An E is {Express}.
type Distance struct {
	Cities  int  // stops counted (towns included unless Towns is set); 0 = unlimited
	Towns   int  // towns counted on top of Cities; -1 = any number
	Local   bool // L-type: one city plus at most one town
	Express bool // E-type: any distance, only tokened cities count (doubled)
}

// TrainKind says how a train counts against limits and ownership.
type TrainKind uint8

// Train kinds.
const (
	Regular   TrainKind = iota // depot trains and the private 5P: normal rules
	Permanent                  // 2P, LP: never rusts, outside the train limit, cannot be sold
	Pullman                    // PNW P+, CA P: attached to another train, not a train itself
	Grain                      // CA G: attached to another train, counts grain elevators
)

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
	// ReservedFor names the private owning each copy, by copy index: LP with
	// ["P3", "P4"] means LP-0 belongs to P3 and LP-1 to P4.
	ReservedFor []string
	Kind        TrainKind
	// HalfRevenue: the train's runs pay half, rounded to $10 (1822MX 3/2P).
	HalfRevenue bool
	// Events fired by the first purchase of this type ("close_concessions",
	// "full_capitalisation", "phase_revenue", "open_detroit_duluth").
	Events []string
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
	YellowZone          // CA: shares priced here do not count against the certificate limit
)

// Cell is one stock market cell: its price, its kind and where it stands
// (a one-row market has every cell on row 0, column = position).
type Cell struct {
	Price    int
	Kind     CellKind
	Row, Col int
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
	Companies  []Company // in definition order (the order the setup shuffle uses)
	// LeftOut are the base title's companies a scenario leaves out: their
	// special tiles stay theirs (1822PNW Short has no P18 to lay the boom town).
	LeftOut []Company
	Corps   []Corporation // in definition order
	// Aliases are the rulebook's abbreviations of ids where 18xx.games
	// spells them otherwise ("SWWR" for SWW), by abbreviation; players may
	// type either.
	Aliases map[string]string
	Map     *board.Map
	// Options the title accepts (e.g. "starting_packet", "remove_two_ls").
	Options []string
	// OptionWords are the words players type for options whose name's last
	// part says too little ("plus" for 1822's "plus_expansion"), by option.
	OptionWords map[string]string
	// Unplayed are options an imported log may carry but a new game may
	// not set: this engine does not play them yet.
	Unplayed []string
	// StartSets lists, by player count, the company ids in play when that is
	// not all of Companies (CA ERS/WRS with 2 players). See StartingCompanies.
	StartSets map[int][]string
	// OptionStartSets lists, by option, the company ids in play when that
	// option is set; the first set option of Options wins over StartSets
	// (1822MRS starter and advanced).
	OptionStartSets map[string][]string
	// OptionCorps lists, by option, corporations in play only with that
	// option (the 1822+ expansion's minors 25-30).
	OptionCorps map[string][]string
	// Deck says how the shuffled company deck is arranged at setup.
	Deck DeckSetup
	// OptionCertLimit replaces CertLimit when its option is set.
	OptionCertLimit map[string]map[int]int
	// Approaches are the hexes whose first track some companies' holders
	// decide, by hex id (see Approach).
	Approaches map[string]Approach
	// Government is the title's government railway, if any.
	Government GovernmentRules
	// LUpgradeCost is the price of an L→2 upgrade in phase 1 and
	// LUpgradeCostPhase2 from phase 2 on.
	LUpgradeCost       int
	LUpgradeCostPhase2 int
	// EndOnEmptyFirstSR ends the game when the first stock round sees no bid.
	EndOnEmptyFirstSR bool
	// EmptyFirstSRRule is the rulebook's number for that rule ("7.1.2"), for
	// the warning before a pass that would end the game so.
	EmptyFirstSRRule string
	// BankBreakExtraOR adds one operating round to the set in which the bank
	// breaks (base 1822CA).
	BankBreakExtraOR bool
	// EndLockFirstTrigger keeps the first end trigger even if a later one
	// would end the game sooner (CA family); PNW lets the sooner one win.
	EndLockFirstTrigger bool
	// StartingPackets are, by seat, the minors and privates dealt by the
	// PNW starting_packet option.
	// MultipleTokensPerHex lets a company token several cities of one hex (CA).
	MultipleTokensPerHex bool
	// TaxHavenOneShare: the tax haven holds one share at most, unless the
	// "tax_haven_multiple" option is set (1822; 1822CA's holds several).
	TaxHavenOneShare bool
	StartingPackets  [][]string
	// Routes are the title's route facts and bonuses.
	Routes Routes
	// EstuaryDiscount is what the estuary private's lay takes off its
	// water border crossing (1822 P10: $40).
	EstuaryDiscount int
	// LayOncePerHex forbids a second lay on one hex in a company's turn
	// (CA 5.7.38: no tile placed and upgraded, or upgraded twice).
	LayOncePerHex bool
	// TrackRules and StepRules are the title's switches for the track step
	// and the other steps (rules_track.go).
	TrackRules
	StepRules
	// SpecialTiles are the title's tiles with rules of their own.
	SpecialTiles TileRules
	// Hexes are the title's hexes with rules of their own.
	Hexes HexRules
	// TokenCities are the hexes whose revenue is upgraded along a tile
	// sequence of their own (PNW Seattle and Portland).
	TokenCities []TokenCity
	// TileRotations fixes the rotations a tile may be laid at, by tile name,
	// where its printed city fixes its orientation (CA big cities).
	TileRotations map[string][]int
	// NoUpgrade names, by tile name, the one upgrade a tile never takes (CA
	// big cities whose cities the upgrade would not keep).
	NoUpgrade map[string]string
	// Majors are the title's rules for starting majors and for their
	// associated minors; Acquisition its rules for majors acquiring minors;
	// Stock its share price rules. See family_rules.go.
	Majors      MajorRules
	Acquisition AcquisitionRules
	Stock       StockRules
}

// DeckSetup describes how the company deck is ordered after the shuffle.
type DeckSetup struct {
	FrontMinor string // minor moved to the front of the minors ("M6"); "" for none
	// FrontMinorBy replaces FrontMinor when its option is set (1822MRS
	// advanced opens with M14).
	FrontMinorBy    map[string]string
	FrontConcession string   // concession moved to the front ("C2"); "" without concessions
	BackMinor       string   // minor moved to the back of the minors (1822MX M18); "" for none
	FrontPrivates   []string // privates moved to the front, in final order
	// Stacks (PNW family): per stack in deck order, how many associated and
	// how many other minors it takes from the shuffled minors.
	Stacks [][2]int
	// Pairs (PNW Short Scenario): (associated, unassociated) minor pairs, one
	// drawn at random to open and close the minor deck; its associated minor
	// has minimum bid PairMinBid.
	Pairs      [][2]string
	PairMinBid int
	// PrivateStacks, when set, sorts the privates into stacks (1822+).
	PrivateStacks *PrivateStacks
}

// PrivateStacks are the private stacks of an option (1822+): the private
// bid boxes draw each from its own stack, and a few privates of each stack
// leave the game at set-up.
type PrivateStacks struct {
	Option string     // the option that brings the stacks ("plus_expansion")
	Stacks [][]string // the privates of each stack; bid box i draws from stack i
	// OneStack is the option keeping one stack for the bid boxes, as
	// without the stacks (the removals still happen).
	OneStack string
	// Remove is how many privates of each stack leave the game, the first
	// in deck order, never one of Keep; KeepAll is the option removing none.
	Remove  []int
	Keep    []string
	KeepAll string
}

// TokenCity is a hex upgraded along its own sequence of revenue tiles, one
// step a lay, at $20 a step in place of its terrain and water borders.
type TokenCity struct {
	Hex   string
	Tiles []string // the revenue tiles in upgrade order
	// NoPortage: portage track may not run into this hex (Seattle).
	NoPortage bool
}

// Routes are a title's route facts: which hexes count twice, what mail
// contracts and Pullmans add, and the title's bonuses and fees. The engine
// applies each bonus once; a title without one leaves it zero.
type Routes struct {
	DoubleHexes  []string // hexes whose city and town are both stops
	PullmanTowns int      // towns a Pullman adds; 0 for any number
	// LocalMail pays mail contracts on a run's first and last stops;
	// otherwise a small mail contract pays SmallMail.
	LocalMail bool
	SmallMail []PhaseAmount
	// TimberBonus is paid per timber hex crossed, SkiBonus for the ski hex,
	// MarkerOpen and MarkerClosed are what a marker whose owner chooses its
	// mode (CA P13, the sawmill) adds to a run stopping there: to every
	// company's when open, to its owner's alone when closed.
	MarkerOpen, MarkerClosed int
	// MillBonus (by phase) at the mill hex.
	TimberBonus, SkiBonus int
	MillBonus             []PhaseAmount
	// PortageFee is paid per portage tile (PortageTiles) crossed, except by
	// the owner of the company PortageFreeFor.
	PortageFee     int
	PortageTiles   []string
	PortageFreeFor string
	// GrainElevators and the east and west ports are the grain trade's
	// hexes (majors only); nil without grain.
	GrainElevators, EastPorts, WestPorts map[string]bool
	// AttachOptional lets a company leave its Pullman or grain car
	// unattached for a run (1822CA on 18xx.games answers "None"); without it
	// a Pullman with a train to go on is attached (PNW 5.12.11-5.12.13).
	AttachOptional bool
	// Crossing is a pair of stops that count as one (nil for none).
	Crossing *Crossing
	// OneTrackOf lists hexes of which the runs of one turn together may use
	// the track at one of the listed edges only.
	OneTrackOf []HexEdges
}

// Crossing is a sea crossing: a city (Port) and the area beyond it (Far),
// reached only through it. A run stopping at either must stop at both;
// together they count as one stop (Far costs no distance, the board's
// FreeVisit), and a company's station in Port lets an E-train end its run
// at Far, Port then paying Far's value.
type Crossing struct{ Port, Far string }

// HexEdges names map edges of a hex.
type HexEdges struct {
	Hex   string
	Edges []int
}

// PhaseAmount is an amount that applies from phase From (1-based) on.
type PhaseAmount struct{ From, Amount int }

// At is the amount of the last entry that applies in phase n, or 0.
func At(amounts []PhaseAmount, n int) int {
	out := 0
	for _, a := range amounts {
		if n >= a.From {
			out = a.Amount
		}
	}
	return out
}

// HexRules name the hexes where a family rule applies in this title.
type HexRules struct {
	// CityAndTown is the city-and-town hex whose first tile is a plain
	// yellow city whatever its track (PNW H19, CA AG13).
	CityAndTown string
	// PlainTrackPasses take plain track tiles despite their label (CA
	// mountain passes).
	PlainTrackPasses []string
	// CityCountFree hexes may change their number of cities when their
	// yellow tile is upgraded (PNW O14).
	CityCountFree []string
	// Blocked hexes hold a blocker token in their first city from the start
	// until the train event OpenEvent (CA Detroit and Duluth, 1.4.12, 5.4.10), which
	// lays each one's tile Blocker+"-"+hex. Blocker also names the tokens'
	// owner, which is no company in play.
	Blocked   []string
	Blocker   string
	OpenEvent string
	// RiverCrossings are the hexes whose river crossing, by tile edge, a
	// builder cube may pay for (PNW).
	RiverCrossings map[string]int
	// TownDrop is the hex whose first tile drops its printed town: only
	// TownDropTile fits there, at TownDropRotations, whatever its track
	// (1822 Swansea D35: tile 57 at rotation 2 or 5).
	TownDrop          string
	TownDropTile      string
	TownDropRotations []int
	// Stubs: the first tile laid in one of these hexes must have track on
	// each listed edge (1822's approaches to London).
	Stubs map[string][]int
	// Ferry hexes link two networks that both reach one of them (PNW Port
	// Townsend–Bellingham).
	Ferry []string
}

// TileRules name the tiles where a family rule applies in this title.
type TileRules struct {
	Cube     string            // the builder cube, laid like a tile (PNW "BC"); "" for none
	Free     []string          // tiles laid at no cost, cubes or not (PNW3)
	Upgrades map[string]string // upgrades outside the colour order, old to new (PNW4 to PNW5)
	// CubeTerrain, when set, is what builder cubes pay off, terrain by
	// terrain in this order (1822MX: two cubes a mountain's $80, one a
	// hill's $40, one a river's $20); without it each cube is worth $40.
	CubeTerrain []CubeUse
}

// CubeUse is how many builder cubes pay off one terrain, and for how much.
type CubeUse struct {
	Terrain board.Terrain
	Cubes   int
	Value   int
}
