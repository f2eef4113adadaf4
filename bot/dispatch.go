package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"pbc/commands"
	"pbc/engine/action"
	"pbc/storage"
)

// maxAttempts bounds the retries of a command whose append lost a race.
const maxAttempts = 5

// Dispatcher is the command layer over storage: the Commands the core uses
// in production. For a channel's active game it loads the stored log,
// rebuilds the table (commands.LoadTable), runs the command through the real
// dispatcher (commands.Table.Exec), and appends the action it made with
// optimistic concurrency: when another message of the same game got there
// first, it reloads and tries again. Seat changes and the final result are
// stored too. Channels without an active game get the lobby: new, join,
// leave, start, end, import, games.
type Dispatcher struct {
	Store storage.Store
	Log   *slog.Logger     // slog.Default() if nil
	Now   func() time.Time // the time actions are stamped with; time.Now if nil

	mu     sync.Mutex
	tables map[storage.GameID]cached
}

// cached is a game's table as of a log length, kept between messages so
// that pending requests (undo asks, end votes) last and loads need no replay.
type cached struct {
	t   *commands.Table
	seq int
}

// maxTables bounds the cached tables.
const maxTables = 64

// table returns the cached table of game id if it is at log length seq
// with the same seats, taking it out of the cache.
func (d *Dispatcher) table(id storage.GameID, seq int, seats []storage.Seat) *commands.Table {
	d.mu.Lock()
	defer d.mu.Unlock()
	c, ok := d.tables[id]
	delete(d.tables, id)
	if !ok || c.seq != seq || len(c.t.Seats) != len(seats) {
		return nil
	}
	for i, s := range seats {
		if c.t.Seats[i].User != s.UserID || c.t.Seats[i].Player != s.PlayerID {
			return nil
		}
	}
	return c.t
}

// keep caches a table at log length seq.
func (d *Dispatcher) keep(id storage.GameID, seq int, t *commands.Table) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.tables == nil {
		d.tables = map[storage.GameID]cached{}
	}
	if len(d.tables) >= maxTables {
		for k := range d.tables {
			delete(d.tables, k)
			break
		}
	}
	d.tables[id] = cached{t: t, seq: seq}
}

var _ Commands = (*Dispatcher)(nil)

// Do runs one command.
func (d *Dispatcher) Do(ctx context.Context, r Request) (Result, error) {
	var err error
	for range maxAttempts {
		var res Result
		res, err = d.try(ctx, r)
		if !errors.Is(err, storage.ErrConflict) {
			return res, err
		}
		d.logger().Info("append lost a race; retrying", "channel", r.Channel.ID, "err", err)
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
	cmd, perr := commands.Parse(r.Text)
	if perr == nil && cmd.Verb == commands.Games {
		return d.games(ctx, r)
	}
	sg, err := d.Store.OpenGame(ctx, r.Channel)
	if errors.Is(err, storage.ErrNotFound) || (err == nil && sg.Status == storage.Forming) {
		if perr != nil {
			return refused("%s", perr.Error()), nil
		}
		if err != nil {
			return d.noGame(ctx, r, cmd)
		}
		return d.forming(ctx, r, cmd, sg)
	}
	if err != nil {
		return Result{}, err
	}
	return d.active(ctx, r, sg)
}

// active runs a command at an active game.
func (d *Dispatcher) active(ctx context.Context, r Request, sg storage.Game) (Result, error) {
	ld, err := d.Store.Load(ctx, sg.ID)
	if err != nil {
		return Result{}, err
	}
	seats := make([]commands.Seat, len(ld.Seats))
	for i, s := range ld.Seats {
		seats[i] = commands.Seat{Player: s.PlayerID, Name: s.DisplayName, User: s.UserID}
	}
	senders := make([]string, len(ld.Entries))
	for i, e := range ld.Entries {
		senders[i] = e.UserID
	}
	t := d.table(sg.ID, len(ld.Entries), ld.Seats)
	if t == nil {
		if t, err = commands.LoadTable(ld.Log, seats, senders, sg.Creator, importedEntries(ld)); err != nil {
			return Result{}, fmt.Errorf("game %d does not replay: %w", sg.ID, err)
		}
	}
	rep := t.Exec(commands.Request{User: r.User.ID, Admin: r.User.Admin, Text: r.Text})
	if !rep.OK {
		d.keep(sg.ID, len(ld.Entries), t)
		return Result{Text: rep.Text, Refused: true, Game: sg.ID, State: t.Game}, nil
	}
	res := Result{Text: rep.Text, Game: sg.ID, State: t.Game, Next: rep.Next}
	if rep.Image != nil {
		res.Images = []Image{{Name: rep.Image.Name, Alt: strings.TrimSuffix(rep.Image.Name, ".png"), PNG: rep.Image.Data}}
	}
	if rep.Action != nil {
		raw, err := json.Marshal(rep.Action)
		if err != nil {
			return Result{}, fmt.Errorf("encoding the action: %w", err)
		}
		e, err := d.Store.Append(ctx, sg.ID, storage.Entry{Seq: len(ld.Entries) + 1, Action: raw, UserID: r.User.ID, At: d.now()})
		if err != nil {
			return Result{}, err
		}
		res.Changed, res.FromSeq = true, e.Seq
	}
	for i, s := range t.Seats {
		if s.User == ld.Seats[i].UserID {
			continue
		}
		name := ld.Seats[i].DisplayName
		if s.User == r.User.ID && r.User.Name != "" {
			name = r.User.Name
		}
		if _, err := d.Store.ReplaceSeat(ctx, sg.ID, ld.Seats[i].Order, s.User, name); err != nil {
			return Result{}, err
		}
		res.Changed = true
	}
	if t.Game.Finished() && res.FromSeq > 0 {
		if _, err := d.Store.Finish(ctx, sg.ID, t.Game.EndReason(), t.Game.Result()); err != nil {
			return Result{}, err
		}
	}
	d.keep(sg.ID, len(ld.Entries)+btoi(rep.Action != nil), t)
	return res, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
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
		line := fmt.Sprintf("• %s in %s (%s)", g.Title, channelRef(g.Channel), g.Status)
		if g.Status == storage.Active {
			if ld, err := d.Store.Load(ctx, g.ID); err == nil {
				if st, err := replayPrefix(ld, len(ld.Entries)); err == nil {
					for _, a := range Actors(st, ld.Seats) {
						if a.UserID == r.User.ID {
							line += " — your turn"
						}
					}
				}
			}
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return Result{Text: "You are not playing any game here. Start one with `new 1822PNW`, or `join` one being set up."}, nil
	}
	return Result{Text: "Your games:\n" + strings.Join(lines, "\n")}, nil
}

// channelRef names a channel in a reply.
func channelRef(ch storage.Channel) string {
	switch ch.Platform {
	case storage.Discord, storage.Slack:
		return "<#" + ch.ID + ">"
	}
	return "#" + ch.ID
}

// importLog decodes the JSON of an 18xx.games log given with `import`.
func importLog(text string) (*action.GameLog, error) {
	text = strings.TrimSpace(text)
	text = strings.TrimPrefix(strings.TrimSuffix(text, "```"), "```json")
	text = strings.TrimPrefix(text, "```")
	return action.ReadGameLog(strings.NewReader(text))
}
