package commands

import (
	"bytes"
	"fmt"

	"pbc/render"
)

// regionRadius is how many hexes around the place `map <place>` shows.
const regionRadius = 2

// regionView answers `map Toronto` or `map AH8`: the board around that
// place, with where it lies on the whole board.
func (t *Table) regionView(place string) (string, *Image, error) {
	g := t.Game
	id, err := render.Place(g.Board.Map, place)
	if err != nil {
		return "", nil, refuse("%s%s", err.Error(), didYouMean(place, hexIDs(g), ""))
	}
	opts := render.MapOptions{Crop: render.Around(g.Board.Map, id, regionRadius), Locator: true, NoLegend: true, Acting: t.Acting,
		Routes: t.lastRoutes(), StopNumbers: true}
	if opts, err = render.FitWidth(g, opts, render.MaxCropWidth); err != nil {
		return "", nil, refuse("the picture could not be drawn: %v", err)
	}
	img, err := t.picture("map-region.png", func(w *bytes.Buffer) error { return render.Map(w, g, opts) })
	if err != nil {
		return "", nil, err
	}
	name, stops := id, ""
	if h := findHex(g, id); h != nil {
		if h.Def.Name != "" {
			name = h.Def.Name + " (" + id + ")"
		}
		if stops = stopsLine(g, h); stops != "" {
			stops = " " + stops
		}
	}
	return fmt.Sprintf("%s map around %s; `map` shows the whole board.%s", t.Log.Title, name, stops), img, nil
}
