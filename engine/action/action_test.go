package action

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func mustDecode(t *testing.T, s string) Action {
	t.Helper()
	a, err := Decode([]byte(s))
	if err != nil {
		t.Fatalf("Decode(%s): %v", s, err)
	}
	return a
}

func mustMarshal(t *testing.T, a any) string {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("Marshal(%+v): %v", a, err)
	}
	return string(b)
}

// TestRoundTripExact checks that decoding then encoding gives the same bytes.
func TestRoundTripExact(t *testing.T) {
	tests := []struct{ name, in string }{
		{"player entity", `{"type":"bid","entity":5840,"entity_type":"player","id":1,"created_at":1,"company":"M5","price":100}`},
		{"corporation entity", `{"type":"pass","entity":"CPR","entity_type":"corporation","id":2,"created_at":1}`},
		{"key order kept", `{"hex":"F17","tile":"57-0","type":"lay_tile","entity":"6","rotation":3,"entity_type":"corporation","id":9,"user":12,"created_at":5}`},
		{"share_price false", `{"type":"buy_shares","entity":1,"shares":["NP_3"],"percent":10,"entity_type":"player","share_price":false,"id":7}`},
		{"share_price null", `{"type":"buy_shares","entity":1,"entity_type":"player","shares":["NP_3"],"percent":10,"share_price":null}`},
		{"share_price number", `{"type":"sell_shares","entity":"NP","entity_type":"corporation","shares":["NP_4","NP_5"],"percent":20,"share_price":55}`},
		{"original_id null", `{"type":"pass","entity":0,"entity_type":"player","user":0,"created_at":1,"original_id":null,"id":72}`},
		{"no id (auto action)", `{"type":"hex_token","entity":"CPR","entity_type":"corporation","created_at":1,"hex":"AG13","token_type":"destination"}`},
		{"empty connections", `{"type":"run_routes","entity":"5","entity_type":"corporation","id":3,"routes":[{"train":"L-4","connections":[],"hexes":["H11"],"revenue":20,"revenue_str":"H11","nodes":["H11-0"]}],"extra_revenue":0}`},
		{"local connection", `{"type":"run_routes","entity":"5","entity_type":"corporation","id":3,"routes":[{"train":"L-4","connections":[["local","H11"]],"hexes":["H11"],"revenue":20,"revenue_str":"H11","nodes":["H11-0"]}],"extra_revenue":0,"subsidy":0}`},
		{"empty routes", `{"type":"run_routes","entity":"5","entity_type":"corporation","id":3,"routes":[]}`},
		{"route extra field", `{"type":"run_routes","entity":"5","entity_type":"corporation","id":3,"routes":[{"train":"2-0","connections":[["A1","A3"]],"hexes":["A1","A3"],"revenue":40,"revenue_str":"A1-A3","halts":1,"nodes":["A1-0","A3-0"]}]}`},
		{"undo without action_id", `{"type":"undo","entity":"CPR","entity_type":"corporation","id":4,"user":3}`},
		{"undo action_id 0", `{"type":"undo","entity":1,"action_id":0,"entity_type":"player","id":4}`},
		{"place_token no slot", `{"type":"place_token","entity":"ICR","entity_type":"corporation","created_at":1,"city":"Q1-0-0","token_type":"destination"}`},
		{"place_token slot null", `{"type":"place_token","entity":"ICR","entity_type":"corporation","city":"Q1-0-0","slot":null,"tokener":"ICR"}`},
		{"auto actions", `{"type":"bid","entity":0,"entity_type":"player","id":1,"auto_actions":[{"type":"pass","entity":1,"entity_type":"player","created_at":1},{"type":"program_disable","entity":2,"entity_type":"player","reason":"x"}],"company":"P3","price":0}`},
		{"empty auto actions", `{"type":"pass","entity":0,"entity_type":"player","id":1,"auto_actions":[]}`},
		{"unknown field", `{"type":"bid","entity":0,"entity_type":"player","id":1,"company":"P3","price":0,"zzz":{"a":[1,2]},"aaa":true}`},
		{"unknown type", `{"type":"take_loan","entity":"CPR","entity_type":"corporation","id":1,"loan":3}`},
		{"program fields", `{"type":"program_buy_shares","entity":3,"entity_type":"player","id":1,"corporation":"CPR","until_condition":"float","from_market":false,"auto_pass_after":true}`},
		{"null entity", `{"type":"pass","entity":null,"entity_type":"player"}`},
		{"negative player id", `{"type":"pass","entity":-3,"entity_type":"player"}`},
		{"html characters", `{"type":"log","entity":1,"entity_type":"player","id":2,"message":"<b> & </b>"}`},
		{"escaped string", `{"type":"log","entity":1,"entity_type":"player","message":"\u0041\/\n","hex":"\u00e9"}`},
		{"raw line separator", "{\"type\":\"log\",\"message\":\"a\u2028b\"}"},
		{"invalid utf-8", "{\"type\":\"log\",\"message\":\"a\xffb\"}"},
		{"null string", `{"type":"choose","entity":"CPR","entity_type":"corporation","choice":null}`},
		{"negative zero", `{"type":"bid","entity":1,"entity_type":"player","price":-0}`},
		{"null list", `{"type":"lay_tile","entity":"1","hex":"A1","tile":"5-0","rotation":0,"combo_entities":null}`},
		{"nested unknown", `{"type":"x","a":{"b":[1,2.5e3,"c",null,true,{}]},"d":[]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustDecode(t, tt.in)
			got, err := marshalAction(a)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.in {
				t.Fatalf("round trip\n in  %s\n out %s", tt.in, got)
			}
			if !reflect.DeepEqual(semantic(t, []byte(tt.in)), semantic(t, []byte(mustMarshal(t, a)))) {
				t.Fatalf("json.Marshal changed the content: %s", mustMarshal(t, a))
			}
		})
	}
}

func TestDecodedValues(t *testing.T) {
	a := mustDecode(t, `{"type":"buy_shares","entity":1,"entity_type":"player","shares":["NP_3"],"percent":10,"share_price":false}`)
	if bs := a.(*BuyShares); bs.SharePrice != 0 || bs.Percent != 10 || !reflect.DeepEqual(bs.Shares, []string{"NP_3"}) {
		t.Errorf("buy_shares = %+v", bs)
	}
	a = mustDecode(t, `{"type":"undo","entity":1,"entity_type":"player","action_id":0}`)
	if u := a.(*Undo); u.ActionID == nil || *u.ActionID != 0 {
		t.Errorf("undo action_id = %v", u.ActionID)
	}
	a = mustDecode(t, `{"type":"undo","entity":1,"entity_type":"player"}`)
	if u := a.(*Undo); u.ActionID != nil {
		t.Errorf("undo without action_id has %d", *u.ActionID)
	}
	a = mustDecode(t, `{"type":"pass","entity":"17","entity_type":"corporation","created_at":1}`)
	if e := a.Env(); e.Entity.IsPlayer() || e.Entity.String() != "17" || e.HasID() {
		t.Errorf("pass = %+v", e)
	}
	if _, ok := a.Env().Entity.PlayerID(); ok {
		t.Error(`PlayerID of "17" reports a player`)
	}
	a = mustDecode(t, `{"type":"pass","entity":5840,"entity_type":"player","id":0}`)
	if e := a.Env(); !e.HasID() || !e.Entity.IsPlayer() {
		t.Errorf("pass = %+v", e)
	}
	if id, ok := a.Env().Entity.PlayerID(); !ok || id != 5840 {
		t.Errorf("PlayerID = %d, %v", id, ok)
	}
}

// TestEncodeChanged checks what is written after a decoded value is changed.
func TestEncodeChanged(t *testing.T) {
	tests := []struct {
		name, in string
		change   func(Action)
		want     string
	}{
		{"price", `{"type":"bid","price":100,"entity":0,"entity_type":"player","company":"M5"}`,
			func(a Action) { a.(*Bid).Price = 105 },
			`{"type":"bid","price":105,"entity":0,"entity_type":"player","company":"M5"}`},
		{"share_price false to number", `{"type":"buy_shares","entity":1,"entity_type":"player","shares":["A_1"],"percent":10,"share_price":false}`,
			func(a Action) { a.(*BuyShares).SharePrice = 40 },
			`{"type":"buy_shares","entity":1,"entity_type":"player","shares":["A_1"],"percent":10,"share_price":40}`},
		{"share_price number to unset", `{"type":"sell_shares","entity":"A","entity_type":"corporation","shares":["A_1"],"percent":10,"share_price":40}`,
			func(a Action) { a.(*SellShares).SharePrice = 0 },
			`{"type":"sell_shares","entity":"A","entity_type":"corporation","shares":["A_1"],"percent":10,"share_price":0}`},
		{"new field", `{"type":"place_token","entity":"CPR","entity_type":"corporation","city":"X-0-0"}`,
			func(a Action) { s := 1; a.(*PlaceToken).Slot = &s },
			`{"type":"place_token","entity":"CPR","entity_type":"corporation","city":"X-0-0","slot":1}`},
		{"auto action added", `{"type":"pass","entity":"CPR","entity_type":"corporation","id":4}`,
			func(a Action) {
				a.Env().AutoActions = []Action{&Pass{Envelope: Envelope{Entity: NamedEntity("GNR"), EntityType: EntityCorporation}}}
			},
			`{"type":"pass","entity":"CPR","entity_type":"corporation","id":4,"auto_actions":[{"type":"pass","entity":"GNR","entity_type":"corporation"}]}`},
		{"extra removed", `{"type":"pass","entity":"CPR","entity_type":"corporation","zz":1}`,
			func(a Action) { a.Env().Extra = nil },
			`{"type":"pass","entity":"CPR","entity_type":"corporation"}`},
		{"extra changed and added", `{"type":"pass","zz":1,"entity":"CPR"}`,
			func(a Action) {
				a.Env().Extra["zz"] = json.RawMessage(`[2]`)
				a.Env().Extra["aa"] = json.RawMessage(`3`)
			},
			`{"type":"pass","zz":[2],"entity":"CPR","aa":3}`},
		{"auto action appended", `{"type":"pass","entity":"CPR","auto_actions":[{"type":"pass","entity":"A"}],"id":4}`,
			func(a Action) {
				e := a.Env()
				e.AutoActions = append(e.AutoActions, &HexToken{Envelope: Envelope{Entity: NamedEntity("B")}, Hex: "C3"})
			},
			`{"type":"pass","entity":"CPR","auto_actions":[{"type":"pass","entity":"A"},{"type":"hex_token","entity":"B","hex":"C3"}],"id":4}`},
		{"auto actions emptied", `{"type":"pass","auto_actions":[{"type":"pass","entity":"A"}],"id":4}`,
			func(a Action) { a.Env().AutoActions = a.Env().AutoActions[:0] },
			`{"type":"pass","auto_actions":[],"id":4}`},
		{"auto actions removed", `{"type":"pass","auto_actions":[{"type":"pass","entity":"A"}],"id":4}`,
			func(a Action) { a.Env().AutoActions = nil },
			`{"type":"pass","auto_actions":null,"id":4}`},
		{"nested auto action changed", `{"type":"pass","auto_actions":[{"hex":"A1","type":"hex_token","cost":null}]}`,
			func(a Action) { a.Env().AutoActions[0].(*HexToken).Hex = "B2" },
			`{"type":"pass","auto_actions":[{"hex":"B2","type":"hex_token","cost":null}]}`},
		{"null string set", `{"type":"choose","choice":null,"entity":"CPR"}`,
			func(a Action) { a.(*Choose).Choice = "x" },
			`{"type":"choose","choice":"x","entity":"CPR"}`},
		{"escaped string changed", `{"type":"log","message":"\u0041","entity":1}`,
			func(a Action) { a.(*Log).Message = "B/" },
			`{"type":"log","message":"B/","entity":1}`},
		{"escaped string set to the same", `{"type":"log","message":"\u0041","entity":1}`,
			func(a Action) { a.(*Log).Message = "A" },
			`{"type":"log","message":"\u0041","entity":1}`},
		{"negative zero changed", `{"type":"bid","price":-0,"entity":1}`,
			func(a Action) { a.(*Bid).Price = 5 },
			`{"type":"bid","price":5,"entity":1}`},
		{"entity and type changed", `{"type":"pass","entity":"CPR","entity_type":"corporation","id":4}`,
			func(a Action) { e := a.Env(); e.Entity, e.EntityType, e.ID = PlayerEntity(7), EntityPlayer, 0 },
			`{"type":"pass","entity":7,"entity_type":"player","id":0}`},
		{"created_at cleared, user set", `{"type":"pass","created_at":17,"entity":"CPR"}`,
			func(a Action) { e := a.Env(); e.CreatedAt, e.User = nil, json.RawMessage(`3`) },
			`{"type":"pass","entity":"CPR","user":3}`},
		{"slot null to number", `{"type":"place_token","slot":null,"city":"X-0-0"}`,
			func(a Action) { s := 0; a.(*PlaceToken).Slot = &s },
			`{"type":"place_token","slot":0,"city":"X-0-0"}`},
		{"route changed", `{"type":"run_routes","routes":[{"revenue":20,"train":"2-0","halts":1,"hexes":["A1"]}],"entity":"5"}`,
			func(a Action) { r := &a.(*RunRoutes).Routes[0]; r.Revenue, r.Nodes = 30, []string{"A1-0"} },
			`{"type":"run_routes","routes":[{"revenue":30,"train":"2-0","halts":1,"hexes":["A1"],"nodes":["A1-0"]}],"entity":"5"}`},
		{"route appended", `{"type":"run_routes","routes":[{"train":"2-0"}]}`,
			func(a Action) { rr := a.(*RunRoutes); rr.Routes = append(rr.Routes, Route{Train: "3-0", Revenue: 10}) },
			`{"type":"run_routes","routes":[{"train":"2-0"},{"train":"3-0","revenue":10}]}`},
		{"unknown type renamed", `{"type":"take_loan","loan":3}`,
			func(a Action) { a.Env().Type = "repay_loan" },
			`{"type":"repay_loan","loan":3}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustDecode(t, tt.in)
			tt.change(a)
			if got := mustMarshal(t, a); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestDecodeNormalises checks what is written for input that a round trip
// does not keep byte for byte: a repeated key keeps its first place and its
// last value, and whitespace and list spellings are not kept.
func TestDecodeNormalises(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"repeated key", `{"type":"bid","price":1,"company":"A","price":2}`, `{"type":"bid","price":2,"company":"A"}`},
		{"repeated null", `{"type":"choose","choice":"a","choice":null}`, `{"type":"choose","choice":null}`},
		{"repeated unknown", `{"type":"x","z":1,"a":2,"z":[3]}`, `{"type":"x","z":[3],"a":2}`},
		{"repeated auto actions", `{"type":"pass","auto_actions":[{"type":"x"}],"auto_actions":[]}`, `{"type":"pass","auto_actions":[]}`},
		{"whitespace", " {\"type\" : \"bid\",\n\t\"price\": 1 , \"x\" : [ 1 , 2 ] } \n", `{"type":"bid","price":1,"x":[1,2]}`},
		{"list spelling", `{"type":"buy_shares","shares":[ "\u0041_1" ]}`, `{"type":"buy_shares","shares":["A_1"]}`},
		{"escaped key", `{"t\u0079pe":"bid","\u0070rice":3}`, `{"type":"bid","price":3}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustMarshal(t, mustDecode(t, tt.in)); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestEncodeConstructed checks the JSON of actions built in Go.
func TestEncodeConstructed(t *testing.T) {
	slot := 0
	tests := []struct {
		name string
		a    Action
		want string
	}{
		{"bid", &Bid{Envelope: Envelope{ID: 5, Entity: PlayerEntity(3), EntityType: EntityPlayer}, Company: "P1", Price: 10},
			`{"type":"bid","entity":3,"entity_type":"player","id":5,"company":"P1","price":10}`},
		{"auto pass", &Pass{Envelope: Envelope{Entity: NamedEntity("6"), EntityType: EntityCorporation, CreatedAt: json.RawMessage("17")}},
			`{"type":"pass","entity":"6","entity_type":"corporation","created_at":17}`},
		{"buy train without variant", &BuyTrain{Envelope: Envelope{ID: 9, Entity: NamedEntity("NP"), EntityType: EntityCorporation}, Train: "3-1", Price: 150},
			`{"type":"buy_train","entity":"NP","entity_type":"corporation","id":9,"train":"3-1","price":150}`},
		{"place token slot 0", &PlaceToken{Envelope: Envelope{ID: 2, Entity: NamedEntity("CPR"), EntityType: EntityCorporation}, City: "W3-0-1", Slot: &slot, Tokener: "CPR"},
			`{"type":"place_token","entity":"CPR","entity_type":"corporation","id":2,"city":"W3-0-1","slot":0,"tokener":"CPR"}`},
		{"undo to 0", &Undo{Envelope: Envelope{ID: 2, Entity: PlayerEntity(0), EntityType: EntityPlayer}, ActionID: &slot},
			`{"type":"undo","entity":0,"entity_type":"player","id":2,"action_id":0}`},
		{"run routes", &RunRoutes{Envelope: Envelope{ID: 3, Entity: NamedEntity("5"), EntityType: EntityCorporation},
			Routes: []Route{{Train: "L-4", Connections: [][]string{{"local", "H11"}}, Hexes: []string{"H11"}, Nodes: []string{"H11-0"}, Revenue: 20, RevenueStr: "H11"}}},
			`{"type":"run_routes","entity":"5","entity_type":"corporation","id":3,"routes":[{"train":"L-4","connections":[["local","H11"]],"hexes":["H11"],"revenue":20,"revenue_str":"H11","nodes":["H11-0"]}]}`},
		{"unknown", &Unknown{Envelope: Envelope{Type: "take_loan", Entity: NamedEntity("CPR"), Extra: map[string]json.RawMessage{"loan": json.RawMessage("1")}}},
			`{"type":"take_loan","entity":"CPR","loan":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustMarshal(t, tt.a); got != tt.want {
				t.Fatalf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"not an object", `[1]`, "object"},
		{"no type", `{"entity":1}`, "type"},
		{"type not a string", `{"type":3}`, "type"},
		{"bad price", `{"type":"bid","price":"x"}`, "price"},
		{"bad entity", `{"type":"pass","entity":1.5}`, "entity"},
		{"bad share price", `{"type":"buy_shares","share_price":true}`, "share_price"},
		{"bad auto action", `{"type":"pass","auto_actions":[{"entity":1}]}`, "auto_actions"},
		{"trailing data", `{"type":"pass"} {}`, "after"},
		{"truncated", `{"type":"pass"`, "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Decode(%s) error = %v, want one mentioning %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestUnmarshalConcrete(t *testing.T) {
	var b Bid
	if err := json.Unmarshal([]byte(`{"type":"bid","entity":2,"company":"P2","price":5}`), &b); err != nil {
		t.Fatal(err)
	}
	if b.Company != "P2" || b.Price != 5 || b.Type != "bid" {
		t.Errorf("bid = %+v", b)
	}
	if err := json.Unmarshal([]byte(`{"type":"pass","entity":2}`), &b); err == nil {
		t.Error("decoding a pass into a Bid succeeded")
	}
	var u Unknown
	if err := json.Unmarshal([]byte(`{"type":"pass","entity":2}`), &u); err != nil || u.Type != "pass" {
		t.Errorf("Unknown: %+v, %v", u, err)
	}
}

func TestTypeNames(t *testing.T) {
	for name, mk := range constructors {
		a := mk()
		if got := TypeName(a); got != name {
			t.Errorf("TypeName(%T) = %q, want %q", a, got, name)
		}
		if got := mustMarshal(t, a); !strings.HasPrefix(got, `{"type":"`+name+`"`) {
			t.Errorf("zero %T encodes as %s", a, got)
		}
	}
}

func TestDecodeDepth(t *testing.T) {
	nest := func(d int) []byte {
		return []byte(strings.Repeat(`{"type":"pass","auto_actions":[`, d) + `{"type":"pass"}` + strings.Repeat(`]}`, d))
	}
	if _, err := Decode(nest(maxDepth)); err != nil {
		t.Errorf("depth %d: %v", maxDepth, err)
	}
	if _, err := Decode(nest(maxDepth + 1)); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("depth %d: error = %v, want a nesting error", maxDepth+1, err)
	}
}

func TestEncodeInvalidExtra(t *testing.T) {
	a := &Pass{Envelope: Envelope{Extra: map[string]json.RawMessage{"x": json.RawMessage("{")}}}
	if _, err := marshalAction(a); err == nil {
		t.Error("invalid Extra value encoded without error")
	}
	a = &Pass{Envelope: Envelope{CreatedAt: json.RawMessage("nope")}}
	if _, err := marshalAction(a); err == nil {
		t.Error("invalid CreatedAt encoded without error")
	}
}

// TestRequiredZeroFields: 18xx.games refuses a bid without a price or a
// tile lay without a rotation, so a new action writes them even when zero
// (self-play logs with $0 private bids were refused by the reference
// engine); an action read without them still writes back as it was read.
func TestRequiredZeroFields(t *testing.T) {
	env := func(typ string) Envelope {
		return Envelope{Type: typ, Entity: PlayerEntity(1), EntityType: EntityPlayer, ID: 1}
	}
	for _, tc := range []struct {
		a    Action
		want string
	}{
		{&Bid{Envelope: env("bid"), Company: "P1"}, `"price":0`},
		{&LayTile{Envelope: env("lay_tile"), Hex: "G8", Tile: "8-0"}, `"rotation":0`},
		{&BuyTrain{Envelope: env("buy_train"), Train: "2-0"}, `"price":0`},
		{&PayoffPlayerDebtPartial{Envelope: env("payoff_player_debt_partial")}, `"amount":0`},
	} {
		t.Run(tc.a.Env().Type, func(t *testing.T) {
			b, err := json.Marshal(tc.a)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tc.want) {
				t.Fatalf("%s lacks %s", b, tc.want)
			}
		})
	}
	in := `{"type":"bid","entity":1,"entity_type":"player","id":1,"company":"P1"}`
	a, err := Decode([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(a); string(b) != in {
		t.Fatalf("read %s, wrote %s", in, b)
	}
}
