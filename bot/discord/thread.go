package discord

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"pbc/commands/notation"
)

// maxThreadName is Discord's limit on a channel's (a thread's) name.
const maxThreadName = 100

// startedMark is how the core's answer to `start` names the seats: "1822PNW
// begins! Player order: Ann, Ben, Cy." The rename below depends on it and
// does nothing when it is absent.
const startedMark = " begins! Player order: "

// startedName is the thread name for a game that has just begun, read from
// the answer to `start`; "" if the answer does not name the players.
func startedName(text string) string {
	for _, line := range strings.Split(text, "\n") {
		title, players, ok := strings.Cut(line, startedMark)
		if !ok || title == "" {
			continue
		}
		players = strings.TrimSuffix(strings.TrimSpace(players), ".")
		if players == "" {
			return ""
		}
		return runeClip(title+" — "+players, maxThreadName)
	}
	return ""
}

// renameStarted renames the thread a game plays in after its players once
// it begins. Only threads are renamed (a game played in place must not
// rename its channel); failures are logged, the game goes on.
func (a *Adapter) renameStarted(ctx context.Context, channelID, text string) {
	name := startedName(text)
	if name == "" {
		return
	}
	ch, err := a.s.Channel(channelID, discordgo.WithContext(ctx))
	if err != nil {
		a.log.Warn("look up the game's channel", "channel", channelID, "err", a.redact(err))
		return
	}
	if !ch.IsThread() || ch.Name == name {
		return
	}
	if _, err := a.s.ChannelEdit(channelID, &discordgo.ChannelEdit{Name: name}, discordgo.WithContext(ctx)); err != nil {
		a.log.Warn("rename the game's thread", "channel", channelID, "err", a.redact(err))
	}
}

// isStart reports whether a command starts a game.
func isStart(text string) bool {
	w := strings.Fields(strings.ToLower(text))
	return len(w) > 0 && notation.VerbOf(w[0]) == notation.Start
}
