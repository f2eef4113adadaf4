package bot

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/engine/title"
	"pbc/session"
	"pbc/storage"
)

// noGame runs a command in a channel without an open game: new, import,
// help; anything else says how to begin.
func (d *Dispatcher) noGame(ctx context.Context, r Request, cmd *commands.Command) (Result, error) {
	switch cmd.Verb {
	case commands.New:
		name, opts, problem := resolveTitle(cmd.Target, cmd.Items)
		if problem != "" {
			return refused("%s", problem), nil
		}
		seed, err := rand.Int(rand.Reader, big.NewInt(1<<31-1))
		if err != nil {
			return Result{}, err
		}
		sg, err := d.Store.CreateGame(ctx, storage.NewGame{Channel: r.Channel, Title: name, Options: opts,
			Seed: seed.Int64() + 1, Creator: r.User.ID})
		if errors.Is(err, storage.ErrChannelBusy) {
			return Result{}, fmt.Errorf("%w: a game was created meanwhile", storage.ErrConflict)
		}
		if err != nil {
			return Result{}, err
		}
		if _, err := d.Store.AddSeat(ctx, sg.ID, storage.Seat{Order: 0, PlayerID: 1, UserID: r.User.ID, DisplayName: r.User.Name}); err != nil {
			return Result{}, err
		}
		t, _ := title.ByName(name)
		optText := ""
		if len(opts) > 0 {
			optText = " with " + strings.Join(opts, ", ")
		}
		return Result{Game: sg.ID, Changed: true, Offer: lobbyOffer(), Text: fmt.Sprintf(
			"New %s game%s, set up by %s, who takes the first seat. Others: `join`. It needs %d to %d players; `start` when ready.",
			name, optText, r.User.Name, t.MinPlayers, t.MaxPlayers)}, nil
	case commands.Import:
		return d.importGame(ctx, r, cmd)
	case commands.Status:
		if res, ok, err := d.lastGame(ctx, r); ok || err != nil {
			return res, err
		}
	case commands.Help:
		return Result{Text: helpFor(cmd.Text)}, nil
	}
	ex := commands.NewExamples()
	return Result{Refused: true, Text: fmt.Sprintf("There is no game in this channel. Start one with `%s` "+
		"(or `%s`, `%s`, `%s`…), or `import` an 18xx.games log.", ex[0], ex[1], ex[2], ex[3])}, nil
}

// forming runs a command at a game being set up.
func (d *Dispatcher) forming(ctx context.Context, r Request, cmd *commands.Command, sg storage.Game) (Result, error) {
	seats, err := d.Store.Seats(ctx, sg.ID)
	if err != nil {
		return Result{}, err
	}
	t, err := title.ByName(sg.Title)
	if err != nil {
		return Result{}, err
	}
	mine := slices.IndexFunc(seats, func(s storage.Seat) bool { return s.UserID == r.User.ID })
	boss := r.User.ID == sg.Creator || r.User.Admin
	switch cmd.Verb {
	case commands.Join:
		if mine >= 0 {
			return refused("You already have a seat."), nil
		}
		if p := lookAlike(seats, r.User); p != "" {
			return refused("%s", p), nil
		}
		if free := slices.IndexFunc(seats, func(s storage.Seat) bool { return s.UserID == "" }); free >= 0 {
			_, err = d.Store.ReplaceSeat(ctx, sg.ID, seats[free].Order, r.User.ID, r.User.Name)
		} else if len(seats) >= t.MaxPlayers {
			return refused("Every seat is taken (%s seats %d).", sg.Title, t.MaxPlayers), nil
		} else {
			_, err = d.Store.AddSeat(ctx, sg.ID, storage.Seat{Order: len(seats), PlayerID: len(seats) + 1,
				UserID: r.User.ID, DisplayName: r.User.Name})
		}
		if err != nil {
			return Result{}, err
		}
		return d.lobbyStatus(ctx, sg, t, r.User.Name+" joins. ", true)
	case commands.Leave:
		if mine < 0 {
			return refused("You have no seat at this game."), nil
		}
		if _, err := d.Store.ReplaceSeat(ctx, sg.ID, seats[mine].Order, "", ""); err != nil {
			return Result{}, err
		}
		return d.lobbyStatus(ctx, sg, t, r.User.Name+" leaves. ", true)
	case commands.Start:
		if mine < 0 && !boss {
			return refused("Only a seated player may start the game."), nil
		}
		return d.start(ctx, r, sg, t, seats)
	case commands.End:
		if !boss {
			return refused("Only the game's creator or an admin may call off a game being set up."), nil
		}
		if _, err := d.Store.SetStatus(ctx, sg.ID, storage.Abandoned); err != nil {
			return Result{}, err
		}
		return Result{Game: sg.ID, Changed: true, Text: "The " + sg.Title + " game being set up here is called off."}, nil
	case commands.New, commands.Import:
		return refused("A %s game is being set up here; `join` it, or its creator can `end` it.", sg.Title), nil
	case commands.Help:
		return Result{Text: helpFor(cmd.Text)}, nil
	case commands.Status:
		return d.lobbyStatus(ctx, sg, t, "", false)
	}
	return refused("The %s game here has not started: `join` to take a seat, `start` when everyone has.", sg.Title), nil
}

// lobbyStatus describes a game being set up.
func (d *Dispatcher) lobbyStatus(ctx context.Context, sg storage.Game, t *title.Title, lead string, changed bool) (Result, error) {
	seats, err := d.Store.Seats(ctx, sg.ID)
	if err != nil {
		return Result{}, err
	}
	var names []string
	for _, s := range seats {
		if s.UserID == "" {
			names = append(names, "(empty)")
		} else {
			names = append(names, s.DisplayName)
		}
	}
	return Result{Game: sg.ID, Changed: changed, Text: fmt.Sprintf(
		"%s%s, being set up: %s (%d seated; %d to %d players). `join` to sit, `start` when ready.",
		lead, sg.Title, strings.Join(names, ", "), len(seats), t.MinPlayers, t.MaxPlayers)}, nil
}

// start begins a game: the engine deals it from the recorded seed.
func (d *Dispatcher) start(ctx context.Context, r Request, sg storage.Game, t *title.Title, seats []storage.Seat) (Result, error) {
	var cs []commands.Seat
	for _, s := range seats {
		if s.UserID == "" {
			return refused("Seat %d is empty: someone `join`s, or the creator `end`s this set-up and starts again.", s.Order+1), nil
		}
		cs = append(cs, commands.Seat{Player: s.PlayerID, Name: s.DisplayName, User: s.UserID})
	}
	if len(cs) < t.MinPlayers {
		return refused("%s needs at least %d players; %d seated.", sg.Title, t.MinPlayers, len(cs)), nil
	}
	dealt := commands.DealSeats(cs, sg.Seed) // 1.8.16: the player order is dealt at random
	table, err := commands.NewTable(sg.Title, sg.Options, sg.Seed, dealt, sg.Creator)
	if err != nil {
		return refused("The game cannot start: %v", err), nil
	}
	if _, err := d.Store.SetStatus(ctx, sg.ID, storage.Active); err != nil {
		if errors.Is(err, storage.ErrStatus) {
			return Result{}, fmt.Errorf("%w: the game was started meanwhile", storage.ErrConflict)
		}
		return Result{}, err
	}
	// Only the start that made the game active deals its seats.
	for i, s := range dealt {
		if s.User != cs[i].User {
			if _, err := d.Store.ReplaceSeat(ctx, sg.ID, seats[i].Order, s.User, s.Name); err != nil {
				return Result{}, fmt.Errorf("dealing seat %d: %w", seats[i].Order+1, err)
			}
		}
	}
	var order []string
	for _, p := range table.Game.Players {
		order = append(order, p.Name)
	}
	return d.overview(ctx, r, sg, fmt.Sprintf("%s begins! Player order: %s.", sg.Title, strings.Join(order, ", ")))
}

// overview answers the start or import of a game: lead, the game's status,
// the map and the market.
func (d *Dispatcher) overview(ctx context.Context, r Request, sg storage.Game, lead string) (Result, error) {
	if sg.Status == storage.Finished {
		return Result{Game: sg.ID, Changed: true, Finished: true, Text: lead + " The game is over."}, nil
	}
	out, err := d.Sessions().Overview(ctx, sg.ID, session.Request{
		User: session.User{ID: r.User.ID, Name: r.User.Name, Admin: r.User.Admin}, NoImages: r.NoImages})
	if err != nil {
		return Result{}, err
	}
	res := out
	res.Refused, res.Changed = false, true
	res.Text = lead + "\n" + out.Text
	return res, nil
}

// resolveTitle turns "new 1822PNW short packet" into a title name and
// optional rules, or a problem to report. The words come from the title
// registry: a base title, its scenario words, its options.
func resolveTitle(target string, items []string) (string, []string, string) {
	base := ""
	for _, n := range title.Bases() {
		if strings.EqualFold(n, target) {
			base = n
		}
	}
	if n, ok := title.Named(target); ok && base == "" {
		base = n // a scenario by its own one-word name
	}
	if base == "" {
		return "", nil, fmt.Sprintf("I know %s; which one?", strings.Join(title.Names(), ", "))
	}
	name := base
	var opts []string
	for _, it := range items {
		w := strings.ToLower(strings.Trim(it, "-_,"))
		if w == "" || w == "scenario" {
			continue
		}
		if s, ok := title.Scenario(base, w); ok {
			name = s
			continue
		}
		t, _ := title.ByName(name)
		o, ok := "", false
		if t != nil {
			o, ok = t.Option(w)
		}
		if ok && !t.Played(o) {
			return "", nil, fmt.Sprintf("%s's option %q is not played here yet.", name, it)
		}
		if !ok {
			var known []string
			if t != nil {
				for _, o := range t.Options {
					if t.Played(o) {
						known = append(known, t.OptionWord(o))
					}
				}
			}
			if len(known) == 0 {
				return "", nil, fmt.Sprintf("%s has no option %q.", name, it)
			}
			return "", nil, fmt.Sprintf("%s has no option %q; it has %s.", name, it, strings.Join(known, ", "))
		}
		opts = append(opts, o)
	}
	if t, _ := title.ByName(name); t != nil {
		opts = t.WithAlso(opts)
	}
	return name, opts, ""
}

// helpFor is the command layer's help on a topic, for channels without a
// running game.
func helpFor(topic string) string {
	t, err := commands.NewTable(title.Names()[0], nil, 1, []commands.Seat{{Player: 1, Name: "p1"}, {Player: 2, Name: "p2"}, {Player: 3, Name: "p3"}}, "")
	ex := commands.NewExamples()
	lobby := fmt.Sprintf("To play here: `%s` (or `%s`, `%s`…), then everyone `join`s, then `start`. ", ex[0], ex[1], ex[3]) +
		"`remind every 12h` and `quiet 22:00-07:00 Europe/Paris` set reminders; `catchup` sums up what you missed."
	if err != nil {
		return lobby
	}
	rep := t.Exec(commands.Request{Text: strings.TrimSpace(string(commands.Help) + " " + topic)})
	if topic != "" {
		return rep.Text
	}
	return lobby + "\n" + rep.Text
}
