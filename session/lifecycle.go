package session

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/commands/offers"
	"pbc/engine/title"
	"pbc/session/tabletop"
	"pbc/storage"
)

// The life of a table around its play is the session's too: a game being
// set up (its seats taken, left and given to the house, its start and the
// dealing of its seats), an import, and a finished game reopened for an
// undo. The chat core routes a channel's command here and posts the
// outcome; it neither writes the store nor decides who sits where.

// Create sets up a new game in channel ch (`new`): its title and options
// are read from the command against the title registry, its seed drawn, and
// the sender takes the first seat. A lost race for the channel is a
// storage.ErrConflict, to be tried again.
func (m *Manager) Create(ctx context.Context, ch storage.Channel, req Request) (Outcome, error) {
	cmd := req.Cmd
	name, opts, problem := resolveTitle(cmd.Target, cmd.Items)
	if problem != "" {
		return refused("%s", problem), nil
	}
	seed, err := rand.Int(rand.Reader, big.NewInt(1<<31-1))
	if err != nil {
		return Outcome{}, err
	}
	sg, err := m.store.CreateGame(ctx, storage.NewGame{Channel: ch, Title: name, Options: opts,
		Seed: seed.Int64() + 1, Creator: req.User.ID})
	if errors.Is(err, storage.ErrChannelBusy) {
		return Outcome{}, fmt.Errorf("%w: a game was created meanwhile", storage.ErrConflict)
	}
	if err != nil {
		return Outcome{}, err
	}
	if _, err := m.store.AddSeat(ctx, sg.ID, storage.Seat{Order: 0, PlayerID: 1, UserID: req.User.ID, DisplayName: req.User.Name}); err != nil {
		return Outcome{}, err
	}
	t, _ := title.ByName(name)
	optText := ""
	if len(opts) > 0 {
		optText = " with " + strings.Join(opts, ", ")
	}
	return Outcome{Game: sg.ID, Changed: true, Offer: lobbyOffer(), Text: fmt.Sprintf(
		"New %s game%s, set up by %s, who takes the first seat. Others: `join`. It needs %d to %d players; `start` when ready.",
		name, optText, req.User.Name, t.MinPlayers, t.MaxPlayers)}, nil
}

// lobbyOffer is offered under `new`: anyone may take a seat, and a seated
// player starts the game. They are always current (At 0): joining twice or
// starting too early is refused with a reason. Only the `new` message
// carries them, so that each join does not retire and repost them.
func lobbyOffer() offers.Offer {
	return offers.Offer{Buttons: []offers.Option{{Label: "Join", Command: string(notation.Join)}, {Label: "Start", Command: string(notation.Start)}}}
}

// refused is a refusal outcome.
func refused(format string, args ...any) Outcome {
	return Outcome{Text: fmt.Sprintf(format, args...), Refused: true}
}

// Forming runs a command at sg, a game being set up: join, leave, house,
// start, end and status; anything else says what the set-up needs.
func (m *Manager) Forming(ctx context.Context, sg storage.Game, req Request) (Outcome, error) {
	seats, err := m.store.Seats(ctx, sg.ID)
	if err != nil {
		return Outcome{}, err
	}
	t, err := title.ByName(sg.Title)
	if err != nil {
		return Outcome{}, err
	}
	u := req.User
	mine := slices.IndexFunc(seats, func(s storage.Seat) bool { return s.UserID == u.ID })
	boss := u.ID == sg.Creator || u.Admin
	switch req.Cmd.Verb {
	case notation.Join:
		if mine >= 0 {
			return refused("You already have a seat."), nil
		}
		if p := lookAlike(seats, u); p != "" {
			return refused("%s", p), nil
		}
		free := slices.IndexFunc(seats, func(s storage.Seat) bool { return s.UserID == "" })
		if free < 0 { // a person takes a seat the house holds before a new one
			free = slices.IndexFunc(seats, func(s storage.Seat) bool { return tabletop.IsHouse(s.UserID) })
		}
		switch {
		case free >= 0:
			_, err = m.store.ReplaceSeat(ctx, sg.ID, seats[free].Order, u.ID, u.Name)
		case len(seats) >= t.MaxPlayers:
			return refused("Every seat is taken (%s seats %d).", sg.Title, t.MaxPlayers), nil
		default:
			_, err = m.store.AddSeat(ctx, sg.ID, storage.Seat{Order: len(seats), PlayerID: len(seats) + 1,
				UserID: u.ID, DisplayName: u.Name})
		}
		if err != nil {
			return Outcome{}, err
		}
		return m.lobbyStatus(ctx, sg, t, u.Name+" joins. ", true)
	case notation.House:
		return m.seatHouse(ctx, sg, t, seats, mine >= 0 || boss)
	case notation.Leave:
		if mine < 0 {
			return refused("You have no seat at this game."), nil
		}
		if _, err := m.store.ReplaceSeat(ctx, sg.ID, seats[mine].Order, "", ""); err != nil {
			return Outcome{}, err
		}
		return m.lobbyStatus(ctx, sg, t, u.Name+" leaves. ", true)
	case notation.Start:
		if mine < 0 && !boss {
			return refused("Only a seated player may start the game."), nil
		}
		return m.start(ctx, req, sg, t, seats)
	case notation.End:
		if !boss {
			return refused("Only the game's creator or an admin may call off a game being set up."), nil
		}
		if _, err := m.store.SetStatus(ctx, sg.ID, storage.Abandoned); err != nil {
			return Outcome{}, err
		}
		return Outcome{Game: sg.ID, Changed: true, Text: "The " + sg.Title + " game being set up here is called off."}, nil
	case notation.New, notation.Import:
		return refused("A %s game is being set up here; `join` it, or its creator can `end` it.", sg.Title), nil
	case notation.Status:
		return m.lobbyStatus(ctx, sg, t, "", false)
	}
	return refused("The %s game here has not started: `join` to take a seat, `start` when everyone has.", sg.Title), nil
}

// lobbyStatus describes a game being set up.
func (m *Manager) lobbyStatus(ctx context.Context, sg storage.Game, t *title.Title, lead string, changed bool) (Outcome, error) {
	seats, err := m.store.Seats(ctx, sg.ID)
	if err != nil {
		return Outcome{}, err
	}
	var names []string
	for _, s := range seats {
		switch {
		case s.UserID == "":
			names = append(names, "(empty)")
		case tabletop.IsHouse(s.UserID):
			names = append(names, s.DisplayName+" (the house)")
		default:
			names = append(names, s.DisplayName)
		}
	}
	return Outcome{Game: sg.ID, Changed: changed, Text: fmt.Sprintf(
		"%s%s, being set up: %s (%d seated; %d to %d players). `join` to sit, `start` when ready.",
		lead, sg.Title, strings.Join(names, ", "), len(seats), t.MinPlayers, t.MaxPlayers)}, nil
}

// start begins a game: its seats are dealt from the recorded seed and the
// engine deals the game; the house plays at once if it acts first.
func (m *Manager) start(ctx context.Context, req Request, sg storage.Game, t *title.Title, seats []storage.Seat) (Outcome, error) {
	people := 0
	for _, s := range seats {
		if s.UserID == "" {
			return refused("Seat %d is empty: someone `join`s, or the creator `end`s this set-up and starts again.", s.Order+1), nil
		}
		if !tabletop.IsHouse(s.UserID) {
			people++
		}
	}
	if len(seats) < t.MinPlayers {
		return refused("%s needs at least %d players; %d seated.", sg.Title, t.MinPlayers, len(seats)), nil
	}
	if people == 0 {
		return refused("Only the house sits at this game: a person `join`s first."), nil
	}
	dealt := DealSeats(seats, sg.Seed) // 1.8.16: the player order is dealt at random
	cs := make([]commands.Seat, len(dealt))
	for i, s := range dealt {
		cs[i] = commands.Seat{Player: s.PlayerID, Name: s.DisplayName, User: s.UserID}
	}
	table, err := tabletop.NewTable(sg.Title, sg.Options, sg.Seed, cs, sg.Creator)
	if err != nil {
		return refused("The game cannot start: %v", err), nil
	}
	if _, err := m.store.SetStatus(ctx, sg.ID, storage.Active); err != nil {
		if errors.Is(err, storage.ErrStatus) {
			return Outcome{}, fmt.Errorf("%w: the game was started meanwhile", storage.ErrConflict)
		}
		return Outcome{}, err
	}
	// Only the start that made the game active deals its seats.
	for i, s := range dealt {
		if s.UserID != seats[i].UserID {
			if _, err := m.store.ReplaceSeat(ctx, sg.ID, s.Order, s.UserID, s.DisplayName); err != nil {
				return Outcome{}, fmt.Errorf("dealing seat %d: %w", s.Order+1, err)
			}
		}
	}
	var order []string
	for _, p := range table.Game.Players {
		order = append(order, p.Name)
	}
	lead := fmt.Sprintf("%s begins! Player order: %s.", sg.Title, strings.Join(order, ", "))
	played, err := m.HouseMoves(ctx, sg.ID)
	if err != nil {
		return Outcome{}, err
	}
	if played != "" {
		lead += "\n" + played
	}
	sg.Status = storage.Active
	return m.overview(ctx, req, sg, lead)
}

// overview answers the start or import of a game: lead, the game's status,
// the map and the market.
func (m *Manager) overview(ctx context.Context, req Request, sg storage.Game, lead string) (Outcome, error) {
	if sg.Status == storage.Finished {
		return Outcome{Game: sg.ID, Changed: true, Finished: true, Text: lead + " The game is over."}, nil
	}
	out, err := m.Overview(ctx, sg.ID, req)
	if err != nil {
		return Outcome{}, err
	}
	out.Refused, out.Changed = false, true
	out.Text = lead + "\n" + out.Text
	return out, nil
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
	return name, opts, ""
}

// Reopens reports whether verb, in a channel whose game is over, is for
// that game: the undo of the move that ended it and the answers to it.
func Reopens(v notation.Verb) bool {
	return v == notation.Undo || v == notation.Agree || v == notation.Refuse
}

// Reopen runs an undo (or an answer to one) at channel ch's latest game
// when it is finished: the game is reopened for the command, and finished
// again as it was unless the command took back the move that ended it.
// ok is false when the channel's latest game is not a finished one.
func (m *Manager) Reopen(ctx context.Context, ch storage.Channel, req Request) (out Outcome, ok bool, err error) {
	gs, err := m.store.ListGames(ctx, storage.Filter{Channel: &ch, Limit: 1})
	if err != nil || len(gs) == 0 || gs[0].Status != storage.Finished {
		return Outcome{}, false, err
	}
	fin := gs[0]
	g, err := m.store.Reopen(ctx, fin.ID)
	if errors.Is(err, storage.ErrChannelBusy) || errors.Is(err, storage.ErrStatus) {
		// A game was created or this one reopened meanwhile: run it again.
		return Outcome{}, true, fmt.Errorf("%w: the channel changed meanwhile (%v)", storage.ErrConflict, err)
	}
	if err != nil {
		return Outcome{}, true, err
	}
	m.Forget(fin.ID) // a session kept from before the end holds the old record
	out, err = m.Do(ctx, g.ID, req)
	if err == nil && !out.Finished && !out.Refused {
		return out, true, nil
	}
	// The game is still over (a refusal changed nothing). A request noted
	// in its log finished it again with the note; a refusal or a failure
	// leaves it active.
	if cur, gerr := m.store.Game(ctx, fin.ID); gerr == nil && cur.Status == storage.Active {
		if _, ferr := m.store.Finish(ctx, fin.ID, fin.EndReason, fin.Result); ferr != nil && err == nil {
			err = fmt.Errorf("finishing game %d again: %w", fin.ID, ferr)
		}
		m.Forget(fin.ID)
	}
	return out, true, err
}
