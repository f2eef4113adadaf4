package local

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPageOpensAtTheNewestMessage opens the playground on a phone
// (390×844) in a channel whose history holds tall pictures, as a player
// whose turn it is: once the pictures have loaded, the page shows the
// newest message, with that player's own buttons on screen, and stays
// there. The network is a phone's: the pictures arrive after the messages.
// PBC_PICTURES=DIR keeps a screenshot in DIR.
func TestPageOpensAtTheNewestMessage(t *testing.T) {
	br := startBrowser(t)
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, true)
	defer b.stop(t)
	links := map[string]string{}
	for _, u := range []string{"ann", "ben", "cy"} {
		c := browserClient(t)
		code, me := login(t, c, b.url, loginRequest{Name: u})
		if code != http.StatusOK || me.Link == "" {
			t.Fatalf("sign-in of %s: %d %+v", u, code, me)
		}
		b.players[u], links[u] = c, me.Link
	}
	const ch = "table-1"
	mover := ""
	for _, s := range []struct{ user, text string }{{"ann", "new 1822PNW"}, {"ben", "join"}, {"cy", "join"}, {"ann", "start"},
		{"ben", "map"}, {"cy", "map"}} {
		got := b.say(t, ch, s.user, s.text)
		if len(got) == 0 {
			t.Fatalf("%s %q: no reply", s.user, s.text)
		}
		if s.text == "start" && len(got[len(got)-1].Mentions) > 0 {
			mover = got[len(got)-1].Mentions[0]
		}
	}
	if mover == "" {
		t.Fatal("the start names nobody to act")
	}
	// The mover passes: the answer, newest in the channel, holds the table
	// picture above the next player's choices; the page is theirs.
	got := b.say(t, ch, mover, "pass")
	last := got[len(got)-1]
	if len(last.Images) == 0 || len(last.Buttons) == 0 && (last.Menus == nil || len(*last.Menus) == 0) {
		t.Fatalf("the pass's answer has %d pictures and no choices: %+v", len(last.Images), last)
	}
	if len(last.Mentions) == 0 {
		t.Fatalf("the pass's answer mentions nobody: %s", last.Text)
	}
	mover = last.Mentions[0]

	p := br.newPage("about:blank")
	p.call("Emulation.setDeviceMetricsOverride", phone)
	// A phone's network: the pictures arrive well after the messages.
	p.call("Network.enable", map[string]any{})
	p.call("Network.emulateNetworkConditions", map[string]any{"offline": false, "latency": 150,
		"downloadThroughput": 400 << 10, "uploadThroughput": 100 << 10})
	p.call("Page.navigate", map[string]any{"url": b.url + "#signin=" + links[mover]})
	p.waitTrue("the channel's history", `!!document.getElementById("text") && !document.getElementById("text").disabled && document.querySelectorAll("#log li").length > 8`)
	p.waitTrue("the pictures", `[...document.querySelectorAll("#log img")].length >= 3 && [...document.querySelectorAll("#log img")].every(i => i.complete && i.naturalWidth > 0)`)
	time.Sleep(4 * time.Second) // as a player would look, once everything settled
	var shown struct {
		Below   float64 `json:"below"` // pixels of the log below the screen
		Top     float64 `json:"top"`   // where the newest offer's choices are
		Bottom  float64 `json:"bottom"`
		Screen  float64 `json:"screen"`
		Tall    float64 `json:"tall"` // the whole log's height
		Choices int     `json:"choices"`
	}
	raw := p.eval(`(() => {
		const m = document.querySelector("main");
		const li = [...document.querySelectorAll("#log li")].filter(l => l.querySelector(".buttons, .menu")).pop();
		const c = li.querySelector(".buttons, .menu").getBoundingClientRect();
		const f = document.querySelector("footer").getBoundingClientRect();
		return {below: m.scrollHeight - m.scrollTop - m.clientHeight, top: c.top, bottom: c.bottom, screen: f.top,
			tall: m.scrollHeight, choices: li.querySelectorAll("button, option").length};
	})()`)
	if err := json.Unmarshal(raw, &shown); err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("PBC_PICTURES"); dir != "" {
		p.screenshot(filepath.Join(dir, "phone-newest.png"))
	}
	t.Logf("%s's page: log %.0f px tall, %.0f px below the screen; their choices at %.0f–%.0f px, screen ends at %.0f px",
		mover, shown.Tall, shown.Below, shown.Top, shown.Bottom, shown.Screen)
	if shown.Tall < 2*844 {
		t.Fatalf("the log is %.0f px tall: too short to show anything", shown.Tall)
	}
	if shown.Below > 4 {
		t.Errorf("the page stays %.0f px above the newest message", shown.Below)
	}
	if shown.Choices == 0 || shown.Top < 0 || shown.Bottom > shown.Screen+1 {
		t.Errorf("%s's choices (%d) are at %.0f–%.0f px, not on the screen (0–%.0f px)", mover, shown.Choices, shown.Top, shown.Bottom, shown.Screen)
	}
}
