package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"pbc/commands/notation"
	"pbc/session"
	"pbc/storage"
)

// maxAttempts bounds the retries of a lobby command that lost a race.
const maxAttempts = 5

// Dispatcher is the command layer over storage: the Commands the core uses
// in production. A channel's active game is played through its session
// (package session: the game held in memory, each move applied and written
// once). Channels without an active game get the lobby: new, join, leave,
// start, end, import, games.
type Dispatcher struct {
	Store storage.Store
	Log   *slog.Logger     // slog.Default() if nil
	Now   func() time.Time // the time actions are stamped with; time.Now if nil
	// Manager holds the sessions; made from Store on first use if nil.
	Manager *session.Manager
	// Links names channels the platforms' way in the games list; the core
	// it serves sets it (New) when nil.
	Links ChannelLinker

	once sync.Once
}

var _ Commands = (*Dispatcher)(nil)

// Sessions returns the session manager.
func (d *Dispatcher) Sessions() *session.Manager {
	d.once.Do(func() {
		if d.Manager == nil {
			d.Manager = session.New(session.Options{Store: d.Store, Log: d.Log, Now: d.Now})
		}
	})
	return d.Manager
}

// Do runs one command.
func (d *Dispatcher) Do(ctx context.Context, r Request) (Result, error) {
	if d.Sessions().Seen(r.EventID) {
		return Result{Duplicate: true}, nil
	}
	var err error
	for range maxAttempts {
		var res Result
		res, err = d.try(ctx, r)
		if !errors.Is(err, storage.ErrConflict) {
			return res, err
		}
		d.logger().Info("lobby change lost a race; retrying", "channel", r.Channel.ID, "err", err)
	}
	return Result{}, err
}

func (d *Dispatcher) now() time.Time {
	if d.Now != nil {
		return d.Now()
	}
	return time.Now()
}

func (d *Dispatcher) logger() *slog.Logger {
	if d.Log != nil {
		return d.Log
	}
	return slog.Default()
}

// refused is a refusal result.
func refused(format string, args ...any) Result {
	return Result{Text: fmt.Sprintf(format, args...), Refused: true}
}

// try runs a command once against the stored state.
func (d *Dispatcher) try(ctx context.Context, r Request) (Result, error) {
	cmd, perr := parse(r.Text)
	if perr == nil && cmd.Verb == notation.Games {
		return d.games(ctx, r)
	}
	// A channel whose game is held in memory needs no look-up: opening
	// its session checks it against the store anyway.
	if id, ok := d.Sessions().Playing(r.Channel); ok {
		res, err := d.active(ctx, r, id, cmd)
		if !errors.Is(err, session.ErrNotActive) {
			return res, err
		}
	}
	sg, err := d.Store.OpenGame(ctx, r.Channel)
	if errors.Is(err, storage.ErrNotFound) && perr == nil && session.Reopens(cmd.Verb) {
		if res, ok, err := d.Sessions().Reopen(ctx, r.Channel, d.request(r, cmd)); ok || err != nil {
			return res, err
		}
	}
	if errors.Is(err, storage.ErrNotFound) || (err == nil && sg.Status == storage.Forming) {
		if perr != nil {
			return refused("%s", notation.Sentence(perr.Error())), nil
		}
		if err != nil {
			return d.noGame(ctx, r, cmd)
		}
		return d.forming(ctx, r, cmd, sg)
	}
	if err != nil {
		return Result{}, err
	}
	return d.active(ctx, r, sg.ID, cmd)
}

// parse reads a command; an import's JSON may be longer than any command.
func parse(text string) (*notation.Command, error) {
	if rest, ok := isImportText(text); ok {
		return &notation.Command{Verb: notation.Import, Text: rest}, nil
	}
	return notation.Parse(text)
}

// active runs a command at an active game, through its session.
func (d *Dispatcher) active(ctx context.Context, r Request, id storage.GameID, cmd *notation.Command) (Result, error) {
	out, err := d.Sessions().Do(ctx, id, d.request(r, cmd))
	if err != nil {
		return Result{}, err
	}
	return out, nil
}

// games lists the user's games across channels, and where it is their turn.
func (d *Dispatcher) games(ctx context.Context, r Request) (Result, error) {
	gs, err := d.Store.ListGames(ctx, storage.Filter{Statuses: []storage.Status{storage.Forming, storage.Active}})
	if err != nil {
		return Result{}, err
	}
	var lines []string
	for _, g := range gs {
		if g.Channel.Platform != r.Channel.Platform || g.Channel.Workspace != r.Channel.Workspace {
			continue
		}
		seats, err := d.Store.Seats(ctx, g.ID)
		if err != nil {
			return Result{}, err
		}
		mine := false
		for _, s := range seats {
			mine = mine || s.UserID == r.User.ID
		}
		if !mine {
			continue
		}
		line := fmt.Sprintf("• %s in %s (%s)", g.Title, d.channelRef(g.Channel), g.Status)
		if g.Status == storage.Active {
			for _, a := range d.actors(ctx, g.ID) {
				if a.UserID == r.User.ID {
					line += " — your turn"
				}
			}
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return Result{Text: "You are not playing any game here. Start one with `" + notation.NewExamples()[0] + "`, or `join` one being set up."}, nil
	}
	return Result{Text: "Your games:\n" + strings.Join(lines, "\n")}, nil
}

// actors are who must act in active game id, from its session (none if it
// does not load).
func (d *Dispatcher) actors(ctx context.Context, id storage.GameID) []Actor {
	s, err := d.Sessions().Open(ctx, id)
	if err != nil {
		return nil
	}
	var out []Actor
	_ = s.View(func(v session.View) error {
		out = v.Actors()
		return nil
	})
	return out
}

// channelRef names ch in the games list.
func (d *Dispatcher) channelRef(ch storage.Channel) string {
	if d.Links != nil {
		return d.Links.ChannelRef(ch)
	}
	return "#" + ch.ID
}
