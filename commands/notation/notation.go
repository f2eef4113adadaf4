package notation

import (
	"slices"
	"strings"
)

// The notation: every word the bot understands, in one table. A word is a
// verb with the other words that say it, the help topic it belongs to, who
// answers it, and its form for front ends that build commands instead of
// reading them (slash commands, menus, the playground). Parse, help, the
// did-you-mean hints, the Discord, Slack and console adapters and the core
// all read the words from here; none of them spells a command word.

// Words the bot itself answers, outside a game's table.
const (
	Catchup       Verb = "catchup" // what happened since your move (the core)
	Remind        Verb = "remind"  // the channel's reminders (the core)
	QuietHours    Verb = "quiet"   // the channel's quiet hours (the core)
	Notifications Verb = "notify"  // your own notifications (the core)
	Away          Verb = "away"    // no pings for a while (the core)
	Back          Verb = "back"    // pings again (the core)
	Export        Verb = "export"  // the log as an 18xx.games file (the session)
)

// Runner says who answers a word.
type Runner uint8

// The runners.
const (
	RunTable   Runner = iota // the game's table: moves, queries, seats and votes
	RunCore                  // the bot's core: catch-up, reminders, notifications
	RunSession               // the session, before the table: export
)

// Word is one entry of the notation.
type Word struct {
	Verb Verb
	// Aliases are the other words that say it ("b" for bid).
	Aliases []string
	// Topic is the `help` topic that explains it, "" for none.
	Topic string
	// Query marks the words anyone may run, which change nothing.
	Query  bool
	Runner Runner
	// Narrow lists, in order, the arguments a menu asks for one at a time
	// ("lay": the hex, then the tile).
	Narrow []ArgKind
	// Form is the word's form for front ends; nil when it has none of its
	// own (half and withhold are values of the "dividend" form).
	Form *Spec
}

// form is a Spec for the notation table.
func form(group, desc string, args ...Arg) *Spec {
	return &Spec{Desc: desc, Group: group, Args: args}
}

// common marks a form as one a front end with little room shows first.
func common(s *Spec) *Spec {
	s.Common = true
	return s
}

// notation is the table of words, in the order front ends list them.
// Descriptions are short: front ends with a size budget (Discord counts
// every character of a command) show them whole.
var notation = []Word{
	// Moves.
	{Verb: Pass, Aliases: []string{"p", "done", "skip"}, Form: common(form(GroupPlay, "Pass"))},
	{Verb: Bid, Aliases: []string{"b"}, Topic: "stock", Narrow: []ArgKind{ArgCompany},
		Form: common(form(GroupPlay, "Bid on a minor or private",
			reqArg("company", "minor or private", ArgCompany), reqArg("amount", "your bid", ArgAmount)))},
	{Verb: Buy, Topic: "stock", Narrow: []ArgKind{ArgCompany}, Form: common(form(GroupPlay, "Buy a share",
		reqArg("company", "company", ArgCompany),
		Arg{Name: "from", Desc: "where from", Kind: ArgChoice, Choices: []string{"ipo", "pool"}}))},
	{Verb: Sell, Topic: "stock", Narrow: []ArgKind{ArgCompany}, Form: common(form(GroupPlay, "Sell shares",
		reqArg("company", "company", ArgCompany), optArg("count", "how many shares", ArgNumber)))},
	{Verb: Par, Aliases: []string{"ipo"}, Topic: "stock", Narrow: []ArgKind{ArgCompany},
		Form: common(form(GroupPlay, "Start a company at a par price",
			reqArg("company", "company", ArgCompany), reqArg("price", "par price", ArgAmount)))},
	{Verb: Lay, Aliases: []string{"tile", "build", "upgradetile"}, Topic: "track", Narrow: []ArgKind{ArgHex, ArgTile},
		Form: common(form(GroupPlay, "Lay or upgrade a tile",
			reqArg("tile", "tile number", ArgTile), reqArg("hex", "hex", ArgHex),
			Arg{Name: "rotation", Desc: "0-5; leave out when one fits", Kind: ArgNumber, Prefix: "r"}))},
	{Verb: Token, Aliases: []string{"tok", "station"}, Topic: "token", Narrow: []ArgKind{ArgHex},
		Form: common(form(GroupPlay, "Place a station token", reqArg("hex", "hex", ArgHex)))},
	{Verb: Run, Aliases: []string{"routes", "route"}, Topic: "run", Form: common(form(GroupPlay, "Run trains",
		Arg{Name: "routes", Desc: "the stops of each route; blank for the best", Kind: ArgText, Default: "auto"}))},
	{Verb: Payout, Aliases: []string{"payout", "full"}, Form: &Spec{Name: "dividend", Desc: "Pay, half or withhold",
		Group: GroupPlay, Common: true, Bare: true, Args: []Arg{
			{Name: "choice", Desc: "what to do with the revenue", Kind: ArgChoice, Required: true,
				Choices: []string{string(Payout), string(Half), string(Withhold)}}}}},
	{Verb: Half},
	{Verb: Withhold, Aliases: []string{"keep", "hold"}},
	{Verb: Train, Aliases: []string{"buytrain", "bt"}, Topic: "train", Form: common(form(GroupPlay, "Buy a train",
		reqArg("train", "train", ArgTrain),
		Arg{Name: "from", Desc: "seller (default: the depot)", Kind: ArgCompany, Prefix: "from "},
		optArg("price", "price from a company", ArgAmount)))},
	{Verb: Undo, Topic: "undo", Form: common(form(GroupPlay, "Undo your last action"))},
	{Verb: Choose, Aliases: []string{"choice", "pick"}, Topic: "choose", Form: common(form(GroupPlay, "Answer the game's question",
		reqArg("answer", "e.g. 4, money, double", ArgText)))},

	// Rarer moves.
	{Verb: Redo, Topic: "undo", Form: form(GroupMore, "Redo what undo took back")},
	{Verb: Cube, Aliases: []string{"bc", "cubes"}, Topic: "track", Form: form(GroupMore, "Place a builder cube", reqArg("hex", "hex", ArgHex))},
	{Verb: DestToken, Aliases: []string{"dest"}, Form: form(GroupMore, "Place a destination token", reqArg("hex", "hex", ArgHex))},
	{Verb: Nominate, Aliases: []string{"lot"}, Form: form(GroupMore, "Put a government railway token up for auction",
		reqArg("hex", "hex", ArgHex))},
	{Verb: Assign, Topic: "private", Form: form(GroupMore, "Place a private's marker", reqArg("hex", "hex", ArgHex))},
	{Verb: Upgrade, Topic: "train", Form: form(GroupMore, "Turn an L into a 2", reqArg("train", "train", ArgTrain))},
	{Verb: Discard, Aliases: []string{"drop"}, Form: form(GroupMore, "Discard a train", reqArg("train", "train", ArgTrain))},
	{Verb: Acquire, Aliases: []string{"acq", "take"}, Topic: "private", Form: form(GroupMore, "Buy a player's private",
		reqArg("company", "private", ArgCompany))},
	{Verb: Merge, Topic: "private", Form: form(GroupMore, "Acquire a minor", reqArg("company", "minor", ArgCompany))},
	{Verb: Use, Aliases: []string{"ability"}, Topic: "private", Form: form(GroupMore, "Use a private's ability",
		reqArg("company", "private", ArgCompany), reqArg("how", "e.g. M5 top, exchange", ArgText))},
	{Verb: Issue, Form: form(GroupMore, "Issue shares", optArg("count", "how many", ArgNumber))},
	{Verb: Redeem, Form: form(GroupMore, "Redeem shares", optArg("count", "how many", ArgNumber))},
	{Verb: Payoff, Aliases: []string{"repay"}, Form: form(GroupMore, "Repay a loan", optArg("amount", "blank for all", ArgAmount))},
	{Verb: AutoPass, Form: form(GroupMore, "Pass for me in stock rounds")},
	{Verb: AutoBuy, Form: form(GroupMore, "Buy shares for me",
		reqArg("company", "company", ArgCompany), reqArg("until", "shares to hold, or float", ArgText))},
	{Verb: AutoOff, Form: form(GroupMore, "Stop automatic play")},
	{Verb: Note, Form: form(GroupMore, "Add a note to the log", reqArg("text", "the note", ArgText))},

	// Queries.
	{Verb: Status, Aliases: []string{"st", "where"}, Query: true, Form: common(form(GroupView, "Who acts and what they may do"))},
	{Verb: Moves, Aliases: []string{"options", "what"}, Query: true, Form: common(form(GroupView, "The legal moves now"))},
	{Verb: MapView, Aliases: []string{"board"}, Query: true, Form: common(form(GroupView, "Show the map"))},
	{Verb: Market, Aliases: []string{"stock", "prices"}, Query: true, Form: common(form(GroupView, "Show the stock market"))},
	{Verb: Company, Aliases: []string{"corp", "info", "private", "minor"}, Query: true,
		Form: form(GroupView, "Show a company", reqArg("company", "company", ArgCompany))},
	{Verb: Player, Aliases: []string{"whois"}, Query: true, Form: form(GroupView, "Show a player", reqArg("user", "player", ArgUser))},
	{Verb: Trains, Aliases: []string{"depot"}, Topic: "train", Query: true, Form: form(GroupView, "The trains left")},
	{Verb: Tiles, Topic: "track", Query: true, Form: form(GroupView, "The tiles left")},
	{Verb: LogView, Aliases: []string{"history"}, Query: true, Form: form(GroupView, "The last actions", optArg("count", "how many", ArgNumber))},
	{Verb: Games, Aliases: []string{"mygames"}, Query: true, Form: form(GroupView, "Your games")},
	{Verb: Catchup, Aliases: []string{"catch-up"}, Runner: RunCore, Form: form(GroupView, "What happened since your move")},
	{Verb: Help, Aliases: []string{"?", "commands"}, Query: true, Form: common(form(GroupView, "How to play by chat",
		optArg("topic", "a command or topic", ArgText)))},
	{Verb: TableView, Aliases: []string{"players"}, Query: true},
	{Verb: Bids, Aliases: []string{"auction"}, Query: true},

	// The game's life (new is common: everyone starts there; the set-up offers Join and Start buttons).
	{Verb: New, Aliases: []string{"create"}, Topic: "game", Form: common(form(GroupGame, "Set up a game here",
		Arg{Name: "title", Desc: "game", Kind: ArgChoice, Required: true}, // Choices: the title registry, see Specs
		optArg("options", "e.g. packet", ArgText)))},
	{Verb: Join, Aliases: []string{"sit"}, Topic: "game", Form: form(GroupGame, "Take a seat", optArg("seat", "a free seat's name", ArgText))},
	{Verb: Leave, Topic: "game", Form: form(GroupGame, "Give up your seat")},
	{Verb: House, Topic: "game", Runner: RunSession, Form: form(GroupGame, "Give a seat to the house player")},
	{Verb: Start, Aliases: []string{"begin"}, Topic: "game", Form: form(GroupGame, "Start the game")},
	{Verb: Agree, Aliases: []string{"yes", "ok", "accept"}, Topic: "undo", Form: form(GroupGame, "Agree to an undo or end")},
	{Verb: Refuse, Aliases: []string{"no", "deny"}, Topic: "undo", Form: form(GroupGame, "Refuse an undo request")},
	{Verb: Kick, Topic: "game", Form: form(GroupGame, "Free a player's seat", reqArg("user", "player", ArgUser))},
	{Verb: Replace, Topic: "game", Form: form(GroupGame, "Give a seat to someone else",
		reqArg("old", "the player", ArgUser), reqArg("new", "who takes over", ArgUser))},
	{Verb: End, Topic: "game", Form: form(GroupGame, "Vote to end the game")},
	{Verb: Import, Topic: "game", Form: form(GroupGame, "Continue an 18xx.games game", reqArg("file", "its JSON file", ArgFile))},
	{Verb: Export, Runner: RunSession, Form: form(GroupGame, "The log as an 18xx.games file")},

	// Settings.
	{Verb: Remind, Aliases: []string{"reminders"}, Topic: "notify", Runner: RunCore, Form: form(GroupSettings, "Turn reminders",
		optArg("setting", "e.g. every 12h, off", ArgText))},
	{Verb: QuietHours, Topic: "notify", Runner: RunCore, Form: form(GroupSettings, "Hours without reminders",
		optArg("hours", "e.g. 22:00-07:00, off", ArgText))},
	{Verb: Notifications, Aliases: []string{"notifications"}, Topic: "notify", Runner: RunCore, Form: form(GroupSettings, "Your own notifications",
		optArg("setting", "dm, off, quiet 22-7 Europe/Paris, tz Zone", ArgText))},
	{Verb: Away, Topic: "notify", Runner: RunCore, Form: form(GroupSettings, "No pings for a while", reqArg("span", "e.g. 3d, 12h", ArgText))},
	{Verb: Back, Topic: "notify", Runner: RunCore, Form: form(GroupSettings, "Pings again")},
}

// topicSynonyms are words that name a help topic without being commands.
var topicSynonyms = map[string]string{
	"sr": "stock", "shares": "stock", "tokens": "token", "privates": "private",
	"dm": "notify", "settings": "notify",
}

// aliases maps every accepted command word to its verb.
var aliases = func() map[string]Verb {
	m := map[string]Verb{}
	for _, w := range notation {
		m[string(w.Verb)] = w.Verb
		for _, a := range w.Aliases {
			m[a] = w.Verb
		}
	}
	return m
}()

// helpAliases maps the words that name a help topic to it: the command
// words of every word with a topic, and the topic synonyms.
var helpAliases = func() map[string]string {
	m := map[string]string{}
	for _, w := range notation {
		if w.Topic == "" {
			continue
		}
		m[string(w.Verb)] = w.Topic
		for _, a := range w.Aliases {
			m[a] = w.Topic
		}
	}
	for k, v := range topicSynonyms {
		m[k] = v
	}
	return m
}()

// Words returns the notation table, in the order front ends list it. The
// result is a copy: callers may change it.
func Words() []Word {
	out := make([]Word, len(notation))
	for i, w := range notation {
		w.Aliases = slices.Clone(w.Aliases)
		w.Narrow = slices.Clone(w.Narrow)
		if w.Form != nil {
			f := formOf(w)
			w.Form = &f
		}
		out[i] = w
	}
	return out
}

// byVerb indexes the notation by verb.
var byVerb = func() map[Verb]int {
	m := map[Verb]int{}
	for i, w := range notation {
		m[w.Verb] = i
	}
	return m
}()

// WordOf returns the entry of the notation for the command word typed
// (without regard to case); ok is false for a word the bot does not know.
func WordOf(word string) (Word, bool) {
	v, ok := aliases[strings.ToLower(word)]
	if !ok {
		return Word{}, false
	}
	return notation[byVerb[v]], true
}

// VerbOf is the verb of a typed command word ("begin" is Start), "" for a
// word the bot does not know.
func VerbOf(word string) Verb {
	return aliases[strings.ToLower(word)]
}

// FirstVerb is the verb of the first word of text, "" when it is not a
// command word; leading "!" and "/" are ignored, as Parse does.
func FirstVerb(text string) Verb {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	if i := strings.IndexAny(w, "\r\n"); i >= 0 {
		w = w[:i]
	}
	return VerbOf(strings.TrimLeft(w, "!/"))
}

// Runs says who answers v.
func Runs(v Verb) Runner {
	if i, ok := byVerb[v]; ok {
		return notation[i].Runner
	}
	return RunTable
}

// NarrowField names the argument a menu asks for after the words typed so
// far ("lay": "hex"; "lay D23": "tile"), "" when none is asked.
func NarrowField(words []string) string {
	if len(words) == 0 {
		return ""
	}
	w, ok := WordOf(words[0])
	if !ok || len(words)-1 >= len(w.Narrow) {
		return ""
	}
	return string(w.Narrow[len(words)-1])
}

// formOf is w's form with its name and its verb's defaults filled in.
func formOf(w Word) Spec {
	f := *w.Form
	if f.Name == "" {
		f.Name = string(w.Verb)
	}
	f.Args = slices.Clone(f.Args)
	return f
}

// HelpTopics lists the topics `help` explains, sorted; "" is the overview.
func HelpTopics() []string {
	out := make([]string, 0, len(helpTopics))
	for k := range helpTopics {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// SuggestionWords are the command words did-you-mean hints offer.
func SuggestionWords() []string { return commandWords() }

// HelpTopicOf is the topic `help word` explains, "" when it explains none.
func HelpTopicOf(word string) string {
	w := strings.ToLower(strings.TrimSpace(word))
	if t, ok := helpAliases[w]; ok {
		return t
	}
	if _, ok := helpTopics[w]; ok {
		return w
	}
	return ""
}
