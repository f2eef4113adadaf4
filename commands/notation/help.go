package notation

import (
	"sort"
	"strings"

	"pbc/engine"
	"pbc/engine/title"
)

// helpTopics are the texts of `help <topic>`.
var helpTopics = map[string]string{
	"": "Commands (case does not matter; `help <topic>` for more): " +
		"stock round: `bid M5 100`, `buy {major}`, `buy {major} pool`, `sell {major} 2`, `par {major} 70`, `payoff`, `pass`. " +
		"operating round: `lay 57 D23 r1`, `cube D23`, `token H11`, `run 3-1 H11 F9 E8`, `pay`/`half`/`withhold`, " +
		"`train 3`, `upgrade L-4`, `acquire P7`, `merge 8`, `issue 2`, `redeem 1`, `discard 3-1`, `pass`. " +
		"Anytime: `undo`, `redo`, `status`, `moves` (`moves all` for every choice), `bids`, `table`, `map` (`map {city}` or `map {hex}` for a region), `market`, `company {major}`, `player @name`, `trains`, `tiles`, `log 10`, `games`, `export` (the log as an 18xx.games file). " +
		"Yours: `notify dm`, `notify quiet 22-7`, `away 3d`, `back`. " +
		"Topics: stock, track, token, run, train, private, choose, undo, game, notify.",
	"stock": "`bid M5 100` bids on a bid-box company (privates from $0: `bid P7 0`). " +
		"`buy {major}` buys a treasury share, `buy {major} pool` a market share, `buy {major}_3` that certificate. " +
		"`sell {major} 2` sells two shares (the president's certificate counts two); `sell {major}_0 {major}_1 {major}_2 {major}_3 40%` names the certificates and the percent sold (as when the presidency passes). " +
		"`par {major} 70` starts a major (a CA concession or a PNW minor conversion is used automatically; then `choose 4` for the shares). " +
		"`payoff` or `payoff 100` repays a loan. `pass` ends your turn. " +
		"Automatic play acts on your turns until something changes (you are outbid, shares are sold, a major starts…) or the round ends: " +
		"`autopass` (`autopass always` whatever happens, `autopass indefinitely` past this round), " +
		"`autobuy {major} 3` (or `autobuy {major} float`, `… then pass`), `autopass merger` (PNW merger rounds), `auto off`. " +
		"`bid M5` or `par {major}` alone lists the amounts or prices to choose from. " +
		"A pass that would end the game or give something up asks first; `pass confirm` does it.",
	"track": "`lay 57 D23 r1` lays tile 57 on D23 at rotation 1 (0-5; leave it out when only one fits). " +
		"`lay 57-2 D23 r1` names the copy. `cube D23` places a builder cube. " +
		"Privates: `lay X20 H11 r0 with P12`, `lay 8 D19 r2 with P11 P7` (combined). " +
		"`lay D23` alone pictures every tile and rotation that may go there, numbered, to choose from.",
	"token": "`token H11` places a station token; `token H11 2` picks the second city of the hex; `token H11 2 slot 1` the slot. " +
		"`token Q3 dest` places a destination token in a chosen city, `destination Q3` by hex. `token W3 with P10` uses a private.",
	"run": "`run 3-1 H11 F9 E8` runs train 3-1 (or just `3`) to the stops given; the track between them is found. " +
		"`H11>G10>F9` spells out the hexes passed (a plain-track hex typed among the stops is passed too). `{stops}.2` is the second stop of {stopsat}: a hex's cities and towns are numbered from 1 in its tile's order, and `map {stops}` shows and lists them. A run may stay inside one hex: `{inside}.1>{inside}.2`. " +
		"Separate trains with commas: `run 3 H11 F9, L D23`. `run none` runs nothing. `=120` after a route states its revenue (checked).",
	"train": "`train 3` buys the next 3 from the depot, `train 2` an L bought as a 2, `train E` a 7 as an E, " +
		"`train 3 pool` a discarded one, `train L-4 from {major} 150` from another company at an agreed price; `upgrade L-4` turns an L into a 2.",
	"private": "`acquire P7` buys a player's private for the operating company. `assign D11` places P15/P17/P13 (`with P15` to choose). " +
		"`use P21 M5 top`, `use P28 exchange`, `use P11 {major} ipo` use a private's choice. `merge 8` acquires minor 8.",
	"choose": "`choose <answer>` answers the game's question: `choose 4` (shares), `choose 70` or `par 70` (merger par), " +
		"`money`/`one share`/`two shares` (paying for a minor), `choose replace`/`exchange`/`remove` (its token), `open`/`closed` (sawmill), " +
		"`double` (CA P7), `choose 0` (attach the Pullman or grain car to your first train), `choose None`; " +
		"`pay`, `half` or `withhold` also answer how to pay out a 2P or LP train's own revenue.",
	"undo": "`undo` takes back your own last move; undoing someone else's asks them first (`agree`/`refuse`), or an admin may. " +
		"`refuse` also sets aside the votes to `end` the game. " +
		"`redo` restores what the last undo took back. " +
		"A move that ended the game may be undone by its mover within 10 minutes; later, or by anyone else, the other players must agree.",
	"game": "{new} opens a game; `join` and `leave` take and give up seats; `house` gives a seat to the house player, " +
		"which plays its turns at once (so two can play a game for three), and a person takes its seat back with `join`; " +
		"`start` shuffles the seats and begins. `kick @user` frees a seat and `replace @old @new` hands it to another user, `replace @old house` to the house (the game's creator or an admin); " +
		"the creator asks the player first (`agree`/`refuse`) unless the seat is their own, an admin needs no consent. " +
		"`end` ends the game when every player has said it (an admin alone may). `import` with an 18xx.games JSON file continues a game.",
	"notify": "`notify dm` sends you a direct message when it is your turn, where the chat allows it (`notify off` stops them). " +
		"`notify quiet 22-7` holds your reminders and messages back in those hours of your time zone, set with `notify tz Europe/Paris` " +
		"(or `notify quiet 22-7 Europe/Paris`); `notify quiet off` ends them. `away 3d` (or `12h`, `2w`) leaves you out of reminders until then; `back` ends it. " +
		"`notify` shows your settings. For the channel, the game's creator or an admin sets `remind every 12h` or `remind off` and `quiet 22:00-07:00 Europe/Paris`. " +
		"A stalled game is reminded less and less often, then an admin is asked to step in.",
	"as": "To act for another of your companies than the one whose turn it is, start with its name: `P7: pass`, `GNR: token H11`.",
}

// HelpText returns the help for a topic in a game of the registry's first
// title.
func HelpText(topic string) string {
	t, _ := engine.TitleByName(title.Names()[0])
	return HelpTextFor(topic, t)
}

// HelpTextFor returns the help for a topic in a game of title t, its
// examples taken from t's data.
func HelpTextFor(topic string, t *title.Title) string {
	return helpExamples(t).Replace(helpTopic(topic))
}

// helpTopic returns the help for a topic, its examples still to fill in.
func helpTopic(topic string) string {
	topic = strings.ToLower(strings.TrimSpace(topic))
	if a, ok := helpAliases[topic]; ok {
		topic = a
	}
	if s, ok := helpTopics[topic]; ok {
		return s
	}
	var names []string
	for k := range helpTopics {
		if k != "" {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	return "No help on " + Clip(topic) + "; topics: " + strings.Join(names, ", ") + "."
}
