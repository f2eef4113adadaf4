package local

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestImportAttachment: a file sent with a command reaches the handler as
// the message's attachment; one over the limit, or two at once, are
// refused with a clear error and reach nobody.
func TestImportAttachment(t *testing.T) {
	_, rc, base := serveRecorder(t, Options{})
	alice := browserClient(t)
	claim(t, alice, base, "", "alice")
	log := []byte(`{"id": 1, "actions": []}`)
	send := func(text string, files ...upload) (*http.Response, string) {
		body, _ := json.Marshal(sendRequest{Channel: "c", Tab: "t", Text: text, Wait: true, Files: files})
		r := request(t, alice, http.MethodPost, base, "api/send", "", body)
		return r, drain(r)
	}

	r, msg := send("import", upload{Name: "game.json", Type: "application/json", Data: log})
	if r.StatusCode != http.StatusOK {
		t.Fatalf("import: %s %s", r.Status, msg)
	}
	m := rc.last()
	if m.Text != "import" || len(m.Attachments) != 1 || m.Attachments[0].Name != "game.json" ||
		m.Attachments[0].Type != "application/json" || m.Attachments[0].Size != int64(len(log)) {
		t.Fatalf("the handler got %q with %+v", m.Text, m.Attachments)
	}
	if len(rc.files) != 1 || rc.files[0] != string(log) {
		t.Errorf("the attachment reads %q, want %q", rc.files, log)
	}
	// The channel shows the command with the file's name.
	var sr sendResponse
	r, msg = send("", upload{Name: "again.json", Data: log})
	if err := json.Unmarshal([]byte(msg), &sr); err != nil || r.StatusCode != http.StatusOK || rc.last().Text != "import" {
		t.Fatalf("a file without text: %s %q", r.Status, msg)
	}
	events := stream(t, alice, base+"api/events?channel=c&tab=t", 4)
	if len(events) < 3 || strings.Join(events[2].Attached, ",") != "again.json" {
		t.Errorf("the channel shows %+v", events)
	}

	before := len(rc.msgs)
	for _, c := range []struct {
		name  string
		files []upload
		want  string
	}{
		{"over the limit", []upload{{Name: "big.json", Data: bytes.Repeat([]byte{'x'}, MaxFileBytes+1)}}, "big.json is 5.0 MB: the playground takes files up to 5.0 MB"},
		{"far over the limit", []upload{{Name: "huge.json", Data: bytes.Repeat([]byte{'x'}, 2*MaxFileBytes)}}, "the playground takes files up to 5.0 MB"},
		{"two files", []upload{{Name: "a.json", Data: log}, {Name: "b.json", Data: log}}, "one file at a time"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, msg := send("import", c.files...)
			if r.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(msg, c.want) {
				t.Errorf("%s %q, want 413 %q", r.Status, msg, c.want)
			}
		})
	}
	if len(rc.msgs) != before {
		t.Errorf("a refused file reached the bot")
	}
}

// TestChannelEviction: channels nobody uses for the idle time are
// forgotten, a watched one is kept, and past the cap the longest idle
// unwatched channel goes first.
func TestChannelEviction(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := newHub(3, time.Hour, func() time.Time { return now })
	say := func(ch string) { h.publish(Event{Channel: ch, Text: "hi"}) }
	has := func(ch string) bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return h.channels[ch] != nil
	}

	say("old")
	_, watcher := h.subscribe("watched", "alice", "t")
	now = now.Add(30 * time.Minute)
	say("recent")
	now = now.Add(45 * time.Minute)
	h.evict()
	if has("old") || !has("recent") || !has("watched") {
		t.Fatalf("after 75 minutes: old %v, recent %v, watched %v; want only old gone", has("old"), has("recent"), has("watched"))
	}

	// The cap: a fourth channel pushes out the longest idle unwatched one.
	say("a")
	now = now.Add(time.Minute)
	say("b")
	if h.channelCount() != 3 || has("recent") || !has("watched") || !has("a") || !has("b") {
		t.Fatalf("at the cap: %d channels, recent %v, watched %v", h.channelCount(), has("recent"), has("watched"))
	}
	// With every channel watched, the longest idle goes and its stream ends.
	h.subscribe("a", "bob", "t")
	h.subscribe("b", "bob", "t")
	now = now.Add(time.Minute)
	say("c")
	if _, open := <-watcher.ch; open || has("watched") || h.channelCount() != 3 {
		t.Errorf("the longest idle watched channel should go, its stream closed: watched %v, %d channels", has("watched"), h.channelCount())
	}
	// Many channels stay within the cap.
	for i := range 1000 {
		say(strings.Repeat("x", i%40+1) + string(rune('a'+i%26)))
	}
	if n := h.channelCount(); n > 3 {
		t.Errorf("%d channels kept, cap 3", n)
	}
}
