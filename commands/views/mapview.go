package views

import (
	"bytes"
	"fmt"

	"pbc/commands"
	"pbc/commands/notation"
	"pbc/render"
)

// regionRadius is how many hexes around the place `map <place>` shows.
const regionRadius = 2

// regionView answers `map Toronto` or `map AH8`: the board around that
// place, with where it lies on the whole board.
func regionView(t *commands.Position, place string) (string, *commands.Image, error) {
	g := t.Game
	id, err := render.Place(g.Board.Map, place)
	if err != nil {
		return "", nil, commands.Refuse("%s%s", err.Error(), notation.DidYouMean(place, commands.HexIDs(g), ""))
	}
	opts := render.MapOptions{Crop: render.Around(g.Board.Map, id, regionRadius), Locator: true, NoLegend: true, Acting: t.Acting,
		Routes: lastRoutes(t), StopNumbers: true}
	if opts, err = render.FitWidth(g, opts, render.MaxCropWidth); err != nil {
		return "", nil, commands.Refuse("the picture could not be drawn: %v", err)
	}
	img, err := picture(t, "map-region.png", func(w *bytes.Buffer) error { return render.Map(w, g, opts) })
	if err != nil {
		return "", nil, err
	}
	name, stops := id, ""
	if h := commands.FindHex(g, id); h != nil {
		if h.Def.Name != "" {
			name = h.Def.Name + " (" + id + ")"
		}
		if stops = stopsLine(g, h); stops != "" {
			stops = " " + stops
		}
	}
	return fmt.Sprintf("%s map around %s; `map` shows the whole board.%s", t.Log.Title, name, stops), img, nil
}
