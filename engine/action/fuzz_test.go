package action

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzDecode checks that Decode never panics and that whatever it accepts
// re-encodes to valid JSON with the same content, stably.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"bid","entity":5840,"entity_type":"player","id":1,"company":"M5","price":100}`,
		`{"type":"buy_shares","entity":1,"entity_type":"player","shares":["NP_3"],"percent":10,"share_price":false}`,
		`{"type":"run_routes","entity":"5","routes":[{"train":"L-4","connections":[["local","H11"]],"hexes":["H11"],"revenue":20,"revenue_str":"H11","nodes":["H11-0"]}],"subsidy":0}`,
		`{"type":"undo","entity":0,"action_id":0}`,
		`{"type":"pass","auto_actions":[{"type":"hex_token","hex":"A1","cost":null}],"original_id":null}`,
		`{"type":"whatever","x":[1,{"y":null}]}`,
		`{"type":"place_token","slot":null,"city":"X"}`,
		`{"type":"log","message":"<&>\u2028"}`,
	} {
		f.Add([]byte(s))
	}
	// A few real actions, when the shared fixtures are present.
	if data, err := os.ReadFile(filepath.Join(fixtureDir, "1822CA", "1.json")); err == nil {
		var game struct{ Actions []json.RawMessage }
		if json.Unmarshal(data, &game) == nil {
			for i := 0; i < len(game.Actions); i += 40 {
				f.Add([]byte(game.Actions[i]))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Decode(data)
		if err != nil {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("Decode accepted invalid JSON %q", data)
		}
		out, err := marshalAction(a)
		if err != nil {
			t.Fatalf("Decode(%q) ok, encode failed: %v", data, err)
		}
		if !json.Valid(out) {
			t.Fatalf("invalid JSON %q from %q", out, data)
		}
		if !reflect.DeepEqual(semanticValue(data), semanticValue(out)) {
			t.Fatalf("content changed:\n in  %q\n out %q", data, out)
		}
		b, err := Decode(out)
		if err != nil {
			t.Fatalf("re-decoding %q: %v", out, err)
		}
		again, err := marshalAction(b)
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("unstable encoding:\n %q\n %q (%v)", out, again, err)
		}
	})
}

// semanticValue decodes JSON generically, numbers kept as text.
func semanticValue(b []byte) any {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err.Error()
	}
	return v
}
