package discord

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"pbc/commands/notation"
)

// The limits below are Discord's, as its developer documentation states
// them (docs/interactions/application-commands in discord-api-docs):
//   - "Application Command Naming": CHAT_INPUT command and option names
//     match ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and use the
//     lowercase form of any letter that has one; checked here against the
//     stricter ^[-_\p{L}\p{N}]{1,32}$;
//   - "Application Command Structure" and "Option Structure": descriptions
//     1-100 characters, at most 25 options (subcommands and groups count as
//     options) at every level, at most 25 choices, and "Required options
//     must be listed before optional options";
//   - "Option Choice Structure": choice names 1-100 characters, string
//     values up to 100;
//   - "Subcommands and Subcommand Groups": only one level of groups, and a
//     group holds subcommands only;
//   - "Slash Commands": the names, descriptions and values of a command, its
//     options and choices, combined, at most 8,000 characters (the current
//     text; it was 4,000, the figure still quoted by libraries, and the
//     one kept to here).
var nameRE = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// sizeOf counts a command's characters the way the size limit does.
func sizeOf(c *discordgo.ApplicationCommand) int {
	n := utf8.RuneCountInString(c.Name) + utf8.RuneCountInString(c.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(os []*discordgo.ApplicationCommandOption) {
		for _, o := range os {
			n += utf8.RuneCountInString(o.Name) + utf8.RuneCountInString(o.Description)
			for _, ch := range o.Choices {
				n += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(fmt.Sprint(ch.Value))
			}
			walk(o.Options)
		}
	}
	walk(c.Options)
	return n
}

// checkOption checks one option (at depth 1 below the command) and what it
// holds against Discord's limits.
func checkOption(t *testing.T, path string, o *discordgo.ApplicationCommandOption, depth int) {
	t.Helper()
	path += " " + o.Name
	if !nameRE.MatchString(o.Name) || o.Name != strings.ToLower(o.Name) {
		t.Errorf("%s: name %q is not 1-32 lowercase letters, digits, - or _", path, o.Name)
	}
	if n := utf8.RuneCountInString(o.Description); n < 1 || n > limitDesc {
		t.Errorf("%s: description of %d characters, want 1-%d", path, n, limitDesc)
	}
	if len(o.Options) > limitOptions {
		t.Errorf("%s: %d options, Discord allows %d", path, len(o.Options), limitOptions)
	}
	if len(o.Choices) > limitChoices {
		t.Errorf("%s: %d choices, Discord allows %d", path, len(o.Choices), limitChoices)
	}
	for _, ch := range o.Choices {
		if n := utf8.RuneCountInString(ch.Name); n < 1 || n > limitChoiceName || len(fmt.Sprint(ch.Value)) > 100 {
			t.Errorf("%s: choice %q too long", path, ch.Name)
		}
	}
	switch o.Type {
	case discordgo.ApplicationCommandOptionSubCommandGroup:
		if depth != 1 {
			t.Errorf("%s: a group below the top level", path)
		}
		if len(o.Options) == 0 {
			t.Errorf("%s: an empty group", path)
		}
		for _, s := range o.Options {
			if s.Type != discordgo.ApplicationCommandOptionSubCommand {
				t.Errorf("%s %s: a group may hold subcommands only", path, s.Name)
			}
			checkOption(t, path, s, depth+1)
		}
	case discordgo.ApplicationCommandOptionSubCommand:
		optional := false
		seen := map[string]bool{}
		for _, a := range o.Options {
			if a.Type == discordgo.ApplicationCommandOptionSubCommand || a.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				t.Errorf("%s %s: a subcommand may hold plain options only", path, a.Name)
			}
			if a.Required && optional {
				t.Errorf("%s %s: required after an optional option", path, a.Name)
			}
			if seen[a.Name] {
				t.Errorf("%s %s: two options of one name", path, a.Name)
			}
			seen[a.Name] = true
			optional = optional || !a.Required
			if a.Autocomplete && len(a.Choices) > 0 {
				t.Errorf("%s %s: autocomplete and choices together", path, a.Name)
			}
			checkOption(t, path, a, depth+1)
		}
	}
}

func TestCommandsWithinDiscordLimits(t *testing.T) {
	cmds := Commands()
	if len(cmds) != 1 {
		t.Fatalf("%d commands, want /%s", len(cmds), CommandName)
	}
	c := cmds[0]
	if !nameRE.MatchString(c.Name) || utf8.RuneCountInString(c.Description) > limitDesc || c.Description == "" {
		t.Errorf("/%s: bad name or description", c.Name)
	}
	if len(c.Options) > limitOptions {
		t.Errorf("/%s has %d subcommands and groups; Discord allows %d", c.Name, len(c.Options), limitOptions)
	}
	names := map[string]bool{}
	for _, o := range c.Options {
		if names[o.Name] {
			t.Errorf("/%s %s listed twice", c.Name, o.Name)
		}
		names[o.Name] = true
		checkOption(t, "/"+c.Name, o, 1)
	}
	if n := sizeOf(c); n > limitSize {
		t.Errorf("/%s counts %d characters; Discord allows %d", c.Name, n, limitSize)
	} else {
		t.Logf("/%s counts %d of %d characters, %d entries of %d", c.Name, n, limitSize, len(c.Options), limitOptions)
	}
}

// Every command of the grammar is a slash command, and each slash command
// writes back the command it stands for.
func TestEveryCommandIsASlashCommand(t *testing.T) {
	where := map[string]string{}
	for _, o := range Commands()[0].Options {
		if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
			for _, s := range o.Options {
				where[s.Name] = o.Name
			}
			continue
		}
		where[o.Name] = ""
	}
	for _, s := range notation.Specs() {
		g, ok := where[s.Name]
		if !ok {
			t.Errorf("%s is not a slash command", s.Name)
			continue
		}
		if s.Common != (g == "") || (g != "" && g != s.Group) {
			t.Errorf("%s is in group %q, want %q", s.Name, g, s.Group)
		}
	}
	for _, name := range []string{"agree", "refuse", "leave", "end", "kick", "quiet", "import"} {
		if _, ok := where[name]; !ok {
			t.Errorf("/%s … %s missing", CommandName, name)
		}
	}
}

// The size counter sees what it must: a choice's value counts.
func TestSizeOfCountsChoices(t *testing.T) {
	c := &discordgo.ApplicationCommand{Name: "ab", Description: "cd", Options: []*discordgo.ApplicationCommandOption{{
		Name: "e", Description: "f", Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "gh", Value: "ij"}}}}}
	if got := sizeOf(c); got != 10 {
		t.Errorf("sizeOf = %d, want 10", got)
	}
}
