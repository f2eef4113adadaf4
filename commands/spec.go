package commands

import (
	"fmt"
	"strings"

	"pbc/engine/title"
)

// The grammar as data, for front ends that build forms (slash commands,
// menus, the playground) instead of reading typed text: every command with
// its arguments in the order they are written, and Format to write a
// command from the values chosen. Parse stays the one reader of the text.

// ArgKind says what an argument holds, so a front end can pick a widget and
// the completions to offer.
type ArgKind string

// The kinds of arguments.
const (
	ArgText    ArgKind = "text"    // free text
	ArgNumber  ArgKind = "number"  // a whole number (a count, a rotation)
	ArgAmount  ArgKind = "amount"  // money: a bid, a price
	ArgHex     ArgKind = "hex"     // a hex of the map, e.g. D23
	ArgTile    ArgKind = "tile"    // a tile number, e.g. 57
	ArgCompany ArgKind = "company" // a company, minor or private, e.g. SWW, M5, P7
	ArgTrain   ArgKind = "train"   // a train, e.g. 3 or L-4
	ArgUser    ArgKind = "user"    // a chat user, written as the platform mentions them
	ArgFile    ArgKind = "file"    // an attached file (not written into the text)
	ArgChoice  ArgKind = "choice"  // one of Choices
)

// Arg is one argument of a command.
type Arg struct {
	// Name is the argument's name in forms: lowercase, no spaces.
	Name string
	Desc string
	Kind ArgKind
	// Required arguments come before optional ones.
	Required bool
	// Prefix is written before the value: "r" makes rotation 1 "r1".
	Prefix string
	// Default is written when the argument is left out ("auto" routes).
	Default string
	// Choices are the only values allowed, for ArgChoice.
	Choices []string
}

// Spec is one command of the grammar.
type Spec struct {
	// Name is the command word as typed.
	Name string
	Desc string
	// Group is the family the command belongs to: "play" (moves), "more"
	// (rarer moves), "view" (queries), "game" (seats and the game's life),
	// "settings" (the channel's settings).
	Group string
	// Common marks the commands a front end with little room shows first.
	Common bool
	// Bare commands are not written with their own word: the value of their
	// one argument is the command ("dividend" with "half" is "half").
	Bare bool
	Args []Arg
}

// The groups of commands, in the order front ends show them.
const (
	GroupPlay     = "play"
	GroupMore     = "more"
	GroupView     = "view"
	GroupGame     = "game"
	GroupSettings = "settings"
)

func reqArg(name, desc string, kind ArgKind) Arg {
	return Arg{Name: name, Desc: desc, Kind: kind, Required: true}
}

func optArg(name, desc string, kind ArgKind) Arg {
	return Arg{Name: name, Desc: desc, Kind: kind}
}

// specs is the command set. Descriptions are short: front ends with a size
// budget (Discord counts every character of a command) show them whole.
var specs = []Spec{
	// Moves.
	{Name: "pass", Desc: "Pass", Group: GroupPlay, Common: true},
	{Name: "bid", Desc: "Bid on a minor or private", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("company", "minor or private", ArgCompany), reqArg("amount", "your bid", ArgAmount)}},
	{Name: "buy", Desc: "Buy a share", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("company", "company", ArgCompany),
		{Name: "from", Desc: "where from", Kind: ArgChoice, Choices: []string{"ipo", "pool"}}}},
	{Name: "sell", Desc: "Sell shares", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("company", "company", ArgCompany), optArg("count", "how many shares", ArgNumber)}},
	{Name: "par", Desc: "Start a company at a par price", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("company", "company", ArgCompany), reqArg("price", "par price", ArgAmount)}},
	{Name: "lay", Desc: "Lay or upgrade a tile", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("tile", "tile number", ArgTile), reqArg("hex", "hex", ArgHex),
		{Name: "rotation", Desc: "0-5; leave out when one fits", Kind: ArgNumber, Prefix: "r"}}},
	{Name: "token", Desc: "Place a station token", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("hex", "hex", ArgHex)}},
	{Name: "run", Desc: "Run trains", Group: GroupPlay, Common: true, Args: []Arg{
		{Name: "routes", Desc: "the stops of each route; blank for the best", Kind: ArgText, Default: "auto"}}},
	{Name: "dividend", Desc: "Pay, half or withhold", Group: GroupPlay, Common: true, Bare: true, Args: []Arg{
		{Name: "choice", Desc: "what to do with the revenue", Kind: ArgChoice, Required: true,
			Choices: []string{"pay", "half", "withhold"}}}},
	{Name: "train", Desc: "Buy a train", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("train", "train", ArgTrain),
		{Name: "from", Desc: "seller (default: the depot)", Kind: ArgCompany, Prefix: "from "},
		optArg("price", "price from a company", ArgAmount)}},
	{Name: "undo", Desc: "Undo your last action", Group: GroupPlay, Common: true},
	{Name: "choose", Desc: "Answer the game's question", Group: GroupPlay, Common: true, Args: []Arg{
		reqArg("answer", "e.g. 4, money, double", ArgText)}},

	// Rarer moves.
	{Name: "redo", Desc: "Redo what undo took back", Group: GroupMore},
	{Name: "cube", Desc: "Place a builder cube", Group: GroupMore, Args: []Arg{reqArg("hex", "hex", ArgHex)}},
	{Name: "destination", Desc: "Place a destination token", Group: GroupMore, Args: []Arg{reqArg("hex", "hex", ArgHex)}},
	{Name: "assign", Desc: "Place a private's marker", Group: GroupMore, Args: []Arg{reqArg("hex", "hex", ArgHex)}},
	{Name: "upgrade", Desc: "Turn an L into a 2", Group: GroupMore, Args: []Arg{reqArg("train", "train", ArgTrain)}},
	{Name: "discard", Desc: "Discard a train", Group: GroupMore, Args: []Arg{reqArg("train", "train", ArgTrain)}},
	{Name: "acquire", Desc: "Buy a player's private", Group: GroupMore, Args: []Arg{reqArg("company", "private", ArgCompany)}},
	{Name: "merge", Desc: "Acquire a minor", Group: GroupMore, Args: []Arg{reqArg("company", "minor", ArgCompany)}},
	{Name: "use", Desc: "Use a private's ability", Group: GroupMore, Args: []Arg{
		reqArg("company", "private", ArgCompany), reqArg("how", "e.g. M5 top, exchange", ArgText)}},
	{Name: "issue", Desc: "Issue shares", Group: GroupMore, Args: []Arg{optArg("count", "how many", ArgNumber)}},
	{Name: "redeem", Desc: "Redeem shares", Group: GroupMore, Args: []Arg{optArg("count", "how many", ArgNumber)}},
	{Name: "payoff", Desc: "Repay a loan", Group: GroupMore, Args: []Arg{optArg("amount", "blank for all", ArgAmount)}},
	{Name: "autopass", Desc: "Pass for me in stock rounds", Group: GroupMore},
	{Name: "autobuy", Desc: "Buy shares for me", Group: GroupMore, Args: []Arg{
		reqArg("company", "company", ArgCompany), reqArg("until", "shares to hold, or float", ArgText)}},
	{Name: "autooff", Desc: "Stop automatic play", Group: GroupMore},
	{Name: "note", Desc: "Add a note to the log", Group: GroupMore, Args: []Arg{reqArg("text", "the note", ArgText)}},

	// Queries.
	{Name: "status", Desc: "Who acts and what they may do", Group: GroupView, Common: true},
	{Name: "moves", Desc: "The legal moves now", Group: GroupView, Common: true},
	{Name: "map", Desc: "Show the map", Group: GroupView, Common: true},
	{Name: "market", Desc: "Show the stock market", Group: GroupView, Common: true},
	{Name: "company", Desc: "Show a company", Group: GroupView, Args: []Arg{reqArg("company", "company", ArgCompany)}},
	{Name: "player", Desc: "Show a player", Group: GroupView, Args: []Arg{reqArg("user", "player", ArgUser)}},
	{Name: "trains", Desc: "The trains left", Group: GroupView},
	{Name: "tiles", Desc: "The tiles left", Group: GroupView},
	{Name: "log", Desc: "The last actions", Group: GroupView, Args: []Arg{optArg("count", "how many", ArgNumber)}},
	{Name: "games", Desc: "Your games", Group: GroupView},
	{Name: "catchup", Desc: "What happened since your move", Group: GroupView},
	{Name: "help", Desc: "How to play by chat", Group: GroupView, Common: true, Args: []Arg{
		optArg("topic", "a command or topic", ArgText)}},

	// The game's life (new is common: everyone starts there; the set-up offers Join and Start buttons).
	{Name: "new", Common: true, Desc: "Set up a game here", Group: GroupGame, Args: []Arg{
		{Name: "title", Desc: "game", Kind: ArgChoice, Required: true}, // Choices: the title registry, see Specs
		optArg("options", "e.g. packet", ArgText)}},
	{Name: "join", Desc: "Take a seat", Group: GroupGame, Args: []Arg{optArg("seat", "a free seat's name", ArgText)}},
	{Name: "leave", Desc: "Give up your seat", Group: GroupGame},
	{Name: "start", Desc: "Start the game", Group: GroupGame},
	{Name: "agree", Desc: "Agree to an undo or end", Group: GroupGame},
	{Name: "refuse", Desc: "Refuse an undo request", Group: GroupGame},
	{Name: "kick", Desc: "Free a player's seat", Group: GroupGame, Args: []Arg{reqArg("user", "player", ArgUser)}},
	{Name: "replace", Desc: "Give a seat to someone else", Group: GroupGame, Args: []Arg{
		reqArg("old", "the player", ArgUser), reqArg("new", "who takes over", ArgUser)}},
	{Name: "end", Desc: "Vote to end the game", Group: GroupGame},
	{Name: "import", Desc: "Continue an 18xx.games game", Group: GroupGame, Args: []Arg{
		reqArg("file", "its JSON file", ArgFile)}},
	{Name: "export", Desc: "The log as an 18xx.games file", Group: GroupGame},

	// Settings.
	{Name: "remind", Desc: "Turn reminders", Group: GroupSettings, Args: []Arg{
		optArg("setting", "e.g. every 12h, off", ArgText)}},
	{Name: "quiet", Desc: "Hours without reminders", Group: GroupSettings, Args: []Arg{
		optArg("hours", "e.g. 22:00-07:00, off", ArgText)}},
}

// Specs returns the command set, in the order front ends list it. The
// result is a copy: callers may change it.
func Specs() []Spec {
	out := make([]Spec, len(specs))
	for i, s := range specs {
		s.Args = append([]Arg(nil), s.Args...)
		for j := range s.Args {
			if s.Name == "new" && s.Args[j].Name == "title" {
				s.Args[j].Choices = title.Names()
			}
			s.Args[j].Choices = append([]string(nil), s.Args[j].Choices...)
		}
		out[i] = s
	}
	return out
}

// SpecOf returns the command named name (its command word).
func SpecOf(name string) (Spec, bool) {
	for _, s := range Specs() {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// Format writes the command named name from the values chosen for its
// arguments, by argument name, as a player would type it: "lay" with tile
// 57, hex D23 and rotation 1 is "lay 57 D23 r1". File arguments are not
// written. It refuses a missing required argument, a value not among an
// argument's choices and a value spanning lines.
func Format(name string, values map[string]string) (string, error) {
	s, ok := SpecOf(name)
	if !ok {
		return "", fmt.Errorf("no command %q", name)
	}
	var words []string
	if !s.Bare {
		words = append(words, s.Name)
	}
	for _, a := range s.Args {
		v := strings.TrimSpace(values[a.Name])
		if strings.ContainsAny(v, "\r\n") {
			return "", fmt.Errorf("%s %s: one line only", s.Name, a.Name)
		}
		if a.Kind == ArgFile {
			continue
		}
		switch {
		case v == "" && a.Required:
			return "", fmt.Errorf("%s needs %s", s.Name, a.Name)
		case v == "":
			if a.Default != "" {
				words = append(words, a.Default)
			}
			continue
		case len(a.Choices) > 0 && !inChoices(a.Choices, v):
			return "", fmt.Errorf("%s %s: %q is not one of %s", s.Name, a.Name, clip(v), strings.Join(a.Choices, ", "))
		}
		words = append(words, a.Prefix+v)
	}
	if len(words) == 0 {
		return "", fmt.Errorf("%s: nothing to write", s.Name)
	}
	return strings.Join(words, " "), nil
}

// inChoices reports whether list holds s, whatever the case.
func inChoices(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
