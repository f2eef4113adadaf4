package discord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// CommandName is the application command the bot registers.
const CommandName = "pbc"

// arg is one option of a subcommand and how it is written into the command
// text: its value after Prefix ("r" for rotations, "from " for sellers).
type arg struct {
	Name, Desc string
	Type       discordgo.ApplicationCommandOptionType
	Required   bool
	// Field is what autocompletion offers ("hex", "tile", "company",
	// "train", "amount"); "" for none.
	Field   string
	Prefix  string
	Choices []string
}

// sub is a /pbc subcommand: the first word of the command text and its
// options in the order they are written.
type sub struct {
	Name, Desc string
	Args       []arg
}

func str(name, desc string, required bool, field string) arg {
	return arg{Name: name, Desc: desc, Type: discordgo.ApplicationCommandOptionString, Required: required, Field: field}
}

// subs are /pbc's subcommands (Discord allows 25): the common moves and
// queries, and "do" for any other command typed in full.
var subs = []sub{
	{Name: "do", Desc: "Any command, typed as in chat (e.g. 'lay 57 D23 r1')", Args: []arg{str("command", "the command", true, "")}},
	{Name: "status", Desc: "Round, phase, who acts and what they may do"},
	{Name: "moves", Desc: "The legal moves of whoever must act"},
	{Name: "map", Desc: "Show the map"},
	{Name: "market", Desc: "Show the stock market"},
	{Name: "pass", Desc: "Pass"},
	{Name: "undo", Desc: "Undo your last action"},
	{Name: "bid", Desc: "Bid on a minor or private", Args: []arg{
		str("company", "minor or private", true, "company"), str("amount", "your bid", true, "amount")}},
	{Name: "buy", Desc: "Buy a share", Args: []arg{
		str("company", "company", true, "company"),
		{Name: "from", Desc: "where from", Type: discordgo.ApplicationCommandOptionString, Choices: []string{"ipo", "pool"}}}},
	{Name: "sell", Desc: "Sell shares", Args: []arg{
		str("company", "company", true, "company"),
		{Name: "count", Desc: "how many shares", Type: discordgo.ApplicationCommandOptionInteger}}},
	{Name: "par", Desc: "Start a company at a par price", Args: []arg{
		str("company", "company", true, "company"), str("price", "par price", true, "amount")}},
	{Name: "lay", Desc: "Lay or upgrade a tile", Args: []arg{
		str("tile", "tile number", true, "tile"), str("hex", "hex", true, "hex"),
		{Name: "rotation", Desc: "rotation 0-5 (optional when only one fits)", Type: discordgo.ApplicationCommandOptionInteger, Prefix: "r"}}},
	{Name: "token", Desc: "Place a station token", Args: []arg{str("hex", "hex", true, "hex")}},
	{Name: "run", Desc: "Run trains ('auto' for the best routes)", Args: []arg{str("routes", "auto, or the stops of each route", false, "")}},
	{Name: "dividend", Desc: "Pay, half or withhold", Args: []arg{
		{Name: "choice", Desc: "what to do with the revenue", Type: discordgo.ApplicationCommandOptionString, Required: true, Choices: []string{"pay", "half", "withhold"}}}},
	{Name: "train", Desc: "Buy a train", Args: []arg{
		str("train", "train", true, "train"),
		{Name: "from", Desc: "company to buy from (default: the depot)", Type: discordgo.ApplicationCommandOptionString, Field: "company", Prefix: "from "},
		str("price", "price, when buying from a company", false, "amount")}},
	{Name: "company", Desc: "Show a company", Args: []arg{str("company", "company", true, "company")}},
	{Name: "log", Desc: "The last actions", Args: []arg{{Name: "count", Desc: "how many", Type: discordgo.ApplicationCommandOptionInteger}}},
	{Name: "games", Desc: "Your games, and where it is your turn"},
	{Name: "catchup", Desc: "What happened since your last move"},
	{Name: "new", Desc: "Set up a new game in this channel", Args: []arg{
		{Name: "title", Desc: "game", Type: discordgo.ApplicationCommandOptionString, Required: true,
			Choices: []string{"1822PNW", "1822PNW Short Scenario", "1822PNW SRS", "1822CA", "1822CA ERS", "1822CA WRS"}},
		str("options", "variants, e.g. 'starting_packet'", false, "")}},
	{Name: "join", Desc: "Take a seat at the game being set up"},
	{Name: "start", Desc: "Start the game (seats are shuffled)"},
	{Name: "remind", Desc: "Reminder settings: 'every 12h', 'off', or blank to show", Args: []arg{str("setting", "e.g. every 12h, off", false, "")}},
	{Name: "help", Desc: "How to play by chat", Args: []arg{str("topic", "a command or topic", false, "")}},
}

// Commands returns the /pbc application command with its subcommands.
func Commands() []*discordgo.ApplicationCommand {
	cmd := &discordgo.ApplicationCommand{Name: CommandName, Description: "Play 1822PNW and 1822CA in this channel"}
	for _, s := range subs {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: s.Name, Description: s.Desc}
		for _, a := range s.Args {
			ao := &discordgo.ApplicationCommandOption{Type: a.Type, Name: a.Name, Description: a.Desc,
				Required: a.Required, Autocomplete: a.Field != "" && len(a.Choices) == 0}
			for _, c := range a.Choices {
				ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
			}
			o.Options = append(o.Options, ao)
		}
		cmd.Options = append(cmd.Options, o)
	}
	return []*discordgo.ApplicationCommand{cmd}
}

// findSub returns the subcommand named name.
func findSub(name string) (sub, bool) {
	for _, s := range subs {
		if s.Name == name {
			return s, true
		}
	}
	return sub{}, false
}

// commandText writes a /pbc invocation as the command a player would type:
// "/pbc lay tile:57 hex:D23 rotation:1" is "lay 57 D23 r1".
func commandText(d discordgo.ApplicationCommandInteractionData) (string, error) {
	if len(d.Options) != 1 || d.Options[0].Type != discordgo.ApplicationCommandOptionSubCommand {
		return "", fmt.Errorf("no subcommand")
	}
	o := d.Options[0]
	s, ok := findSub(o.Name)
	if !ok {
		return "", fmt.Errorf("unknown subcommand %q", o.Name)
	}
	vals := map[string]string{}
	for _, v := range o.Options {
		vals[v.Name] = strings.TrimSpace(fmt.Sprint(v.Value))
	}
	var words []string
	if s.Name != "do" && s.Name != "dividend" {
		words = append(words, s.Name)
	}
	for _, a := range s.Args {
		if v := vals[a.Name]; v != "" {
			words = append(words, a.Prefix+v)
		}
	}
	if s.Name == "run" && vals["routes"] == "" {
		words = append(words, "auto")
	}
	text := strings.Join(words, " ")
	if text == "" {
		return "", fmt.Errorf("empty command")
	}
	return text, nil
}

// focused returns the subcommand and option being typed in an
// autocomplete interaction.
func focused(d discordgo.ApplicationCommandInteractionData) (sub, arg, string, bool) {
	if len(d.Options) != 1 {
		return sub{}, arg{}, "", false
	}
	s, ok := findSub(d.Options[0].Name)
	if !ok {
		return sub{}, arg{}, "", false
	}
	for _, o := range d.Options[0].Options {
		if !o.Focused {
			continue
		}
		for _, a := range s.Args {
			if a.Name == o.Name {
				return s, a, fmt.Sprint(o.Value), true
			}
		}
	}
	return sub{}, arg{}, "", false
}
