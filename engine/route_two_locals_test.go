package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestTwoLocalTrainsInOneHex: 1822MX self-play (4 players, seed 9910028).
// The NdeM holds stations in two cities of Mexico City (N23) and runs a
// local train from each (recorded stops N23-0 and N23-1), as the auto-router
// listed and 18xx.games accepts. Tracing a local run took the first city
// with a station and ignored the recorded stop, so both trains landed on
// N23-0 and the run was refused: "only one local train may run from the
// station in N23".
func TestTwoLocalTrainsInOneHex(t *testing.T) {
	l := selfPlayLog(t, "ndem_two_local_trains.json")
	last := l.Actions[len(l.Actions)-1]
	raw, err := json.Marshal(last)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `["local","N23"]`) {
		t.Fatalf("the kept log's last action is not the NdeM's run with local trains in N23")
	}
	if _, err := Replay(l, ReplayOptions{Played: true}); err != nil {
		t.Fatalf("the NdeM's two local runs in N23 were refused: %v", err)
	}
}
