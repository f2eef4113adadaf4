package title

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// fixtureRoot is the shared fixture directory, relative to this package.
const fixtureRoot = "../../../shared/fixtures"

// fixtureAction is the part of a logged action that names companies,
// corporations and trains.
type fixtureAction struct {
	Entity      any                      `json:"entity"`
	EntityType  string                   `json:"entity_type"`
	Company     string                   `json:"company"`
	Corporation string                   `json:"corporation"`
	Tokener     string                   `json:"tokener"`
	Train       string                   `json:"train"`
	Exchange    string                   `json:"exchange"`
	Shares      []string                 `json:"shares"`
	Routes      []struct{ Train string } `json:"routes"`
	Auto        []fixtureAction          `json:"auto_actions"`
}

type fixtureGame struct {
	Title   string            `json:"title"`
	Players []json.RawMessage `json:"players"`
	Actions []fixtureAction   `json:"actions"`
}

// fixtureDir is the fixture directory of a title: its name without
// non-alphanumeric characters.
func fixtureDir(name string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, name)
}

// trainBase strips the copy index from a train id ("P+-0" → "P+").
func trainBase(id string) string {
	if i := strings.LastIndex(id, "-"); i > 0 {
		return id[:i]
	}
	return id
}

// TestFixtureIDs checks that every company, corporation and train named in a
// fixture exists in its title (companies: among those in play for the
// fixture's player count).
func TestFixtureIDs(t *testing.T) {
	if _, err := os.Stat(fixtureRoot); err != nil {
		t.Skipf("shared fixtures not found at %s: %v", fixtureRoot, err)
	}
	for _, name := range Names() {
		files, _ := filepath.Glob(filepath.Join(fixtureRoot, fixtureDir(name), "*.json"))
		t.Run(name, func(t *testing.T) {
			if len(files) == 0 {
				t.Skipf("no fixtures for %s", name)
			}
			for _, f := range files {
				checkFixture(t, f)
			}
		})
	}
}

func checkFixture(t *testing.T, path string) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g fixtureGame
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	ti, err := ByName(g.Title)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	inPlay := map[string]bool{}
	for _, c := range ti.StartingCompanies(len(g.Players), nil) {
		inPlay[c.ID] = true
	}
	base := filepath.Base(path)
	checked := 0
	company := func(id string) {
		if id != "" {
			checked++
		}
		if id != "" && !inPlay[id] {
			t.Errorf("%s: company %s not in play with %d players", base, id, len(g.Players))
		}
	}
	corp := func(id string) {
		if id != "" && ti.Corp(id) == nil {
			t.Errorf("%s: unknown corporation %s", base, id)
		}
	}
	train := func(id string) {
		if id != "" && ti.Train(trainBase(id)) == nil {
			t.Errorf("%s: unknown train %s", base, id)
		}
	}
	var walk func(acts []fixtureAction)
	walk = func(acts []fixtureAction) {
		for _, a := range acts {
			if s, ok := a.Entity.(string); ok {
				switch a.EntityType {
				case "company":
					company(s)
				case "corporation":
					corp(s)
				}
			}
			company(a.Company)
			corp(a.Corporation)
			corp(a.Tokener)
			for _, s := range a.Shares {
				corp(s[:strings.LastIndex(s, "_")])
			}
			train(a.Train)
			train(a.Exchange)
			for _, r := range a.Routes {
				train(r.Train)
			}
			walk(a.Auto)
		}
	}
	walk(g.Actions)
	if checked == 0 {
		t.Errorf("%s: no company named in the log", base)
	}
}
