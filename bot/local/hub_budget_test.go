package local

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestHistoriesShareABudget: channel histories are bounded by their
// estimated bytes, not only by count: past the budget the idlest channels
// go, never the one being written to, and the accounting returns to zero
// when all are gone.
func TestHistoriesShareABudget(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := newHub(10000, time.Hour, func() time.Time { return now })
	h.maxHistory = 200 << 10
	text := strings.Repeat("x", 4000)
	for i := range 500 {
		now = now.Add(time.Second)
		h.publish(Event{Channel: fmt.Sprint("c", i), From: "pbc", Text: text,
			Buttons: []Choice{{Label: "Pass", Command: "pass"}}})
		if h.histBytes > h.maxHistory {
			t.Fatalf("after %d channels the histories hold %d bytes, over %d", i+1, h.histBytes, h.maxHistory)
		}
		if _, ok := h.channels[fmt.Sprint("c", i)]; !ok {
			t.Fatalf("the channel just written to (c%d) was dropped", i)
		}
	}
	if n := h.channelCount(); n >= 500 || n < 10 {
		t.Errorf("%d channels kept of 500 under a 200 KB budget", n)
	}
	if _, ok := h.channels["c0"]; ok {
		t.Error("the idlest channel was kept")
	}
	h.mu.Lock()
	for name, r := range h.channels {
		h.drop(name, r)
	}
	h.mu.Unlock()
	if h.histBytes != 0 {
		t.Errorf("%d bytes accounted with no channel left", h.histBytes)
	}
}
