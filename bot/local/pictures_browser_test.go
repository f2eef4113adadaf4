package local

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pbc/session/tabletop"
)

// phone is the viewport of a common phone, in CSS pixels, at its pixel
// density: what a player reading the channel on the move sees.
var phone = map[string]any{"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true}

// TestPicturesInBrowserAtPhoneSize plays recorded games by chat in the
// playground and shows, in headless Chromium at a phone's width, the
// pictures a stock round and an 1822CA operating round post: the table
// picture after a bid, the round summary at the end of the first stock
// round, and the crop of the 1822CA map after a tile lay. Each is shown,
// scaled to the width of the phone, and nothing makes the page scroll
// sideways. PBC_PICTURES=DIR keeps the screenshots (and the pictures as
// drawn) in DIR to look at.
func TestPicturesInBrowserAtPhoneSize(t *testing.T) {
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, true)
	defer b.stop(t)
	dir := os.Getenv("PBC_PICTURES")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}

	t.Run("1822PNW stock round", func(t *testing.T) {
		lines, watch := seat(t, b, "1822PNW/586.json", "pnw")
		// The first bid.
		if got := b.say(t, "pnw", lines[0].user, lines[0].text); len(got) == 0 || got[len(got)-1].To != "" {
			t.Fatalf("the first bid %q by %s: %+v", lines[0].text, lines[0].user, got)
		}
		li := watch.lastWith(t, `e => e.querySelector("img[src$='/table.png']")`)
		watch.check(t, li, "table.png", filepath.Join(dir, "pnw-table"))

		// The rest of the first stock round, until its summary.
		const over = "Stock round 1 is over."
		for i, ln := range lines[1:] {
			if got := b.say(t, "pnw", ln.user, ln.text); len(got) == 0 || got[len(got)-1].To != "" {
				t.Fatalf("command %d %q by %s: %+v", i+1, ln.text, ln.user, got)
			} else if strings.Contains(got[len(got)-1].Text, over) {
				break
			}
		}
		li = watch.lastWith(t, fmt.Sprintf(`e => e.querySelector(".text").textContent.includes(%q)`, over))
		watch.check(t, li, "", filepath.Join(dir, "pnw-summary"))
		if txt := string(watch.eval(li + `.querySelector(".text").textContent`)); !strings.Contains(txt, "Won: ") ||
			!strings.Contains(txt, "Ranking by net worth: ") {
			t.Errorf("the round summary lacks who won what or the ranking: %s", txt)
		}
	})

	t.Run("1822CA tile lay", func(t *testing.T) {
		lines, watch := seat(t, b, "1822CA/1.json", "ca")
		for i, ln := range lines {
			got := b.say(t, "ca", ln.user, ln.text)
			if len(got) == 0 || got[len(got)-1].To != "" {
				t.Fatalf("command %d %q by %s: %+v", i, ln.text, ln.user, got)
			}
			if strings.HasPrefix(ln.text, "lay ") {
				break
			}
		}
		li := watch.lastWith(t, `e => e.querySelector("img[src$='/map-region.png']")`)
		watch.check(t, li, "map-region.png", filepath.Join(dir, "ca-crop"))
	})
	t.Logf("screenshots in %s", dir)
}

// seat imports a fixture's set-up (title, seed, players) without its
// actions into channel, seats its players by chat and opens a tab at a
// phone's size watching the channel (in a browser of the test's own); it
// returns the chat the fixture's players would type.
func seat(t *testing.T, b *running, name, channel string) ([]line, *page) {
	t.Helper()
	br := startBrowser(t)
	l := fixture(t, name)
	head := *l
	head.Actions, head.Result, head.GameEndReason = nil, nil, ""
	if _, err := b.st.Import(context.Background(), Channel(channel), "creator", &head); err != nil {
		t.Fatal(err)
	}
	for _, p := range l.Players {
		if got := b.say(t, channel, tabletop.ChatUser(p.ID), "join "+p.Name); len(got) != 1 || got[0].To != "" {
			t.Fatalf("join %s: %+v", p.Name, got)
		}
	}
	watch := br.newPage(b.url)
	watch.call("Emulation.setDeviceMetricsOverride", phone)
	watch.enter("watcher-"+channel, channel)
	return script(t, l), watch
}

// lastWith waits for the last message of the log that matches (a
// JavaScript predicate on its li) and returns a JavaScript expression for
// that li.
func (p *page) lastWith(t *testing.T, match string) string {
	t.Helper()
	li := fmt.Sprintf(`[...document.querySelectorAll("#log li")].filter(%s).pop()`, match)
	p.waitTrue("the message", "!!"+li)
	return "(" + li + ")"
}

// check scrolls the message li into view, waits for its pictures, checks
// that picture (if any) is shown within the phone's width and that the
// page does not scroll sideways, and saves a screenshot (base.png) and the
// picture as drawn (base-full.png).
func (p *page) check(t *testing.T, li, picture, base string) {
	t.Helper()
	p.waitTrue("the pictures", `[...`+li+`.querySelectorAll("img")].every(i => i.complete && i.naturalWidth > 0)`)
	p.eval(li + `.scrollIntoView({block: "start"}); true`)
	time.Sleep(200 * time.Millisecond) // the scroll and layout settle
	var lay struct {
		Page, Viewport, Height, Message float64
		Shown, Natural                  float64
		Src                             string
		Header, Input                   float64
	}
	js := fmt.Sprintf(`(() => { const li = %s; const i = li.querySelector("img[src$='/%s']");
		return {Page: document.documentElement.scrollWidth, Viewport: innerWidth, Height: innerHeight,
			Header: document.querySelector("header").getBoundingClientRect().height,
			Input: document.getElementById("text").getBoundingClientRect().width,
			Message: li.getBoundingClientRect().right, Shown: i ? i.getBoundingClientRect().width : 0,
			Natural: i ? i.naturalWidth : 0, Src: i ? i.src : ""} })()`, li, picture)
	if err := json.Unmarshal(p.eval(js), &lay); err != nil {
		t.Fatal(err)
	}
	if lay.Page > lay.Viewport || lay.Message > lay.Viewport {
		t.Errorf("the page is %v px wide and the message ends at %v px, in a %v px wide phone", lay.Page, lay.Message, lay.Viewport)
	}
	// The chat around the pictures: the header leaves most of the screen
	// to the channel, and the input box has room for a command.
	if lay.Header > lay.Height/8 {
		t.Errorf("the header is %v px high on a %v px high phone", lay.Header, lay.Height)
	}
	if lay.Input < lay.Viewport/2 {
		t.Errorf("the input box is %v px wide on a %v px wide phone", lay.Input, lay.Viewport)
	}
	if picture != "" {
		if lay.Shown < lay.Viewport/2 {
			t.Errorf("%s (%v px wide) is shown %v px wide on a %v px wide phone", picture, lay.Natural, lay.Shown, lay.Viewport)
		}
		data := p.eval(fmt.Sprintf(`fetch(%q).then(r => r.arrayBuffer()).then(b => {
			let s = ""; for (const c of new Uint8Array(b)) s += String.fromCharCode(c); return btoa(s) })`, lay.Src))
		var b64 string
		if err := json.Unmarshal(data, &b64); err != nil {
			t.Fatal(err)
		}
		raw, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(base+"-full.png", raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var r struct {
		Data string `json:"data"`
	}
	if err := json.Unmarshal(p.call("Page.captureScreenshot", map[string]any{"format": "png"}), &r); err != nil {
		t.Fatal(err)
	}
	shot, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base+".png", shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %s %v px wide, shown %v px wide in a %v px phone", base, picture, lay.Natural, lay.Shown, lay.Viewport)
}
