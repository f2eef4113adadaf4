package discord

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// TestAttachmentsOnlyFromThePlatform: a message whose attachment URL
// points anywhere but Discord's own file hosts makes the bot fetch
// nothing from there, and neither does a redirect away from them.
func TestAttachmentsOnlyFromThePlatform(t *testing.T) {
	var hits atomic.Int32
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		_, _ = io.WriteString(w, `{"id":1,"title":"1822PNW","actions":[]}`)
	}))
	defer evil.Close()
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	ad := run(t, f, h)

	file := func(id, link string) map[string]any {
		return map[string]any{"id": id, "filename": "game.json", "content_type": "application/json", "size": 40, "url": link}
	}
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m1", "channel_id": "c1", "guild_id": "g1",
		"content": "!import", "author": map[string]any{"id": "u2", "username": "bob"},
		"attachments": []any{file("a1", evil.URL+"/game.json"), file("a2", "https://cdn.discordapp.com.example.org/x.json")}})
	if m := <-h.got; len(m.Attachments) != 0 {
		t.Errorf("%d attachments from other hosts handed on, want none", len(m.Attachments))
	}

	// A file on Discord's host that redirects elsewhere is not followed.
	cdn := httptest.NewServer(http.RedirectHandler(evil.URL+"/game.json", http.StatusFound))
	defer cdn.Close()
	old := discordgo.EndpointCDN
	discordgo.EndpointCDN = cdn.URL + "/"
	defer func() { discordgo.EndpointCDN = old }()
	if rc, err := ad.download(context.Background(), cdn.URL+"/attachments/1/2/game.json"); err == nil {
		rc.Close()
		t.Error("a redirect away from Discord's hosts was followed")
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host was asked %d times", n)
	}

	for _, c := range []struct {
		link string
		want bool
	}{
		{"https://cdn.discordapp.com/attachments/1/2/game.json", true},
		{"https://media.discordapp.net/attachments/1/2/game.json", true},
		{"https://CDN.discordapp.com/attachments/1/2/game.json", true},
		{"http://cdn.discordapp.com/attachments/1/2/game.json", false},
		{"https://cdn.discordapp.com:8443/attachments/1/2/game.json", false},
		{"https://user@cdn.discordapp.com/attachments/1/2/game.json", false},
		{"https://cdn.discordapp.com.example.org/game.json", false},
		{"https://example.org/cdn.discordapp.com/game.json", false},
		{"file:///etc/passwd", false},
		{"http://127.0.0.1:8822/api/me", false},
	} {
		u, err := url.Parse(c.link)
		if err != nil {
			t.Fatal(err)
		}
		if got := fromDiscord(u); got != c.want {
			t.Errorf("fromDiscord(%s) = %v, want %v", c.link, got, c.want)
		}
	}
}
