package bot

import (
	"bytes"
	"context"
	"fmt"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
	"pbc/storage"
)

// replayPrefix replays the first n log entries of a loaded game, its
// imported entries as 18xx.games played them and the rest as played here.
func replayPrefix(ld *storage.Loaded, n int) (*engine.Game, error) {
	l := *ld.Log
	l.Actions = ld.Log.Actions[:min(max(n, 0), len(ld.Log.Actions))]
	return engine.ReplayMixed(&l, importedEntries(ld))
}

// replayLoaded replays a whole loaded game (see replayPrefix).
func replayLoaded(ld *storage.Loaded) (*engine.Game, error) {
	return engine.ReplayMixed(ld.Log, importedEntries(ld))
}

// importedEntries counts the log entries of an 18xx.games import: the
// leading ones nobody here sent.
func importedEntries(ld *storage.Loaded) int {
	n := 0
	for ld.Game.Imported && n < len(ld.Entries) && ld.Entries[n].UserID == "" {
		n++
	}
	return n
}

// pictures draws what show asks for: the map (with the hexes
// changed since log entry fromSeq outlined, when fromSeq > 0), the market
// and the table. The channel's image preferences can turn them off.
func (c *Core) pictures(ctx context.Context, ch storage.Channel, ld *storage.Loaded, g *engine.Game, show Show, fromSeq int) ([]Image, error) {
	if c.opt.NoImages || g == nil || show == (Show{}) {
		return nil, nil
	}
	set, err := c.store.ChannelSettings(ctx, ch)
	if err != nil {
		return nil, err
	}
	if set.Images.Off {
		return nil, nil
	}
	var highlight []string
	if show.Map && fromSeq > 0 {
		if before, err := replayPrefix(ld, fromSeq-1); err == nil {
			highlight = render.Changed(render.BoardDigest(before), render.BoardDigest(g))
		}
	}
	var routes []action.Route
	if fromSeq > 0 {
		routes = runIn(ld.Log.Actions[min(fromSeq-1, len(ld.Log.Actions)):])
	}
	return drawAll(g, show, highlight, routes)
}

// drawAll draws the pictures of g that show asks for, in the order map,
// market, table. They are drawn one after the other: reading a game is not
// safe from several goroutines (the engine memoizes), and each drawing
// already uses every CPU to compress its PNG.
func drawAll(g *engine.Game, show Show, highlight []string, routes []action.Route) (out []Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("drawing: %v", r)
		}
	}()
	jobs := []struct {
		on        bool
		name, alt string
		draw      func(*bytes.Buffer) error
	}{
		{show.Map, "map.png", "the map", func(b *bytes.Buffer) error {
			return render.Map(b, g, render.MapOptions{Highlight: highlight, Routes: routes})
		}},
		{show.Market, "market.png", "the stock market", func(b *bytes.Buffer) error {
			return render.Market(b, g, render.MarketOptions{})
		}},
		{show.Table, "table.png", "players, companies and trains", func(b *bytes.Buffer) error {
			return render.Table(b, g, render.TableOptions{})
		}},
	}
	for _, j := range jobs {
		if !j.on {
			continue
		}
		var b bytes.Buffer
		if err := j.draw(&b); err != nil {
			return nil, fmt.Errorf("drawing %s: %w", j.name, err)
		}
		out = append(out, Image{Name: j.name, Alt: j.alt, PNG: b.Bytes()})
	}
	return out, nil
}

// runIn returns the routes of the last run among acts, if any.
func runIn(acts []action.Action) []action.Route {
	for i := len(acts) - 1; i >= 0; i-- {
		if rr, ok := acts[i].(*action.RunRoutes); ok {
			return rr.Routes
		}
	}
	return nil
}
