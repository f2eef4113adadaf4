package bot

import (
	"bytes"
	"context"
	"fmt"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
	"pbc/session"
)

// Show says which pictures to draw.
type Show struct {
	Map, Market, Table bool
}

// drawAll draws the pictures of g that show asks for, in the order map,
// market, table. They are drawn one after the other: reading a game is not
// safe from several goroutines (the engine memoizes), and each drawing
// already uses every CPU to compress its PNG. They hold one of the
// process's drawing slots (session.Drawing).
func drawAll(ctx context.Context, g *engine.Game, show Show, highlight []string, routes []action.Route, acting *render.Acting) (out []Image, err error) {
	release, err := session.Drawing(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
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
			return render.Map(b, g, render.MapOptions{Highlight: highlight, Routes: routes, Acting: acting})
		}},
		{show.Market, "market.png", "the stock market", func(b *bytes.Buffer) error {
			return render.Market(b, g, render.MarketOptions{Acting: acting})
		}},
		{show.Table, "table.png", "players, companies and trains", func(b *bytes.Buffer) error {
			return render.Table(b, g, render.TableOptions{Acting: acting})
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
