package slack

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/slack-go/slack"

	"pbc/bot"
	"pbc/commands/notation"
	"pbc/engine/title"
)

// where is a Slack conversation and, for a game played in a thread, the
// ts of the thread's root.
type where struct{ channel, thread string }

// parseWhere reads a storage.Channel ID: "C123" or "C123/1700000000.000100".
func parseWhere(id string) where {
	c, t, _ := strings.Cut(id, "/")
	return where{channel: c, thread: t}
}

// id is the storage.Channel ID of w.
func (w where) id() string {
	if w.thread == "" {
		return w.channel
	}
	return w.channel + "/" + w.thread
}

// threadOf is where a message with ts and thread_ts was written: its
// thread, or the channel for a message at the channel's level (a thread's
// root has its own ts as thread_ts).
func threadOf(channel, threadTs, ts string) where {
	if threadTs == "" || threadTs == ts {
		return where{channel: channel}
	}
	return where{channel: channel, thread: threadTs}
}

// opensThread reports whether text, sent at channel's level, starts a game
// that gets a thread of its own: `new` and `import`, except in direct
// messages and the channels that play in place.
func (a *Adapter) opensThread(channel, text string) bool {
	if !a.opensThreads(channel) {
		return false
	}
	cmd, err := notation.Parse(text)
	if err != nil {
		return false
	}
	// An unknown title is refused at once: no thread for that.
	return (cmd.Verb == notation.New && titleName(cmd.Target) != "") || cmd.Verb == notation.Import
}

// opensThreads reports whether new games in channel get threads.
func (a *Adapter) opensThreads(channel string) bool {
	return !strings.HasPrefix(channel, "D") && !slices.Contains(a.opt.InPlace, channel)
}

// sawThread notes that channel has games in threads.
func (a *Adapter) sawThread(channel string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.threaded) < 10000 {
		a.threaded[channel] = true
	}
}

// hasThreads reports whether channel had commands in threads lately.
func (a *Adapter) hasThreads(channel string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.threaded[channel]
}

// titleName is the registered name of a title, or "".
func titleName(s string) string {
	for _, n := range title.Names() {
		if strings.EqualFold(n, s) {
			return n
		}
	}
	return ""
}

// openThread posts the root of a new game's thread, then submits the
// command in that thread. If the root cannot be posted, the command plays
// at the channel's level instead.
func (a *Adapter) openThread(ctx context.Context, h bot.Handler, in incoming) {
	what := "Game"
	if cmd, err := notation.Parse(in.text); err == nil && cmd.Verb == notation.New && titleName(cmd.Target) != "" {
		what = escape(titleName(cmd.Target)) + " game"
	} else if err == nil && cmd.Verb == notation.Import {
		what = "Imported game"
	}
	text := fmt.Sprintf("%s by %s — play here in the thread", what, a.Mention(in.userID))
	_, ts, err := a.api.PostMessageContext(ctx, in.at.channel, slack.MsgOptionText(text, false))
	if err != nil {
		a.log.Warn("could not open a thread for a new game; playing in the channel", "channel", in.at.channel, "err", err)
		a.submit(ctx, h, in, "")
		return
	}
	in.at.thread = ts
	a.submit(ctx, h, in, ts)
}
