package slack

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
)

// TestAttachmentsOnlyFromThePlatform: a file is downloaded from Slack's
// own hosts only (over https), never from a URL elsewhere nor through a
// redirect away from them.
func TestAttachmentsOnlyFromThePlatform(t *testing.T) {
	var hits atomic.Int32
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = io.WriteString(w, "{}")
	}))
	defer evil.Close()
	// The Web API's host (a local Slack here) redirects to the other one.
	api := httptest.NewServer(http.RedirectHandler(evil.URL+"/x.json", http.StatusFound))
	defer api.Close()
	a, err := New(Options{BotToken: "xoxb-test", AppToken: "xapp-test", APIURL: api.URL + "/api/"})
	if err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{evil.URL + "/x.json", api.URL + "/files/x.json"} {
		if rc, err := a.download(context.Background(), link); err == nil {
			rc.Close()
			t.Errorf("download of %s succeeded", link)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}
	for _, c := range []struct {
		link string
		want bool
	}{
		{"https://files.slack.com/files-pri/T1-F1/download/game.json", true},
		{"https://slack.com/api/files.info", true},
		{"http://files.slack.com/files-pri/T1-F1/game.json", false},
		{"https://files.slack.com:8443/files-pri/T1-F1/game.json", false},
		{"https://u@files.slack.com/files-pri/T1-F1/game.json", false},
		{"https://files.slack.com.example.org/game.json", false},
		{"https://example.org/files.slack.com/game.json", false},
	} {
		u, err := url.Parse(c.link)
		if err != nil {
			t.Fatal(err)
		}
		if got := a.mayGetToken(u); got != c.want {
			t.Errorf("mayGetToken(%s) = %v, want %v", c.link, got, c.want)
		}
	}
}
