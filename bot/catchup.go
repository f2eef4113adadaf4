package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sort"
	"strings"

	"pbc/engine"
	"pbc/engine/board"
	"pbc/render"
	"pbc/session"
	"pbc/storage"
)

// explicitCatchup answers "catchup": what changed since the user's last
// action in the channel's game (since the start if they have not acted).
func (c *Core) explicitCatchup(ctx context.Context, m Message) error {
	sg, err := c.store.OpenGame(ctx, m.Channel)
	if errors.Is(err, storage.ErrNotFound) || (err == nil && sg.Status != storage.Active) {
		return m.Respond.Respond(ctx, Reply{Text: "There is no game being played in this channel.", Ephemeral: true})
	}
	if err != nil {
		return err
	}
	s, err := c.sessions.Open(ctx, sg.ID)
	if err != nil {
		return err
	}
	var r Reply
	err = s.View(func(v session.View) error {
		if v.Broken() != nil {
			r = Reply{Text: "This channel's game cannot be loaded; send any command to see why and what can be done.", Ephemeral: true}
			return nil
		}
		last := 0
		for i, u := range v.Senders() {
			if u == m.User.ID {
				last = i + 1
			}
		}
		cu := &session.CatchUp{From: last, To: v.Seq(), After: v.Game(), Acting: v.Turn().Acting()}
		var err error
		if cu.Before, err = v.StateAt(last); err != nil {
			return err
		}
		movers := map[string]bool{}
		for _, u := range v.Senders()[last:] {
			if u != m.User.ID {
				cu.Moves++
				movers[session.SeatName(v.Seats(), u)] = true
			}
		}
		cu.Movers = slices.Sorted(maps.Keys(movers))
		r = c.catchup(ctx, cu, c.noImages(ctx, m.Channel))
		return nil
	})
	if err != nil {
		return err
	}
	return m.Respond.Respond(ctx, r)
}

// sendCatchup sends the user the catch-up that came with their move,
// before the reply to it.
func (c *Core) sendCatchup(ctx context.Context, m Message, cu *session.CatchUp, noImages bool, log *slog.Logger) {
	if err := m.Respond.Respond(ctx, c.catchup(ctx, cu, noImages)); err != nil {
		log.Error("catch-up: respond", "err", err)
	}
}

// catchup sums up the changes of a catch-up, with the changed hexes
// outlined on the map unless noImages.
func (c *Core) catchup(ctx context.Context, cu *session.CatchUp, noImages bool) Reply {
	head := "Since your last move"
	if cu.From == 0 {
		head = "Since the start"
	}
	moves := "moves"
	if cu.Moves == 1 {
		moves = "move"
	}
	lines := []string{fmt.Sprintf("%s: %d %s by %s.", head, cu.Moves, moves, joinNames(cu.Movers))}
	if cu.Moves == 0 {
		lines = []string{head + ": nothing has happened."}
	}
	lines = append(lines, Summarize(cu.Before, cu.After)...)
	r := Reply{Text: strings.Join(lines, "\n"), Ephemeral: true}
	if cu.Moves > 0 && !noImages {
		hl := render.Changed(render.BoardDigest(cu.Before), render.BoardDigest(cu.After))
		if imgs, err := drawAll(ctx, cu.After, Show{Map: true}, hl, nil, cu.Acting); err == nil {
			r.Images = imgs
		}
	}
	return r
}

// joinNames writes "a", "a and b", "a, b and c".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Summarize lists, in a few lines, what changed from before to after: round
// and phase, tiles, tokens, trains bought and lost, share moves and each
// player's cash.
func Summarize(before, after *engine.Game) []string {
	b, a := before.Snapshot(true), after.Snapshot(true)
	var out []string
	if b.Phase != a.Phase {
		out = append(out, fmt.Sprintf("Phase %s → %s.", b.Phase, a.Phase))
	}
	if b.Round != a.Round {
		out = append(out, fmt.Sprintf("Now: %s.", roundLabel(a.Round)))
	}
	var tiles []string
	for _, hex := range slices.Sorted(maps.Keys(a.Hexes)) {
		if h := a.Hexes[hex]; b.Hexes[hex] != h && h.Tile != "" {
			tiles = append(tiles, board.TileName(h.Tile)+" on "+hex)
		}
	}
	if len(tiles) > 0 {
		out = append(out, "Tiles: "+strings.Join(tiles, ", ")+".")
	}
	corps := merged(b, a)
	var tokens, bought, lost []string
	for _, id := range slices.Sorted(maps.Keys(corps)) {
		cb, ca := corps[id][0], corps[id][1]
		if add := minus(ca.Tokens, cb.Tokens); len(add) > 0 {
			tokens = append(tokens, corpLabel(id)+" at "+strings.Join(add, ", "))
		}
		if add := minus(ca.Trains, cb.Trains); len(add) > 0 {
			bought = append(bought, corpLabel(id)+" "+strings.Join(add, ", "))
		}
		if gone := minus(cb.Trains, ca.Trains); len(gone) > 0 {
			lost = append(lost, corpLabel(id)+" "+strings.Join(gone, ", "))
		}
	}
	if len(tokens) > 0 {
		out = append(out, "Tokens: "+strings.Join(tokens, "; ")+".")
	}
	if len(bought) > 0 {
		out = append(out, "Trains bought: "+strings.Join(bought, "; ")+".")
	}
	if len(lost) > 0 {
		out = append(out, "Trains gone (rusted, sold or discarded): "+strings.Join(lost, "; ")+".")
	}
	if bids := bidChanges(before, after); len(bids) > 0 {
		out = append(out, "Bids: "+strings.Join(bids, ", ")+".")
	}
	var shares, cash []string
	for _, pid := range a.Order {
		pb, pa := b.Players[pid], a.Players[pid]
		var moves []string
		for _, corp := range slices.Sorted(maps.Keys(union(pb.Shares, pa.Shares))) {
			if d := pa.Shares[corp] - pb.Shares[corp]; d != 0 {
				moves = append(moves, fmt.Sprintf("%+d%% %s", d, corp))
			}
		}
		if len(moves) > 0 {
			shares = append(shares, pa.Name+" "+strings.Join(moves, ", "))
		}
		c := fmt.Sprintf("%s $%d", pa.Name, pa.Cash)
		if d := pa.Cash - pb.Cash; d != 0 {
			c += fmt.Sprintf(" (%+d)", d)
		}
		cash = append(cash, c)
	}
	if len(shares) > 0 {
		out = append(out, "Shares: "+strings.Join(shares, "; ")+".")
	}
	if len(cash) > 0 {
		out = append(out, "Cash: "+strings.Join(cash, ", ")+".")
	}
	if a.Finished && !b.Finished {
		out = append(out, "The game has ended ("+a.EndReason+").")
	}
	return out
}

// bidChanges lists the top bids in the bid boxes that differ from before:
// "M18 $100 (bob)".
func bidChanges(before, after *engine.Game) []string {
	top := func(g *engine.Game) map[string]string {
		out := map[string]string{}
		for _, box := range g.BidBoxes() {
			for _, c := range box {
				if c == nil {
					continue
				}
				if bids := g.Bids(c); len(bids) > 0 {
					b := bids[0]
					for _, x := range bids {
						if x.Price > b.Price {
							b = x
						}
					}
					out[c.ID] = fmt.Sprintf("%s $%d (%s)", c.ID, b.Price, b.Player.Name)
				}
			}
		}
		return out
	}
	tb, ta := top(before), top(after)
	var out []string
	for _, id := range slices.Sorted(maps.Keys(ta)) {
		if ta[id] != tb[id] {
			out = append(out, ta[id])
		}
	}
	return out
}

// merged pairs every company's state before and after, minors included.
func merged(b, a engine.Snapshot) map[string][2]engine.CorpInfo {
	out := map[string][2]engine.CorpInfo{}
	for _, m := range []map[string]engine.CorpInfo{b.Corporations, b.Minors} {
		for id, ci := range m {
			p := out[id]
			p[0] = ci
			out[id] = p
		}
	}
	for _, m := range []map[string]engine.CorpInfo{a.Corporations, a.Minors} {
		for id, ci := range m {
			p := out[id]
			p[1] = ci
			out[id] = p
		}
	}
	return out
}

// minus is the multiset difference x − y.
func minus(x, y []string) []string {
	count := map[string]int{}
	for _, s := range y {
		count[s]++
	}
	var out []string
	for _, s := range x {
		if count[s] > 0 {
			count[s]--
			continue
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// union is the set of keys of two maps.
func union(x, y map[string]int) map[string]int {
	out := map[string]int{}
	for k := range x {
		out[k] = 1
	}
	for k := range y {
		out[k] = 1
	}
	return out
}
