package engine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// TestP10TokenIsTheOwners: CA P10 places its owner's token in Winnipeg, and
// 18xx.games logs the owner as the tokener (1822CA/2.json #507, GT). The
// listed move says so (self-play exported it without), and another
// corporation's token is refused without changing the state.
func TestP10TokenIsTheOwners(t *testing.T) {
	f, err := os.Open(filepath.Join(conformanceDir, "1822CA", "2.json"))
	if err != nil {
		t.Skip("../shared/fixtures not found")
	}
	l, err := action.ReadGameLog(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range l.Actions {
		if a.Env().ID == 507 {
			l.Actions = l.Actions[:i]
			break
		}
	}
	g, err := engine.Replay(l, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var listed []*action.PlaceToken
	for _, a := range g.Moves().Actions() {
		if pt, ok := a.(*action.PlaceToken); ok && pt.Entity.String() == "P10" {
			listed = append(listed, pt)
		}
	}
	if len(listed) == 0 {
		t.Fatal("P10's token is not listed")
	}
	for _, pt := range listed {
		if pt.Tokener != "GT" {
			t.Errorf("P10's token in %s listed with tokener %q, want GT", pt.City, pt.Tokener)
		}
	}
	before, _ := json.Marshal(g.Snapshot(true))
	wrong := *listed[0]
	wrong.Tokener = "CPR"
	if err := g.Apply(&wrong); err == nil || !strings.Contains(err.Error(), "owner GT") {
		t.Fatalf("a CPR token placed by P10: got %v, want a refusal naming the owner GT", err)
	}
	if after, _ := json.Marshal(g.Snapshot(true)); string(after) != string(before) {
		t.Fatal("the refused token changed the state")
	}
	if err := g.Apply(listed[0]); err != nil {
		t.Fatalf("the listed P10 token was refused: %v", err)
	}
}
