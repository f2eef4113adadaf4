package action

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestSeedFixtures(t *testing.T) {
	tests := []struct {
		fixture string
		want    int64
	}{
		{"1822PNW/586.json", 586},                                          // no seed: id "hs_mlxjskfr_586"
		{"1822PNW/merger_high_value_minors.json", 1757291868},              // seed "": id "hs_rbvfejpb_1757291868"
		{"1822CA/1.json", 1705813307},                                      // seed given, id "1"
		{"1822PNW/merger_final_minor_merged_before_its_turn.json", 125009}, // legacy_seed ignored
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			l, err := ReadGameLog(bytes.NewReader(readFixture(t, tt.fixture)))
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Seed(); got != tt.want {
				t.Fatalf("Seed() = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestSeed(t *testing.T) {
	tests := []struct {
		name, settings, id string
		want               int64
	}{
		{"number", `{"seed":337421161}`, `196956`, 337421161},
		{"empty string", `{"seed":""}`, `"hs_abc_42"`, 42},
		{"null", `{"seed":null}`, `"hs_abc_42"`, 42},
		{"absent", `{"optional_rules":[]}`, `"hs_abc_42"`, 42},
		{"no settings", ``, `"hs_abc_42"`, 42},
		{"numeric id", `{}`, `196956`, 196956},
		{"first digit run", `{}`, `"a12b34"`, 12},
		{"no digits", `{}`, `"hotseat"`, 0},
		{"digit string seed", `{"seed":"77"}`, `"x_1"`, 77},
		{"other string seed", `{"seed":"abc"}`, `"x_1"`, 1},
		{"huge id", `{}`, `"hs_x_99999999999999999999999"`, 99999999999999999999999 % (1 << 31)},
		{"zero seed", `{"seed":0}`, `"x_5"`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			js := `{"id":` + tt.id
			if tt.settings != "" {
				js += `,"settings":` + tt.settings
			}
			l, err := ReadGameLog(bytes.NewReader([]byte(js + "}")))
			if err != nil {
				t.Fatal(err)
			}
			if got := l.Seed(); got != tt.want {
				t.Fatalf("Seed() = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestGameLogRoundTrip(t *testing.T) {
	tests := []string{
		`{"id":"hs_a_1","title":"1822PNW","players":[{"name":"A","id":0}],"settings":{"optional_rules":["remove_three_ls"],"seed":""},"actions":[],"result":{"0":5},"x":null}`,
		`{"status":"finished","settings":null,"id":3,"actions":[{"type":"end_game","entity":0,"entity_type":"player","id":1}]}`,
		`{"result":{"9":10,"1":20}}`,
		`{}`,
	}
	for _, in := range tests {
		t.Run("", func(t *testing.T) {
			l, err := ReadGameLog(bytes.NewReader([]byte(in)))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := l.Write(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != in {
				t.Fatalf("round trip\n in  %s\n out %s", in, out.String())
			}
		})
	}
}

func TestGameLogConstructed(t *testing.T) {
	l := &GameLog{
		Title:    "1822CA",
		Players:  []Player{{ID: 1, Name: "Ann"}, {ID: 2, Name: "Bob"}},
		Settings: Settings{Seed: json.RawMessage("12"), OptionalRules: []string{}},
		Actions:  []Action{&EndGame{Envelope: Envelope{ID: 1, Entity: PlayerEntity(2), EntityType: EntityPlayer}}},
		Result:   map[string]int{"2": 700, "1": 650},
	}
	var out bytes.Buffer
	if err := l.Write(&out); err != nil {
		t.Fatal(err)
	}
	want := `{"title":"1822CA","players":[{"id":1,"name":"Ann"},{"id":2,"name":"Bob"}],"settings":{"seed":12,"optional_rules":[]},` +
		`"actions":[{"type":"end_game","entity":2,"entity_type":"player","id":1}],"result":{"1":650,"2":700}}`
	if out.String() != want {
		t.Fatalf("got  %s\nwant %s", out.String(), want)
	}
	if l.Seed() != 12 {
		t.Errorf("Seed() = %d", l.Seed())
	}
}

func TestReadGameLogErrors(t *testing.T) {
	for _, in := range []string{``, `[]`, `{"actions":[{"entity":1}]}`, `{"players":{}}`, `{"settings":[]}`, `{"id":true}`} {
		if _, err := ReadGameLog(bytes.NewReader([]byte(in))); err == nil {
			t.Errorf("ReadGameLog(%s) succeeded", in)
		}
	}
}

// TestGameLogChanged checks what is written after a decoded log is changed.
func TestGameLogChanged(t *testing.T) {
	const in = `{"id":"g_1","settings":{"seed":5,"x":1},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":1}],"result":{"1":5},"z":true}`
	tests := []struct {
		name   string
		change func(*GameLog)
		want   string
	}{
		{"unchanged", func(*GameLog) {}, in},
		{"action appended", func(l *GameLog) {
			l.Actions = append(l.Actions, &Bid{Envelope: Envelope{ID: 2, Entity: PlayerEntity(1), EntityType: EntityPlayer}, Company: "P1"})
		}, `{"id":"g_1","settings":{"seed":5,"x":1},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":1},` +
			`{"type":"bid","entity":1,"entity_type":"player","id":2,"company":"P1","price":0}],"result":{"1":5},"z":true}`},
		{"read action changed", func(l *GameLog) { l.Actions[0].Env().ID = 3 },
			`{"id":"g_1","settings":{"seed":5,"x":1},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":3}],"result":{"1":5},"z":true}`},
		{"player renamed and added", func(l *GameLog) {
			l.Players[0].Name = "B"
			l.Players = append(l.Players, Player{ID: 2, Name: "C"})
		}, `{"id":"g_1","settings":{"seed":5,"x":1},"players":[{"name":"B","id":1},{"id":2,"name":"C"}],"actions":[{"type":"pass","entity":1,"id":1}],"result":{"1":5},"z":true}`},
		{"settings changed", func(l *GameLog) { l.Settings.OptionalRules = []string{"r"}; l.Settings.Seed = nil },
			`{"id":"g_1","settings":{"x":1,"optional_rules":["r"]},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":1}],"result":{"1":5},"z":true}`},
		{"settings cleared", func(l *GameLog) { l.Settings = Settings{} },
			`{"id":"g_1","settings":{},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":1}],"result":{"1":5},"z":true}`},
		{"result and extra changed", func(l *GameLog) { l.Result["2"] = 7; delete(l.Extra, "z"); l.GameEndReason = "bank" },
			`{"id":"g_1","settings":{"seed":5,"x":1},"players":[{"name":"A","id":1}],"actions":[{"type":"pass","entity":1,"id":1}],"result":{"1":5,"2":7},"game_end_reason":"bank"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := ReadGameLog(bytes.NewReader([]byte(in)))
			if err != nil {
				t.Fatal(err)
			}
			tt.change(l)
			var out bytes.Buffer
			if err := l.Write(&out); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Fatalf("got  %s\nwant %s", out.String(), tt.want)
			}
		})
	}
}
