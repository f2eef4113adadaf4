package local

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"pbc/bot"
)

// echo answers each command with its text, and "secret" privately.
type echo struct{}

func (echo) Submit(m bot.Message) {
	go func() {
		_ = m.Respond.Respond(context.Background(), bot.Reply{Text: "you said " + m.Text, Ephemeral: m.Text == "secret",
			Mentions: []string{m.User.ID}, Buttons: []bot.Button{{Label: "Pass", Command: "pass"}}})
		m.Respond.(bot.Finisher).Finish()
	}()
}

func (echo) Suggest(_ context.Context, q bot.Query) []bot.Choice {
	return []bot.Choice{{Label: q.Field + ":" + q.Prefix, Value: q.Prefix}}
}

func TestPlaygroundAPI(t *testing.T) {
	a := New(Options{})
	stop, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := httptest.NewServer(a.Handler(echo{}, stop))
	defer srv.Close()
	defer cancel() // end the event streams before the server closes

	ann := browserClient(t)
	claim(t, ann, srv.URL+"/", "", "ann")
	post := func(body, ctype, origin string) *http.Response {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/send", strings.NewReader(body))
		req.Header.Set("Content-Type", ctype)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := ann.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	// Other sites cannot post commands; other host names are not answered.
	if r := post(`{"channel":"c","user":"u","text":"x"}`, "text/plain", ""); r.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain post: %s", r.Status)
	}
	if r := post(`{"channel":"c","user":"u","text":"x"}`, "application/json", "http://evil.example"); r.StatusCode != http.StatusForbidden {
		t.Errorf("foreign origin: %s", r.Status)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
	req.Host = "rebound.example:80"
	if r, err := http.DefaultClient.Do(req); err != nil || r.StatusCode != http.StatusForbidden {
		t.Errorf("foreign host: %v %v", r.Status, err)
	}
	if r := post(`{"channel":"","user":"ann","text":"x"}`, "application/json", ""); r.StatusCode != http.StatusBadRequest {
		t.Errorf("no channel: %s", r.Status)
	}

	// A command waits for its replies; the channel's stream shows them.
	r := post(`{"channel":"c","user":"ann","tab":"t1","text":"hello","wait":true}`, "application/json", srv.URL)
	var sr sendResponse
	if err := json.NewDecoder(r.Body).Decode(&sr); err != nil || len(sr.Replies) != 1 || sr.Replies[0].Text != "you said hello" ||
		len(sr.Replies[0].Buttons) != 1 || sr.Replies[0].ReplyTo != sr.ID {
		t.Fatalf("send: %+v %v", sr, err)
	}
	post(`{"channel":"c","user":"ann","tab":"t1","text":"secret","wait":true}`, "application/json", "")
	for _, c := range []struct {
		tab    string
		secret bool
		n      int
	}{{"t1", true, 4}, {"t2", false, 3}} {
		events := stream(t, ann, srv.URL+"/api/events?channel=c&tab="+c.tab, c.n)
		texts := ""
		for _, e := range events {
			texts += e.Text + "|"
		}
		if strings.Contains(texts, "you said secret") != c.secret || !strings.Contains(texts, "you said hello") {
			t.Errorf("tab %s sees %s", c.tab, texts)
		}
	}
	resp, err := ann.Get(srv.URL + "/api/suggest?channel=c&user=ann&command=lay&field=hex&prefix=D2")
	if err != nil {
		t.Fatal(err)
	}
	var choices []bot.Choice
	if err := json.NewDecoder(resp.Body).Decode(&choices); err != nil || len(choices) != 1 || choices[0].Label != "hex:D2" {
		t.Errorf("suggest: %+v %v", choices, err)
	}
	page, _ := http.Get(srv.URL + "/")
	b, _ := io.ReadAll(page.Body)
	if !strings.Contains(string(b), "pbc <span>playground</span>") {
		t.Errorf("the page: %.200s", b)
	}
}

// stream reads the first n events of a server-sent event stream (fewer if
// it goes quiet).
func stream(t *testing.T, c *http.Client, url string, n int) []Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out []Event
	sc := bufio.NewScanner(resp.Body)
	for len(out) < n && sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var e Event
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatal(err)
			}
			out = append(out, e)
		}
	}
	return out
}
