// Package notation is the chat layer's grammar: every word the bot
// understands in one table (notation.go), text to a typed Command (Parse,
// case-insensitive, with aliases, never panicking on any input), the forms
// front ends build commands from (Specs), help text and did-you-mean
// hints. It needs no game: the packages above it read commands against one.
package notation

// Verb is what a command does; its value is the canonical command word.
type Verb string

// Game actions.
const (
	Bid       Verb = "bid"
	Buy       Verb = "buy"
	Sell      Verb = "sell"
	Par       Verb = "par"
	Lay       Verb = "lay"
	Cube      Verb = "cube"
	Token     Verb = "token"
	DestToken Verb = "destination"
	Nominate  Verb = "nominate" // put a government railway's token up for auction
	Run       Verb = "run"
	Payout    Verb = "pay"
	Half      Verb = "half"
	Withhold  Verb = "withhold"
	Train     Verb = "train"
	Upgrade   Verb = "upgrade"
	Acquire   Verb = "acquire"
	Merge     Verb = "merge"
	Choose    Verb = "choose"
	Use       Verb = "use"
	Assign    Verb = "assign"
	Issue     Verb = "issue"
	Redeem    Verb = "redeem"
	Payoff    Verb = "payoff"
	Discard   Verb = "discard"
	Pass      Verb = "pass"
	Undo      Verb = "undo"
	Redo      Verb = "redo"
	Note      Verb = "note"
	AutoPass  Verb = "autopass"
	AutoBuy   Verb = "autobuy"
	AutoOff   Verb = "autooff"
)

// Queries anyone may run.
const (
	Status    Verb = "status"
	MapView   Verb = "map"
	Market    Verb = "market"
	Company   Verb = "company"
	Player    Verb = "player"
	Trains    Verb = "trains"
	Tiles     Verb = "tiles"
	LogView   Verb = "log"
	Moves     Verb = "moves"
	TableView Verb = "table"
	Bids      Verb = "bids"
	Games     Verb = "games"
	Help      Verb = "help"
)

// Game lifecycle.
const (
	New     Verb = "new"
	Join    Verb = "join"
	Leave   Verb = "leave"
	Start   Verb = "start"
	Kick    Verb = "kick"
	Replace Verb = "replace"
	End     Verb = "end"
	Import  Verb = "import"
	Agree   Verb = "agree"
	Refuse  Verb = "refuse"
)

// Command is a parsed chat command. Which fields are set depends on the verb;
// ids are kept as typed (the dispatcher matches them without regard to case).
type Command struct {
	Verb Verb
	// As names the entity to act for ("SWW: pass", "as P7 lay ..."); "" means
	// the one the dispatcher picks.
	As string

	// Target is the main object: a company (bid, acquire, use, company),
	// corporation (buy, sell, par, merge), hex (lay, cube, token, assign),
	// train (train, upgrade, discard), user (player, kick, replace), title (new).
	Target string
	// Items are further ids: share ids (buy, sell), the tile (lay), the
	// replacement user (replace), game options (new).
	Items []string
	// Amount is a price, count or revenue; HasAmount says whether one was given.
	Amount    int
	HasAmount bool
	// Price is a second number: the price of "train L-4 from SWW 150", the
	// share price of "issue 2 at 45".
	Price    int
	HasPrice bool

	Rotation int // lay: 0-5, or -1 when not given
	City     int // token: 1-based city on the hex, 0 when not given
	Slot     int // token: 1-based slot in the city, 0 when not given
	// With lists the private companies whose ability is used (lay, token,
	// assign): "lay 57 D23 r1 with P11 P7".
	With []string
	// Pool selects the market pool (buy) or the discard pile (train).
	Pool bool
	// From names the corporation a train is bought from.
	From string

	Routes []RouteSpec // run
	Auto   bool        // run auto
	Choice string      // choose, use
	Text   string      // note, help topic, import payload
	// Confirm says the move was confirmed ("pass confirm"): one that ends
	// the game or skips a forced action is refused without it.
	Confirm bool
}

// RouteSpec is one train's route as typed: the train and its stops, each
// with the hexes passed on the way to it.
type RouteSpec struct {
	Train string
	Stops []StopSpec
	// Revenue is a stated revenue ("=120"), used for imported games and
	// checked in games played here; HasRevenue says whether one was given.
	Revenue    int
	HasRevenue bool
	// Bare records a one-city run the old 18xx.games way, without
	// connections (it then earns no mail subsidy).
	Bare bool
}

// StopSpec is one stop of a route.
type StopSpec struct {
	Hex string
	// Node is the 1-based stop on the hex (cities and towns in tile order),
	// 0 when not given.
	Node int
	// Via lists the hexes between the previous stop and this one, when given
	// ("H11>G10>F9"); nil lets the dispatcher find the track.
	Via []string
	// Chained says the stop was joined to the previous one by ">", so Via
	// (possibly empty) is exact.
	Chained bool
	// Through lists plain-track hexes typed among the stops, which the track
	// to this stop must pass in that order (set by the dispatcher).
	Through []string
}

// confirmable reports whether "confirm" after a command of verb confirms
// it rather than being one of its words.
func confirmable(v Verb) bool {
	switch v {
	case Note, Help, Join, Import, New, Kick, Replace, Player, Company:
		return false
	}
	return true
}

// MayConfirm reports whether text is a move that may be refused until it
// is confirmed (a pass, the `end` vote that ends the game).
func MayConfirm(text string) bool {
	cmd, err := Parse(text)
	return err == nil && MayConfirmCmd(cmd)
}

// MayConfirmCmd is MayConfirm of a parsed command.
func MayConfirmCmd(cmd *Command) bool {
	return cmd != nil && (cmd.Verb == Pass || cmd.Verb == End) && !cmd.Confirm
}

// WantsOffer reports whether the answer to text, a command that changes
// nothing, shows choices: a partial move (`lay D23`) or `status`/`moves`.
func WantsOffer(text string) bool {
	cmd, err := Parse(text)
	return err == nil && WantsOfferCmd(cmd)
}

// WantsOfferCmd is WantsOffer of a parsed command.
func WantsOfferCmd(cmd *Command) bool {
	return cmd != nil && (Partial(cmd) || cmd.Verb == Status || cmd.Verb == Moves)
}

// Partial reports whether cmd names a move without its last part: `bid M5`
// (no amount), `par SWW` (no price), `lay D23` (no tile).
func Partial(cmd *Command) bool {
	if cmd == nil {
		return false
	}
	switch cmd.Verb {
	case Bid, Par:
		return cmd.Target != "" && !cmd.HasAmount
	case Lay:
		return cmd.Target != "" && len(cmd.Items) == 0
	}
	return false
}

// DrawsPicture reports whether answering cmd draws a picture: the map,
// market and table queries, and `lay HEX`, which answers with the legal
// tiles. Callers that bound drawings in flight hold a slot for these.
func DrawsPicture(cmd *Command) bool {
	switch cmd.Verb {
	case MapView, Market, TableView:
		return true
	case Lay:
		return Partial(cmd)
	}
	return false
}
