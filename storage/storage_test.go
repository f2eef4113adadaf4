package storage

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"pbc/engine/action"
)

func TestStatusTransitions(t *testing.T) {
	all := []Status{Forming, Active, Finished, Abandoned}
	allowed := map[[2]Status]bool{
		{Forming, Active}: true, {Forming, Finished}: true, {Forming, Abandoned}: true,
		{Active, Finished}: true, {Active, Abandoned}: true,
	}
	for _, from := range all {
		for _, to := range all {
			if got := from.CanBecome(to); got != allowed[[2]Status{from, to}] {
				t.Errorf("%s.CanBecome(%s) = %v", from, to, got)
			}
		}
	}
	if Status("paused").Valid() || Platform("irc").Valid() || !Slack.Valid() {
		t.Error("Valid accepts an unknown value or refuses a known one")
	}
}

func TestCheckAction(t *testing.T) {
	got, err := CheckAction(json.RawMessage(`{ "type": "pass", "entity": 7, "entity_type": "player" }`))
	if err != nil || string(got) != `{"type":"pass","entity":7,"entity_type":"player"}` {
		t.Fatalf("CheckAction: %s, %v", got, err)
	}
	for _, bad := range []string{``, `{`, `[]`, `{"entity":1}`, `{"type":"bid","price":"x"}`, "\xff"} {
		if _, err := CheckAction(json.RawMessage(bad)); !errors.Is(err, ErrInvalid) {
			t.Errorf("CheckAction(%q): %v, want ErrInvalid", bad, err)
		}
	}
}

func TestDecodeEntriesReportsTheFirstBadRow(t *testing.T) {
	es := make([]Entry, 300)
	for i := range es {
		es[i] = Entry{Seq: i + 1, Action: json.RawMessage(`{"type":"pass"}`)}
	}
	es[250].Action = json.RawMessage(`{"type":`)
	es[120].Action = json.RawMessage(`7`)
	_, err := DecodeEntries(9, es)
	var ce *CorruptError
	if !errors.As(err, &ce) || ce.Game != 9 || ce.Seq != 121 {
		t.Fatalf("DecodeEntries: %v, want game 9 seq 121", err)
	}
	es[120].Action, es[250].Action = es[0].Action, es[0].Action
	es = append(es[:10], es[11:]...)
	if _, err := DecodeEntries(9, es); !errors.As(err, &ce) || ce.Seq != 11 || !strings.Contains(ce.Reason, "missing") {
		t.Fatalf("DecodeEntries with a gap: %v, want seq 11 missing", err)
	}
}

func TestPlanImportAndBuildLog(t *testing.T) {
	src := `{"id":"hs_1","title":"1822PNW","players":[{"id":5,"name":"A"},{"id":6,"name":"B"}],` +
		`"settings":{"seed":"77","optional_rules":["remove_two_ls"]},"status":"active","turn":3,` +
		`"actions":[{"type":"pass","entity":5,"entity_type":"player","id":1,"created_at":1700000000}]}`
	l, err := action.ReadGameLog(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1800000000, 0)
	p, err := PlanImport(Channel{Platform: Discord, Workspace: "g", ID: "c"}, "me", l, now)
	if err != nil {
		t.Fatal(err)
	}
	if p.Game.Status != Active || p.Game.Seed != 77 || len(p.Seats) != 2 || p.Seats[1].PlayerID != 6 ||
		len(p.Entries) != 1 || !p.Entries[0].At.Equal(time.Unix(1700000000, 0)) {
		t.Fatalf("plan: %+v", p)
	}
	acts, err := DecodeEntries(1, p.Entries)
	if err != nil {
		t.Fatal(err)
	}
	built, err := BuildLog(p.Game, p.Seats, acts, p.Header, 1)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := built.Write(&out); err != nil || out.String() != src {
		t.Fatalf("rebuilt log:\n%s\nwant\n%s (%v)", out.String(), src, err)
	}
	// Once the game moves on, the imported state fields are dropped and a
	// replaced seat's name is used.
	p.Seats[0].DisplayName = "Ann"
	built, err = BuildLog(p.Game, p.Seats, append(acts, acts[0]), p.Header, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := built.Extra["turn"]; ok || built.Players[0].Name != "Ann" || len(built.Actions) != 2 {
		t.Fatalf("moved-on log: %+v", built)
	}
	if _, err := PlanImport(Channel{Platform: "irc", ID: "c"}, "me", l, now); !errors.Is(err, ErrInvalid) {
		t.Errorf("bad channel: %v", err)
	}
	l.Players = append(l.Players, l.Players[0])
	if _, err := PlanImport(Channel{Platform: Local, ID: "c"}, "me", l, now); !errors.Is(err, ErrInvalid) {
		t.Errorf("a player twice: %v", err)
	}
}

func FuzzDecodeEntry(f *testing.F) {
	for _, s := range []string{`{"type":"pass"}`, `{"type":"bid","company":"M1","price":5}`, `{`, `[]`, `null`, `{"type":"lay_tile","hex":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := DecodeEntry(3, Entry{Seq: 4, Action: b})
		if err != nil {
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Game != 3 || ce.Seq != 4 || ce.Reason == "" {
				t.Fatalf("error %v is not a CorruptError for game 3 seq 4", err)
			}
		} else if a == nil {
			t.Fatal("no action and no error")
		}
	})
}
