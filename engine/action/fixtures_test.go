package action

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fixtureDir holds the shared 18xx.games fixtures, relative to this package.
const fixtureDir = "../../../shared/fixtures"

// fixtureFiles returns the fixture paths, or skips the test when they are absent.
func fixtureFiles(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*", "*.json"))
	if len(files) == 0 {
		t.Skipf("no fixtures under %s (the shared folder is not checked out next to the repository)", fixtureDir)
	}
	return files
}

// fixtureName is a fixture's path relative to the fixture folder.
func fixtureName(path string) string {
	rel, err := filepath.Rel(fixtureDir, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(rel)
}

// readFixture reads a fixture file, skipping the test when it is absent.
func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(fixtureDir, name))
	if os.IsNotExist(err) {
		t.Skipf("fixture %s not found under %s", name, fixtureDir)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// semantic decodes JSON generically, numbers kept as text.
func semantic(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("invalid JSON %s: %v", b, err)
	}
	return v
}

func TestFixtureActionsRoundTrip(t *testing.T) {
	for _, path := range fixtureFiles(t) {
		t.Run(fixtureName(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var game struct{ Actions []json.RawMessage }
			if err := json.Unmarshal(data, &game); err != nil {
				t.Fatal(err)
			}
			if len(game.Actions) == 0 {
				t.Fatal("no actions")
			}
			for i, raw := range game.Actions {
				a, err := Decode(raw)
				if err != nil {
					t.Fatalf("action %d: %v", i, err)
				}
				checkModelled(t, i, a)
				out, err := json.Marshal(a)
				if err != nil {
					t.Fatalf("action %d: marshal: %v", i, err)
				}
				if !reflect.DeepEqual(semantic(t, raw), semantic(t, out)) {
					t.Fatalf("action %d changed:\n in  %s\n out %s", i, raw, out)
				}
			}
		})
	}
}

// checkModelled fails when a fixture action (or auto action) decoded to
// Unknown or kept a field of a modelled type in Extra.
func checkModelled(t *testing.T, i int, a Action) {
	t.Helper()
	e := a.Env()
	if _, ok := a.(*Unknown); ok {
		t.Errorf("action %d: type %q decoded as Unknown", i, e.Type)
	}
	_, program := map[string]bool{"program_share_pass": true, "program_buy_shares": true, "program_disable": true}[e.Type]
	if len(e.Extra) > 0 && !program {
		t.Errorf("action %d (%s): unmodelled fields %v", i, e.Type, keys(e.Extra))
	}
	if rr, ok := a.(*RunRoutes); ok {
		for _, r := range rr.Routes {
			if len(r.Extra) > 0 {
				t.Errorf("action %d: unmodelled route fields %v", i, keys(r.Extra))
			}
		}
	}
	for _, aa := range e.AutoActions {
		checkModelled(t, i, aa)
	}
}

func keys(m map[string]json.RawMessage) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestFixtureGameLogsRoundTrip checks that ReadGameLog then Write gives back
// the fixture byte for byte: same keys, same order, same values.
func TestFixtureGameLogsRoundTrip(t *testing.T) {
	for _, path := range fixtureFiles(t) {
		t.Run(fixtureName(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ReadGameLog(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if l.Title == "" || len(l.Players) == 0 || len(l.Actions) == 0 || len(l.Result) != len(l.Players) || l.GameEndReason == "" {
				t.Fatalf("incomplete log: title %q, %d players, %d actions, result %v, reason %q",
					l.Title, len(l.Players), len(l.Actions), l.Result, l.GameEndReason)
			}
			want := strings.ReplaceAll(strings.ToLower(l.Title), " ", "")
			if dir := strings.ToLower(filepath.Base(filepath.Dir(path))); dir != want {
				t.Errorf("title %q in folder %q", l.Title, dir)
			}
			var out bytes.Buffer
			if err := l.Write(&out); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(bytes.TrimSpace(data), out.Bytes()) {
				if !reflect.DeepEqual(semantic(t, data), semantic(t, out.Bytes())) {
					t.Fatal("re-encoded log differs in content")
				}
				t.Error("re-encoded log has the same content but different bytes")
			}
		})
	}
}

// TestFixtureTypedValues spot-checks decoded values against the fixture text.
func TestFixtureTypedValues(t *testing.T) {
	l, err := ReadGameLog(bytes.NewReader(readFixture(t, "1822CA/1.json")))
	if err != nil {
		t.Fatal(err)
	}
	bid, ok := l.Actions[0].(*Bid)
	if !ok {
		t.Fatalf("action 0 is %T, want *Bid", l.Actions[0])
	}
	if pid, ok := bid.Entity.PlayerID(); !ok || pid != 0 || bid.EntityType != EntityPlayer ||
		bid.ID != 1 || bid.Company != "C4" || bid.Price != 100 {
		t.Errorf("action 0 = %+v", bid)
	}
	counts := map[string]int{}
	for _, a := range l.Actions {
		counts[TypeName(a)]++
		switch a := a.(type) {
		case *LayTile:
			if a.Entity.IsPlayer() || a.Hex == "" || a.Tile == "" {
				t.Errorf("lay_tile %d = %+v", a.ID, a)
			}
		case *RunRoutes:
			for _, r := range a.Routes {
				if r.Train == "" || len(r.Hexes) == 0 || r.RevenueStr == "" {
					t.Errorf("run_routes %d route = %+v", a.ID, r)
				}
			}
		}
	}
	if counts["undo"] != 62 || counts["redo"] != 1 {
		t.Errorf("1822CA/1.json: %d undos and %d redos, want 62 and 1", counts["undo"], counts["redo"])
	}
}
