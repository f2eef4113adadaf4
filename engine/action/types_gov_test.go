package action

import (
	"encoding/json"
	"testing"
)

func TestRemoveTokenRoundTrip(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"slot 1", `{"type":"remove_token","entity":"NDEM","entity_type":"corporation","id":667,"created_at":1741141576,"city":"X11-0-0","slot":1}`},
		{"slot 0", `{"type":"remove_token","entity":"NDEM","entity_type":"corporation","id":677,"city":"X22-0-1","slot":0}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Decode([]byte(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			rt, ok := a.(*RemoveToken)
			if !ok {
				t.Fatalf("decoded %T, want *RemoveToken", a)
			}
			if rt.City == "" || rt.Slot == nil {
				t.Fatalf("fields lost: %+v", rt)
			}
			out, err := json.Marshal(a)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.in {
				t.Errorf("round trip:\n got %s\nwant %s", out, tc.in)
			}
		})
	}
}
