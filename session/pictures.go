package session

import (
	"bytes"
	"container/list"
	"context"
	"fmt"
	"io"
	"sync"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/render"
	"pbc/storage"
)

// pictures draws what a move changed: the map when a hex changed or trains
// ran (the changed hexes outlined, the runs drawn), the market when what it
// shows changed. A picture that did not change is not posted again: a bid
// in a stock round posts the table picture instead. The digests move on
// even when nothing is drawn, so the next move compares with the state
// players last saw. On a phone a move that changed hexes posts the region
// around them (for every title), the whole map a tap (or `map`) away.
func (s *Session) pictures(ctx context.Context, a action.Action, draw bool, screens Screens, turn Turn) []Image {
	g := s.table.Game
	board, mapKey, market := render.BoardDigest(g), render.MapDigest(g), render.MarketDigest(g)
	highlight := render.Changed(s.board, board)
	var routes []action.Route
	if rr, ok := a.(*action.RunRoutes); ok {
		routes = rr.Routes
	}
	// The title strip (round, who acts) changes with most moves; the reply
	// says that in words, so it alone does not post the map again.
	showMap := mapKey != s.mapKey || len(routes) > 0
	showMarket := market != s.market
	s.board, s.mapKey, s.market = board, mapKey, market
	if !draw || s.m.opt.NoImages {
		return nil
	}
	opts := render.MapOptions{Highlight: highlight, Routes: routes, Acting: turn.Acting()}
	var out []Image
	mapShown := showMap
	whole := ScreenWide // the screens the whole map is shown on
	if wide := render.WideMap(g); showMap && (wide || screens != WideScreens) {
		if crop, ok := render.MoveCrop(g, opts); ok {
			region := s.drawRegion(ctx, g, crop)
			for i := range region {
				if !wide {
					// A board a wide screen reads whole: the
					// region is the phone's form.
					region[i].Screen = ScreenPhone
				}
				if screens == EveryScreen {
					region[i].Opens = "map.png"
				}
			}
			out = append(out, region...)
			switch {
			case screens != EveryScreen:
				showMap = false // `map` shows it all
			case wide:
				whole = ScreenTap // too wide for any screen: behind the region
			}
			if screens == WideScreens {
				region[0].Screen = "" // the one form drawn
			}
		}
	}
	pics := s.draw(ctx, showMap, showMarket, opts)
	for i := range pics {
		if pics[i].Name == "map.png" && len(out) > 0 {
			pics[i].Screen = whole
		}
	}
	out = append(out, pics...)
	if !mapShown && stockMove(s.table.Moves(), a) {
		// A stock round's moves change the table (bids, cash,
		// certificates), not the map: the table is what players need.
		out = append(out, s.drawTables(ctx, g, screens)...)
	}
	return out
}

// drawTables draws the table picture in the forms screens asks for.
func (s *Session) drawTables(ctx context.Context, g *engine.Game, screens Screens) []Image {
	if screens == WideScreens {
		return s.drawTable(ctx, g)
	}
	out := s.drawPhoneTable(ctx, g)
	if screens != EveryScreen {
		return out
	}
	for i := range out {
		out[i].Screen = ScreenPhone
	}
	wide := s.drawTable(ctx, g)
	for i := range wide {
		wide[i].Screen = ScreenWide
	}
	return append(out, wide...)
}

// stockMove reports whether a is a move of a stock round: a stock action
// (which may have ended one), or any move that leaves the game in one (the
// legal moves now, which the reply works out anyway, say which).
func stockMove(m *engine.Moves, a action.Action) bool {
	switch a.(type) {
	case *action.Bid, *action.BuyShares, *action.SellShares, *action.Par:
		return true
	}
	return m.Round == "SR"
}

// drawRegion draws a part of the map (not on the game's canvas, which
// keeps the whole board).
func (s *Session) drawRegion(ctx context.Context, g *engine.Game, opts render.MapOptions) []Image {
	opts.Acting = s.turnNow().Acting()
	return s.drawOne(ctx, regionPicture, func(w io.Writer) error { return render.Map(w, g, opts) })
}

// drawTable draws the table picture (players, bids, companies, trains).
func (s *Session) drawTable(ctx context.Context, g *engine.Game) []Image {
	return s.drawOne(ctx, "table.png", func(w io.Writer) error { return render.Table(w, g, render.TableOptions{Acting: s.turnNow().Acting()}) })
}

// drawPhoneTable draws the table picture in cards, for a phone.
func (s *Session) drawPhoneTable(ctx context.Context, g *engine.Game) []Image {
	return s.drawOne(ctx, phoneTablePicture, func(w io.Writer) error {
		return render.PhoneTable(w, g, render.TableOptions{Acting: s.turnNow().Acting()})
	})
}

// drawOne draws one picture in a drawing slot of its own.
func (s *Session) drawOne(ctx context.Context, name string, draw func(w io.Writer) error) []Image {
	release, err := Drawing(ctx)
	if err != nil {
		s.m.log.Error("drawing the pictures", "game", s.id, "err", err)
		return nil
	}
	defer release()
	var b bytes.Buffer
	if err := s.m.rendering(func() error { return safely(func() error { return draw(&b) }) }); err != nil {
		s.m.log.Error("drawing a picture", "game", s.id, "picture", name, "err", err)
		return nil
	}
	return []Image{{Name: name, Alt: s.alt(name, s.turnNow()), PNG: b.Bytes()}}
}

// draw draws the current map (on the game's canvas, with opts) and the
// market, as asked, in one drawing slot; a picture that fails is logged and
// left out, and so are both when no slot frees up in time.
func (s *Session) draw(ctx context.Context, showMap, showMarket bool, opts render.MapOptions) []Image {
	g := s.table.Game
	var out []Image
	if !showMap && !showMarket {
		return nil
	}
	release, err := Drawing(ctx)
	if err != nil {
		s.m.log.Error("drawing the pictures", "game", s.id, "err", err)
		return nil
	}
	defer release()
	add := func(name string, draw func(w io.Writer) error) {
		var b bytes.Buffer
		if err := draw(&b); err != nil {
			s.m.log.Error("drawing a picture", "game", s.id, "picture", name, "err", err)
			return
		}
		out = append(out, Image{Name: name, Alt: s.alt(name, s.turnNow()), PNG: b.Bytes()})
	}
	if showMap {
		add("map.png", func(w io.Writer) error { return s.drawMap(w, g, opts) })
	}
	if showMarket {
		add("market.png", func(w io.Writer) error {
			return s.m.rendering(func() error {
				return safely(func() error { return render.Market(w, g, render.MarketOptions{Acting: opts.Acting}) })
			})
		})
	}
	return out
}

// drawMap draws g's map on the game's canvas; the caller holds a drawing
// slot.
func (s *Session) drawMap(w io.Writer, g *engine.Game, opts render.MapOptions) error {
	c := s.m.pictures.get(s.id)
	defer s.m.pictures.put(s.id, c)
	return s.m.rendering(func() error { return safely(func() error { return c.Draw(w, g, opts) }) })
}

// safely runs a drawing, turning a panic into an error.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("drawing: %v", r)
		}
	}()
	return f()
}

// mapDrawer draws one game's map, keeping what it needs to draw the next
// state cheaply.
type mapDrawer interface {
	Draw(w io.Writer, g *engine.Game, opts render.MapOptions) error
	Bytes() int
}

// canvases keeps the map drawers of recently moved games, bounded by the
// bytes they hold.
type canvases struct {
	mu   sync.Mutex
	max  int64
	used int64
	byID map[storage.GameID]*list.Element // of *canvasEntry
	lru  list.List                        // front: most recently used
}

type canvasEntry struct {
	id   storage.GameID
	c    mapDrawer
	size int64
}

func newCanvases(max int64) *canvases {
	return &canvases{max: max, byID: map[storage.GameID]*list.Element{}}
}

// get takes game id's drawer out of the pool (a new one if none); put
// gives it back. A drawer is used by one goroutine at a time.
func (cs *canvases) get(id storage.GameID) mapDrawer {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if e := cs.removeLocked(id); e != nil {
		return e.c
	}
	return newMapDrawer()
}

func (cs *canvases) put(id storage.GameID, c mapDrawer) {
	size := int64(c.Bytes())
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.max <= 0 || size > cs.max {
		return
	}
	cs.removeLocked(id) // another goroutine put one meanwhile
	cs.byID[id] = cs.lru.PushFront(&canvasEntry{id: id, c: c, size: size})
	cs.used += size
	for cs.used > cs.max {
		cs.removeLocked(cs.lru.Back().Value.(*canvasEntry).id)
	}
}

// drop forgets game id's drawer.
func (cs *canvases) drop(id storage.GameID) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	cs.removeLocked(id)
}

// removeLocked takes game id's entry out of the pool, if any.
func (cs *canvases) removeLocked(id storage.GameID) *canvasEntry {
	el, ok := cs.byID[id]
	if !ok {
		return nil
	}
	e := el.Value.(*canvasEntry)
	cs.lru.Remove(el)
	delete(cs.byID, id)
	cs.used -= e.size
	return e
}

func (cs *canvases) stats() (int, int64) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.lru.Len(), cs.used
}

// Overview answers a status query with the whole map and the market, as
// after a game starts or is imported, and in a stock round the table.
func (m *Manager) Overview(ctx context.Context, id storage.GameID, req Request) (Outcome, error) {
	s, err := m.Open(ctx, id)
	if err != nil {
		return Outcome{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.broken != nil {
		return s.refusal(s.brokenText(s.seq)), nil
	}
	rep := s.table.Exec(engineStatus(req))
	if rep.Err != nil {
		return Outcome{}, rep.Err
	}
	out := s.answer(rep)
	out.Game, out.Active, out.Offer = id, !out.Finished, out.Turn.Choices
	if req.NoImages || m.opt.NoImages {
		return out, nil
	}
	out.Images = s.draw(ctx, true, true, render.MapOptions{Acting: out.Turn.Acting()})
	if g := s.table.Game; !g.Finished() && s.table.Moves().Round == "SR" {
		out.Images = append(out.Images, s.drawTables(ctx, g, req.Screens)...) // the bids in view
	}
	return out, nil
}
