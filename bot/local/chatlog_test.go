package local

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/bot"
	"pbc/storage/sqlite"
)

// TestChatHistorySurvivesARestart: a channel's messages are kept in the
// store, so that after a restart a page watching the channel is shown its
// recent chat (the newest chatKeep messages), and new messages get ids
// after the old ones.
func TestChatHistorySurvivesARestart(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "pbc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	opt := Options{SignIns: db, Chat: db}
	a, _, base := serveRecorder(t, opt)
	alice := browserClient(t)
	claim(t, alice, base, "", "alice")
	for i := range chatKeep + 20 {
		_ = a.Post(ctx, Channel("c"), bot.Reply{Text: fmt.Sprintf("message %d", i)})
	}
	a.hub.publish(Event{Channel: "c", From: "pbc", Bot: true, Text: "only for a tab", To: "t1", toUser: "alice"})
	newest := a.hub.publish(Event{Channel: "c", From: "pbc", Bot: true, Text: fmt.Sprintf("message %d", chatKeep+20)})
	var last int64
	for deadline := time.Now().Add(10 * time.Second); last < newest.ID && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		last, _ = db.LastChatID(ctx)
	}
	if last != newest.ID {
		t.Fatalf("the newest message kept is %d, want %d", last, newest.ID)
	}

	a2, _, base := serveRecorder(t, opt) // a restart
	r := request(t, alice, http.MethodGet, base, "api/events?channel=c&tab=t2", "", nil)
	got := readEvents(t, r, chatKeep)
	if len(got) != chatKeep || got[0].Text != "message 21" || got[len(got)-1].Text != fmt.Sprintf("message %d", chatKeep+20) {
		t.Fatalf("after the restart the page gets %d messages, from %q to %q; want the %d newest", len(got),
			got[0].Text, got[len(got)-1].Text, chatKeep)
	}
	for _, e := range got {
		if e.To != "" || strings.Contains(e.Text, "only for a tab") {
			t.Errorf("a message for one tab was kept: %+v", e)
		}
	}
	if got[len(got)-1].ID != last {
		t.Errorf("the newest message kept has id %d, want %d", got[len(got)-1].ID, last)
	}
	// The restarted process gives out ids after those kept: a page that
	// showed the history shows the next message too.
	if next := a2.hub.publish(Event{Channel: "c", From: "pbc", Bot: true, Text: "after"}); next.ID <= last {
		t.Errorf("after the restart a message gets id %d, not after the kept %d", next.ID, last)
	}
}

// readEvents reads n events of a server-sent stream.
func readEvents(t *testing.T, r *http.Response, n int) []Event {
	t.Helper()
	defer r.Body.Close()
	stop := time.AfterFunc(10*time.Second, func() { r.Body.Close() }) // a stream never ends by itself
	defer stop.Stop()
	var out []Event
	buf := make([]byte, 0, 1<<20)
	tmp := make([]byte, 64<<10)
	for len(out) < n {
		k, err := r.Body.Read(tmp)
		buf = append(buf, tmp[:k]...)
		for {
			i := strings.Index(string(buf), "\n\n")
			if i < 0 {
				break
			}
			block := string(buf[:i])
			buf = buf[i+2:]
			for _, line := range strings.Split(block, "\n") {
				if data, ok := strings.CutPrefix(line, "data: "); ok {
					var e Event
					if json.Unmarshal([]byte(data), &e) == nil {
						out = append(out, e)
					}
				}
			}
		}
		if err != nil {
			break
		}
	}
	return out
}
