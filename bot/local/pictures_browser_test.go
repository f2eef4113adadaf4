package local

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbc/render"
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
		// On a phone, the table in cards, its smallest text (12 at
		// the phone's density) shown at 11 CSS px or more; the wide
		// table is not shown.
		li := watch.lastWith(t, `e => e.querySelector("img[src$='/table-phone.png']")`)
		watch.check(t, li, "table-phone.png", filepath.Join(dir, "pnw-table"))
		var shown struct{ Shown, Natural float64 }
		if err := json.Unmarshal(watch.eval(`(() => { const i = `+li+`.querySelector("img[src$='/table-phone.png']");
			return {Shown: i.getBoundingClientRect().width, Natural: i.naturalWidth} })()`), &shown); err != nil {
			t.Fatal(err)
		}
		if px := 12 * render.PhoneScale * shown.Shown / shown.Natural; px < 11 {
			t.Errorf("the phone table's smallest text is shown at %.1f px on a 390 px phone", px)
		}
		if n := string(watch.eval(li + `.querySelectorAll("img[src$='/table.png']").length`)); n != "0" {
			t.Errorf("the wide table is shown on a phone too (%s)", n)
		}

		// The rest of the first stock round, until its summary.
		const over = "Stock round 1 is over."
		done := 1
		for _, ln := range lines[1:] {
			got := b.say(t, "pnw", ln.user, ln.text)
			if len(got) == 0 || got[len(got)-1].To != "" {
				t.Fatalf("command %d %q by %s: %+v", done, ln.text, ln.user, got)
			}
			done++
			if strings.Contains(got[len(got)-1].Text, over) {
				break
			}
		}
		li = watch.lastWith(t, fmt.Sprintf(`e => e.querySelector(".text").textContent.includes(%q)`, over))
		watch.check(t, li, "", filepath.Join(dir, "pnw-summary"))
		if txt := string(watch.eval(li + `.querySelector(".text").textContent`)); !strings.Contains(txt, "Won: ") ||
			!strings.Contains(txt, "Ranking by net worth: ") {
			t.Errorf("the round summary lacks who won what or the ranking: %s", txt)
		}

		// The first tile lay: the region around it, a tap on which
		// opens the whole map; the whole map is not shown inline.
		done += phoneRegion(t, b, watch, "pnw", lines[done:], filepath.Join(dir, "pnw-region"))

		// Mid-game (operating round 6, after 150 commands): the same.
		for ; done < 150; done++ {
			if got := b.say(t, "pnw", lines[done].user, lines[done].text); len(got) == 0 || got[len(got)-1].To != "" {
				t.Fatalf("command %d %q by %s: %+v", done, lines[done].text, lines[done].user, got)
			}
		}
		phoneRegion(t, b, watch, "pnw", lines[done:], filepath.Join(dir, "pnw-midgame"))
	})

	t.Run("1822CA tile lay", func(t *testing.T) {
		lines, watch := seat(t, b, "1822CA/1.json", "ca")
		phoneRegion(t, b, watch, "ca", lines, filepath.Join(dir, "ca-crop"))
	})
	t.Logf("screenshots in %s", dir)
}

// phoneRegion plays lines in channel until the first tile lay and checks
// what the phone shows of it: the region around the hex (not the whole
// map), which opens the whole map when tapped. It returns how many lines
// it played.
func phoneRegion(t *testing.T, b *running, watch *page, channel string, lines []line, base string) int {
	t.Helper()
	n := 0
	for i, ln := range lines {
		n++
		got := b.say(t, channel, ln.user, ln.text)
		if len(got) == 0 || got[len(got)-1].To != "" {
			t.Fatalf("command %d %q by %s: %+v", i, ln.text, ln.user, got)
		}
		if strings.HasPrefix(ln.text, "lay ") {
			break
		}
	}
	li := watch.lastWith(t, `e => e.querySelector("img[src$='/map-region.png']")`)
	watch.check(t, li, "map-region.png", base)
	if n := string(watch.eval(li + `.querySelectorAll("img[src$='/map.png']").length`)); n != "0" {
		t.Errorf("a phone shows the whole map inline too (%s)", n)
	}
	var href string
	if err := json.Unmarshal(watch.eval(li+`.querySelector("img[src$='/map-region.png']").parentElement.getAttribute("href")`), &href); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(href, "/map.png") {
		t.Errorf("a tap on the region opens %q, want the whole map", href)
	}
	full := string(watch.eval(`fetch(` + strconv.Quote(href) + `).then(r => r.ok && r.headers.get("Content-Type"))`))
	if full != `"image/png"` {
		t.Errorf("the whole map behind the region: %s", full)
	}
	return n
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
