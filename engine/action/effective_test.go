package action

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// script builds a log from words "<id>:<type>" or "<id>:undo@<action_id>".
func script(t *testing.T, s string) []Action {
	t.Helper()
	var out []Action
	for _, w := range strings.Fields(s) {
		id, typ, _ := strings.Cut(w, ":")
		typ, target, hasTarget := strings.Cut(typ, "@")
		js := fmt.Sprintf(`{"type":%q,"entity":0,"entity_type":"player","id":%s`, typ, id)
		if hasTarget {
			js += `,"action_id":` + target
		}
		out = append(out, mustDecode(t, js+"}"))
	}
	return out
}

// label names an action by id and type, for comparing results.
func label(a Action) string { return strconv.Itoa(a.Env().ID) + ":" + TypeName(a) }

func TestEffective(t *testing.T) {
	tests := []struct {
		name, log string
		want      string // kept actions, or "error"
	}{
		{"no undo", "1:bid 2:pass 3:log", "1:bid 2:pass 3:log"},
		{"undo last", "1:bid 2:bid 3:undo", "1:bid"},
		{"undo twice", "1:bid 2:bid 3:undo 4:undo", ""},
		{"undo more than there is", "1:bid 2:undo 3:undo", ""},
		{"undo then redo", "1:bid 2:bid 3:undo 4:redo", "1:bid 2:bid"},
		{"two undos two redos", "1:bid 2:bid 3:undo 4:undo 5:redo 6:redo", "1:bid 2:bid"},
		{"two undos one redo", "1:bid 2:bid 3:undo 4:undo 5:redo", "1:bid"},
		{"redo after new action", "1:bid 2:bid 3:undo 4:pass 5:redo", "error"},
		{"redo without undo", "1:bid 2:redo", "error"},
		{"redo of an empty undo", "1:undo 2:redo 3:bid", "3:bid"},
		{"undo to action_id", "1:bid 2:bid 3:pass 4:undo@1", "1:bid"},
		{"undo to action_id then redo", "1:bid 2:bid 3:pass 4:undo@1 5:redo", "1:bid 2:bid 3:pass"},
		{"undo to action_id 0", "1:bid 2:bid 3:undo@0", ""},
		{"undo to the previous action", "1:bid 2:bid 3:undo@2", "1:bid 2:bid"},
		{"undo to unknown action_id", "1:bid 2:undo@7", "error"},
		{"undo to an undo", "1:bid 2:bid 3:undo 4:pass 5:undo@3", "1:bid"},
		{"redo restores only its own group", "1:bid 2:bid 3:undo 4:undo@0 5:redo", "1:bid"},
		{"message is never undone", "1:bid 2:message 3:undo", "2:message"},
		{"undo skips a trailing message", "1:bid 2:bid 3:message 4:undo", "1:bid 3:message"},
		{"action_id 0 keeps messages", "1:message 2:bid 3:undo@0", "1:message"},
		{"message keeps the redo stack", "1:bid 2:undo 3:message 4:redo", "1:bid 3:message"},
		{"log is undone", "1:bid 2:log 3:undo", "1:bid"},
		{"log clears the redo stack", "1:bid 2:undo 3:log 4:redo", "error"},
		{"end_game and programs are actions", "1:bid 2:program_share_pass 3:end_game 4:undo 5:undo", "1:bid"},
		{"duplicate id: first match", "1:bid 2:pass 2:bid 3:pass 4:undo@2", "1:bid 2:pass"},
		{"undo after undone action_id target", "1:bid 2:bid 3:undo 4:pass 5:undo@2", "1:bid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Effective(script(t, tt.log))
			if tt.want == "error" {
				if err == nil {
					t.Fatalf("Effective = %v, want an error", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var labels []string
			for _, a := range got {
				labels = append(labels, label(a))
			}
			if g := strings.Join(labels, " "); g != tt.want {
				t.Fatalf("Effective = %q, want %q", g, tt.want)
			}
		})
	}
}

func TestEffectiveNil(t *testing.T) {
	if _, err := Effective([]Action{nil}); err == nil {
		t.Fatal("Effective accepted a nil action")
	}
	got, err := Effective(nil)
	if err != nil || len(got) != 0 {
		t.Fatalf("Effective(nil) = %v, %v", got, err)
	}
}

// TestEffectiveFixtures checks the number of effective actions of each fixture,
// counted by an independent implementation of section 3.6 (a Python script
// run on the same files). Migrated logs, without undo/redo, keep every action.
func TestEffectiveFixtures(t *testing.T) {
	want := map[string]int{
		"1822CA/1.json": 390, "1822CA/1822CA_game_end_bank.json": 1214,
		"1822CA/1822CA_game_end_stock_market.json": 1019, "1822CA/2.json": 636, "1822CA/4.json": 989,
		"1822CAERS/1822CAERS_game_end_bank.json": 944, "1822CAERS/1822CAERS_game_end_stock_market.json": 859,
		"1822CAWRS/1822CAWRS_game_end_stock_market.json": 657,
		"1822PNW/165580.json":                            856, "1822PNW/1822PNW_game_end_bank.json": 969,
		"1822PNW/1822PNW_game_end_stock_market.json": 1193, "1822PNW/586.json": 152,
		"1822PNW/game_end_stock_market_bank_same_turn.json":      1193,
		"1822PNW/merger_final_minor_merged_before_its_turn.json": 679,
		"1822PNW/merger_high_value_minors.json":                  142, "1822PNW/mill_ski_coal.json": 557,
		"1822PNW/no_tokens_left.json": 766, "1822PNW/p19_merge_coal_company_1.json": 64,
		"1822PNW/p19_merge_coal_company_2.json": 65, "1822PNW/p19_merge_coal_company_3.json": 86,
		"1822PNW/p19_merge_coal_company_4.json": 80, "1822PNW/p19_on_hex_with_cost.json": 574,
		"1822PNW/p20_replaces_closed_minor.json":                       503,
		"1822PNWSRS/1822PNWSRS_game_end_bank_during_sr.json":           789,
		"1822PNWSRS/1822PNWSRS_game_end_stock_market.json":             842,
		"1822PNWShortScenario/1822PNWShortScenario_game_end_bank.json": 878,
	}
	for _, path := range fixtureFiles(t) {
		name := fixtureName(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			l, err := ReadGameLog(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			eff, err := Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			undoRedo := slices.ContainsFunc(l.Actions, func(a Action) bool {
				_, u := a.(*Undo)
				_, r := a.(*Redo)
				return u || r
			})
			if !undoRedo && len(eff) != len(l.Actions) {
				t.Errorf("no undo/redo but %d of %d actions kept", len(eff), len(l.Actions))
			}
			for _, a := range eff {
				switch a.(type) {
				case *Undo, *Redo:
					t.Fatalf("effective list holds %s", label(a))
				}
			}
			if _, ok := eff[len(eff)-1].(*EndGame); !ok && l.GameEndReason == "manually_ended" {
				t.Errorf("manually ended, but the last effective action is %s", label(eff[len(eff)-1]))
			}
			if w, ok := want[name]; !ok {
				t.Errorf("no expected count for %s (got %d)", filepath.ToSlash(name), len(eff))
			} else if len(eff) != w {
				t.Errorf("%d effective actions, want %d", len(eff), w)
			}
		})
	}
}
