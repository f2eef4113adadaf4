package slack

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"pbc/bot"
)

func TestImportFileReachesHandler(t *testing.T) {
	f := newFakeSlack(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	start(t, f, h)

	log := []byte(`{"id": 1234, "title": "1822PNW", "actions": []}`)
	f.envelope("env1", "events_api", map[string]any{
		"type": "event_callback", "team_id": "T1", "event_id": "Ev1",
		"event": map[string]any{"type": "message", "subtype": "file_share", "channel_type": "channel", "user": "U1",
			"text": "!import", "channel": "C1", "ts": "5.0", "thread_ts": "4.0",
			"files": []any{map[string]any{"id": "F9", "name": "game-1234.json", "mimetype": "application/json",
				"size": len(log), "url_private_download": f.FileURL("game-1234.json", log)},
				map[string]any{"id": "F10", "name": "elsewhere.json", "url_private_download": "https://example.com/x.json"}}}})
	f.expect(t, "ack")
	var m bot.Message
	select {
	case m = <-h.got:
	case <-time.After(10 * time.Second):
		t.Fatal("the import did not reach the handler")
	}
	if m.Text != "import" || m.Channel.ID != "C1/4.0" || len(m.Attachments) != 2 {
		t.Fatalf("message %+v", m)
	}
	at := m.Attachments[0]
	if at.Name != "game-1234.json" || at.Type != "application/json" || at.Size != int64(len(log)) {
		t.Errorf("attachment %+v", at)
	}
	rc, err := at.Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rc)
	rc.Close()
	if err != nil || string(got) != string(log) {
		t.Errorf("read %q, %v; want the file", got, err)
	}
	// The bot token goes to Slack's hosts only.
	if _, err := m.Attachments[1].Open(context.Background()); err == nil || !strings.Contains(err.Error(), "not a Slack host") {
		t.Errorf("open of a file elsewhere: %v", err)
	}
}

func TestDownloadNeedsToken(t *testing.T) {
	f := newFakeSlack(t)
	a, err := New(Options{BotToken: "xoxb-wrong", AppToken: "xapp-test", APIURL: f.APIURL()})
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.download(context.Background(), f.FileURL("x.json", []byte("{}")))
	if err == nil || !strings.Contains(err.Error(), "files:read") {
		t.Errorf("a sign-in page instead of the file: %v", err)
	}
}
