package discord

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"pbc/commands/notation"
	"pbc/engine/title"
)

// CommandName is the application command the bot registers.
const CommandName = "pbc"

// Discord's limits on application commands, from its developer
// documentation (Application Commands: naming, the command and option
// structures, the option choice structure, and the slash command size
// warning). The size limit is stated as 8,000 characters in the current
// documentation and was 4,000 before; the command is kept within 4,000.
const (
	limitName       = 32   // characters of a command or option name (1-32)
	limitDesc       = 100  // characters of a description (1-100)
	limitOptions    = 25   // options of a command, subcommand or group
	limitChoices    = 25   // choices of an option, and of an autocomplete answer
	limitChoiceName = 100  // characters of a choice's name (1-100)
	limitSize       = 4000 // names, descriptions and choice names and values of one command, combined
)

// doName is the subcommand that takes any command typed in full.
const doName = "do"

// The /pbc tree is generated from the grammar (notation.Specs): the common
// commands are subcommands of /pbc ("/pbc lay"), the others subcommands of
// a group named after their family ("/pbc game agree"), since Discord allows
// 25 entries at each level.

// optionType is the Discord option type for an argument kind.
func optionType(k notation.ArgKind) discordgo.ApplicationCommandOptionType {
	switch k {
	case notation.ArgNumber:
		return discordgo.ApplicationCommandOptionInteger
	case notation.ArgUser:
		return discordgo.ApplicationCommandOptionUser
	case notation.ArgFile:
		return discordgo.ApplicationCommandOptionAttachment
	}
	return discordgo.ApplicationCommandOptionString
}

// completes reports whether an argument kind is completed from the legal
// moves (bot.Query.Field is the kind's name).
func completes(k notation.ArgKind) bool {
	switch k {
	case notation.ArgHex, notation.ArgTile, notation.ArgCompany, notation.ArgTrain, notation.ArgAmount:
		return true
	}
	return false
}

// groupDesc describes the subcommand groups.
var groupDesc = map[string]string{
	notation.GroupPlay:     "Moves",
	notation.GroupMore:     "Rarer moves",
	notation.GroupView:     "Look at the game",
	notation.GroupGame:     "Seats, votes, import and export",
	notation.GroupSettings: "The channel's settings",
}

// subcommand is the Discord form of one command.
func subcommand(s notation.Spec) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand,
		Name: s.Name, Description: s.Desc}
	for _, a := range s.Args {
		ao := &discordgo.ApplicationCommandOption{Type: optionType(a.Kind), Name: a.Name, Description: a.Desc,
			Required: a.Required, Autocomplete: completes(a.Kind) && len(a.Choices) == 0}
		for _, c := range a.Choices {
			ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
		}
		o.Options = append(o.Options, ao)
	}
	return o
}

// Commands returns the /pbc application command with its subcommands and
// groups.
func Commands() []*discordgo.ApplicationCommand {
	cmd := &discordgo.ApplicationCommand{Name: CommandName, Description: "Play " + titleList() + " in this channel"}
	groups := map[string]*discordgo.ApplicationCommandOption{}
	var order []string
	for _, s := range notation.Specs() {
		if s.Common {
			cmd.Options = append(cmd.Options, subcommand(s))
			continue
		}
		g, ok := groups[s.Group]
		if !ok {
			g = &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommandGroup,
				Name: s.Group, Description: groupDesc[s.Group]}
			if g.Description == "" {
				g.Description = s.Group
			}
			groups[s.Group] = g
			order = append(order, s.Group)
		}
		g.Options = append(g.Options, subcommand(s))
	}
	cmd.Options = append(cmd.Options, &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: doName, Description: "Any command, typed as in chat",
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString,
			Name: "command", Description: "e.g. lay 57 D23 r1", Required: true}}})
	for _, name := range order {
		cmd.Options = append(cmd.Options, groups[name])
	}
	return []*discordgo.ApplicationCommand{cmd}
}

// invoked is the subcommand an interaction names, below its group if any.
func invoked(d discordgo.ApplicationCommandInteractionData) (*discordgo.ApplicationCommandInteractionDataOption, error) {
	if len(d.Options) != 1 {
		return nil, fmt.Errorf("no subcommand")
	}
	o := d.Options[0]
	if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
		if len(o.Options) != 1 {
			return nil, fmt.Errorf("group %q without a subcommand", o.Name)
		}
		o = o.Options[0]
	}
	if o.Type != discordgo.ApplicationCommandOptionSubCommand {
		return nil, fmt.Errorf("no subcommand")
	}
	return o, nil
}

// slashCommand is a /pbc invocation as the command a player would type
// ("/pbc lay tile:57 hex:D23 rotation:1" is "lay 57 D23 r1") and the files
// attached to it.
type slashCommand struct {
	Text  string
	Files []*discordgo.MessageAttachment
}

// commandText reads a /pbc invocation.
func commandText(d discordgo.ApplicationCommandInteractionData) (slashCommand, error) {
	o, err := invoked(d)
	if err != nil {
		return slashCommand{}, err
	}
	vals := map[string]string{}
	for _, v := range o.Options {
		vals[v.Name] = strings.TrimSpace(fmt.Sprint(v.Value))
	}
	if o.Name == doName {
		text := vals["command"]
		if text == "" {
			return slashCommand{}, fmt.Errorf("empty command")
		}
		return slashCommand{Text: text}, nil
	}
	s, ok := notation.SpecOf(o.Name)
	if !ok {
		return slashCommand{}, fmt.Errorf("unknown subcommand %q", o.Name)
	}
	var out slashCommand
	for _, a := range s.Args {
		v, ok := vals[a.Name]
		if !ok {
			continue
		}
		switch a.Kind {
		case notation.ArgUser:
			vals[a.Name] = "<@" + v + ">"
		case notation.ArgFile:
			if d.Resolved != nil {
				if f := d.Resolved.Attachments[v]; f != nil {
					out.Files = append(out.Files, f)
				}
			}
		}
	}
	out.Text, err = notation.Format(s.Name, vals)
	return out, err
}

// focused returns the subcommand's argument being typed in an autocomplete
// interaction, and what has been typed of it.
func focused(d discordgo.ApplicationCommandInteractionData) (notation.Spec, notation.Arg, string, bool) {
	o, err := invoked(d)
	if err != nil {
		return notation.Spec{}, notation.Arg{}, "", false
	}
	s, ok := notation.SpecOf(o.Name)
	if !ok {
		return notation.Spec{}, notation.Arg{}, "", false
	}
	for _, v := range o.Options {
		if !v.Focused {
			continue
		}
		for _, a := range s.Args {
			if a.Name == v.Name {
				return s, a, fmt.Sprint(v.Value), true
			}
		}
	}
	return notation.Spec{}, notation.Arg{}, "", false
}

// titleList names the base titles the bot plays, from the title registry:
// "1822PNW and 1822CA".
func titleList() string {
	bs := title.Bases()
	if len(bs) < 2 {
		return strings.Join(bs, "")
	}
	return strings.Join(bs[:len(bs)-1], ", ") + " and " + bs[len(bs)-1]
}
