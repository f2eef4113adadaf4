package board

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const fixturesDir = "../../../shared/fixtures"

// fixtureAction holds the action fields that name hexes, tiles and cities.
type fixtureAction struct {
	Type     string `json:"type"`
	ID       int    `json:"id"`
	ActionID *int   `json:"action_id"`
	Hex      string `json:"hex"`
	Tile     string `json:"tile"`
	Rotation int    `json:"rotation"`
	City     string `json:"city"`
	Routes   []struct {
		Hexes []string `json:"hexes"`
	} `json:"routes"`
}

// loadFixtures returns the actions of every game in a fixture directory.
func loadFixtures(t *testing.T, dir string) map[string][]fixtureAction {
	t.Helper()
	if _, err := os.Stat(fixturesDir); err != nil {
		t.Skipf("fixtures not available at %s: %v", fixturesDir, err)
	}
	files, err := filepath.Glob(filepath.Join(fixturesDir, dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]fixtureAction{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var game struct {
			Actions []fixtureAction `json:"actions"`
		}
		if err := json.Unmarshal(data, &game); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = effective(game.Actions)
	}
	return out
}

// effective drops undone actions (the undo/redo filter of the log format, 3.6).
func effective(raw []fixtureAction) []fixtureAction {
	type slot struct {
		a    fixtureAction
		full bool
	}
	type undone struct {
		pos []int
		act []fixtureAction
	}
	kept := make([]slot, len(raw))
	var stack []undone
	for i, a := range raw {
		switch a.Type {
		case "undo":
			p := 0
			switch {
			case a.ActionID != nil && *a.ActionID == 0:
			case a.ActionID != nil:
				for j, r := range raw {
					if r.ID == *a.ActionID {
						p = j + 1
						break
					}
				}
			default:
				for j := i - 1; j >= 0; j-- {
					if kept[j].full && kept[j].a.Type != "message" {
						p = j
						break
					}
				}
			}
			var g undone
			for j := p; j < i; j++ {
				if kept[j].full && kept[j].a.Type != "message" {
					g.pos, g.act = append(g.pos, j), append(g.act, kept[j].a)
					kept[j].full = false
				}
			}
			stack = append(stack, g)
		case "redo":
			if n := len(stack); n > 0 {
				g := stack[n-1]
				stack = stack[:n-1]
				for k, j := range g.pos {
					kept[j] = slot{g.act[k], true}
				}
			}
		case "message":
			kept[i] = slot{a, true}
		default:
			stack = nil
			kept[i] = slot{a, true}
		}
	}
	var out []fixtureAction
	for _, k := range kept {
		if k.full {
			out = append(out, k.a)
		}
	}
	return out
}

var copySuffix = regexp.MustCompile(`-\d+$`)

// TestFixtureBoards checks every hex, tile and preprinted city the fixtures name
// against the maps: laid tiles exist in the title's supply and their track only
// leads to hexes on the map, across no impassable border.
func TestFixtureBoards(t *testing.T) {
	for _, mc := range titleMaps {
		t.Run(mc.dir, func(t *testing.T) {
			m := mc.build()
			games := loadFixtures(t, mc.dir)
			if len(games) == 0 {
				t.Skipf("no fixtures in %s", mc.dir)
			}
			lays := 0
			for file, actions := range games {
				onHex := map[string]laid{}
				for _, a := range actions {
					switch a.Type {
					case "lay_tile":
						lays++
						checkLay(t, m, file, a, onHex)
					case "run_routes":
						for _, r := range a.Routes {
							for _, id := range r.Hexes {
								if m.Hex(id) == nil {
									t.Errorf("%s: route hex %s not on the map", file, id)
								}
							}
						}
					}
					if a.City != "" {
						checkCity(t, m, file, a.City)
					}
				}
			}
			if lays == 0 {
				t.Errorf("no lay_tile actions in %s", mc.dir)
			}
		})
	}
}

// laid is a tile on a hex at a rotation.
type laid struct {
	tile *Tile
	rot  int
}

// checkLay checks one effective tile lay; onHex holds the tiles laid so far.
func checkLay(t *testing.T, m *Map, file string, a fixtureAction, onHex map[string]laid) {
	t.Helper()
	h := m.Hex(a.Hex)
	if h == nil {
		t.Errorf("%s: lay_tile hex %s not on the map", file, a.Hex)
		return
	}
	name := copySuffix.ReplaceAllString(a.Tile, "")
	tile, ok := m.TileDef(name)
	if !ok {
		t.Errorf("%s: lay_tile tile %s (%s) not in the supply", file, a.Tile, name)
		return
	}
	if _, ok := TileDef(name); !ok {
		t.Errorf("%s: tile %s not in the library", file, name)
	}
	if name == "BC" {
		return // a builder cube is a marker: the hex keeps its tile
	}
	old, ok := onHex[h.ID]
	if !ok {
		old = laid{&h.Tile, 0}
	}
	onHex[h.ID] = laid{tile, a.Rotation}
	// An upgrade keeps all existing track. Only abilities lay on PNW's brown
	// mountain ranges (coal mine PNW4) and blue waters (ports, portages), over
	// their printed stubs.
	if ok || (h.Color != Blue && h.Color != Brown) {
		newExits := tile.Exits(a.Rotation)
		for _, e := range old.tile.Exits(old.rot) {
			if !slices.Contains(newExits, e) {
				t.Errorf("%s: %s on %s rotation %d drops edge %d of %s", file, a.Tile, h.ID, a.Rotation, e, old.tile.Name)
			}
		}
	}
	if name == "PNW3" {
		return // PNW3 is laid by an ability, its track may run off the map
	}
	for _, e := range tile.Exits(a.Rotation) {
		n := m.Hex(Neighbor(m.Layout, h.ID, e))
		if n == nil {
			t.Errorf("%s: %s on %s rotation %d leads off the map at edge %d", file, a.Tile, h.ID, a.Rotation, e)
			continue
		}
		if impassable(h, e) || impassable(n, (e+3)%6) {
			t.Errorf("%s: %s on %s rotation %d crosses an impassable border at edge %d", file, a.Tile, h.ID, a.Rotation, e)
		}
	}
}

func impassable(h *Hex, edge int) bool {
	for _, b := range h.Borders {
		if b.Edge == edge && b.Kind == Impassable {
			return true
		}
	}
	return false
}

// checkCity checks a city id "<tile id>-<part>" whose tile is a preprinted face:
// the face's tile id must be "<hex>-<TileIndex>" and the part a city.
func checkCity(t *testing.T, m *Map, file, id string) {
	t.Helper()
	i := strings.LastIndexByte(id, '-')
	j := strings.LastIndexByte(id[:max(i, 0)], '-')
	if i < 0 || j < 0 {
		t.Errorf("%s: bad city id %q", file, id)
		return
	}
	name := id[:j]
	k, err1 := strconv.Atoi(id[j+1 : i])
	part, err2 := strconv.Atoi(id[i+1:])
	if err1 != nil || err2 != nil {
		t.Errorf("%s: bad city id %q", file, id)
		return
	}
	if _, isTile := m.TileDef(name); isTile {
		return
	}
	h := m.Hex(name)
	if h == nil {
		t.Errorf("%s: city %s names neither a tile nor a hex", file, id)
		return
	}
	if h.TileIndex != k {
		t.Errorf("%s: city %s but %s has tile index %d", file, id, h.ID, h.TileIndex)
	}
	if part >= len(h.Tile.Nodes) || h.Tile.Nodes[part].Kind != City {
		t.Errorf("%s: city %s: part %d of %s is not a city", file, id, part, h.ID)
	}
}
