package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"pbc/commands"
	"pbc/engine/action"
	"pbc/session/tabletop"
)

// chatLine is one command of `pbc replay --chat --trace`.
type chatLine struct {
	User  string `json:"user"`
	Text  string `json:"text"`
	OK    bool   `json:"ok"`
	Reply string `json:"reply"`
}

// replayChat plays log through the chat command layer (tabletop.ReplayChat):
// every action worded as a player would type it, parsed and dispatched as
// the seated user. It prints the standings (or, with asJSON, the same JSON
// object as `pbc replay --json`, plus the number of chat commands); with
// trace it prints every command and reply as a JSON line instead.
func replayChat(log *action.GameLog, asJSON, trace bool, stdout, stderr io.Writer) int {
	enc := json.NewEncoder(stdout)
	var line func(user, text string, rep commands.Reply)
	if trace {
		line = func(user, text string, rep commands.Reply) {
			_ = enc.Encode(chatLine{User: user, Text: text, OK: rep.OK, Reply: rep.Text})
		}
	}
	g, sent, err := tabletop.ReplayChatTrace(log, line)
	if err == nil && g != nil {
		// Accepted is not enough: the chat must do what the log did.
		err = tabletop.SameAsReplay(log, g)
	}
	out := struct {
		replayOutput
		Commands int `json:"chat_commands"`
	}{replayOutput{Title: log.Title, Actions: len(log.Actions)}, sent}
	if g != nil {
		out.Result = g.Result()
		out.GameEndReason = g.EndReason()
		out.Finished = g.Finished()
		out.Warnings = g.Warnings()
	}
	if err != nil {
		out.Error = &replayErrJSON{Index: -1, Reason: err.Error()}
		var ce *tabletop.ChatError
		if errors.As(err, &ce) {
			out.Error = &replayErrJSON{Index: ce.Index, ID: ce.ID, Type: ce.Type, Reason: fmt.Sprintf("%q: %s", ce.Text, ce.Msg)}
		}
	}
	switch {
	case trace:
	case asJSON:
		_ = enc.Encode(out)
	default:
		printStandings(stdout, log, out.replayOutput)
		fmt.Fprintf(stdout, "%d chat commands\n", sent)
	}
	if err != nil {
		if !asJSON {
			fmt.Fprintln(stderr, "pbc replay --chat:", err)
		}
		return 1
	}
	return 0
}
