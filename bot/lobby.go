package bot

import (
	"context"
	"fmt"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/engine/title"
	"pbc/session"
	"pbc/session/tabletop"
	"pbc/storage"
)

// noGame routes a command in a channel without an open game: new and
// import to the session, which sets the game up; help, and the last game's
// end for status; anything else says how to begin.
func (d *Dispatcher) noGame(ctx context.Context, r Request, cmd *notation.Command) (Result, error) {
	switch cmd.Verb {
	case notation.New:
		return d.Sessions().Create(ctx, r.Channel, d.request(r, cmd))
	case notation.Import:
		return d.importGame(ctx, r, cmd)
	case notation.Status:
		if res, ok, err := d.Sessions().LastGame(ctx, r.Channel); ok || err != nil {
			return res, err
		}
	case notation.Help:
		return Result{Text: helpFor(cmd.Text)}, nil
	}
	ex := notation.NewExamples()
	return Result{Refused: true, Text: fmt.Sprintf("There is no game in this channel. Start one with `%s` "+
		"(or `%s`, `%s`, `%s`…), or `import` an 18xx.games log.", ex[0], ex[1], ex[2], ex[3])}, nil
}

// forming routes a command at a game being set up to the session, which
// seats, starts or calls it off; help is answered here.
func (d *Dispatcher) forming(ctx context.Context, r Request, cmd *notation.Command, sg storage.Game) (Result, error) {
	if cmd.Verb == notation.Help {
		return Result{Text: helpFor(cmd.Text)}, nil
	}
	return d.Sessions().Forming(ctx, sg, d.request(r, cmd))
}

// request is the session's request for r, parsed as cmd.
func (d *Dispatcher) request(r Request, cmd *notation.Command) session.Request {
	return session.Request{User: session.User{ID: r.User.ID, Name: r.User.Name, Admin: r.User.Admin},
		Text: r.Text, Cmd: cmd, At: r.At, EventID: r.EventID, NoImages: r.NoImages, Screens: r.Screens,
		CatchupAfter: r.CatchupAfter, Reminder: r.Reminder}
}

// helpFor is the command layer's help on a topic, for channels without a
// running game.
func helpFor(topic string) string {
	t, err := tabletop.NewTable(title.Names()[0], nil, 1, []commands.Seat{{Player: 1, Name: "p1"}, {Player: 2, Name: "p2"}, {Player: 3, Name: "p3"}}, "")
	ex := notation.NewExamples()
	lobby := fmt.Sprintf("To play here: `%s` (or `%s`, `%s`…), then everyone `join`s, then `start`. ", ex[0], ex[1], ex[3]) +
		"`remind every 12h` and `quiet 22:00-07:00 Europe/Paris` set reminders; `catchup` sums up what you missed."
	if err != nil {
		return lobby
	}
	rep := t.Exec(commands.Request{Text: strings.TrimSpace(string(notation.Help) + " " + topic)})
	if topic != "" {
		return rep.Text
	}
	return lobby + "\n" + rep.Text
}
