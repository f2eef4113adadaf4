package local

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// chromiumPath is Debian's chromium package.
const chromiumPath = "/usr/bin/chromium"

// browser is a headless Chromium driven over the DevTools protocol.
type browser struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT of the DevTools endpoint
}

// startBrowser launches headless Chromium, skipping the test without it.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("skipping the browser test: %s is absent (apt-get install -y chromium)", chromiumPath)
	}
	profile, err := os.MkdirTemp("", "pbc-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(chromiumPath, "--headless=new", "--no-sandbox", "--disable-gpu",
		"--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check", "--remote-debugging-address=127.0.0.1",
		"--remote-debugging-port=0", "--user-data-dir="+profile, "--window-size=1200,1600", "about:blank")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its helpers go with it
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		for range 20 { // helpers may still be writing the profile
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	listening := regexp.MustCompile(`DevTools listening on ws://([^/]+)/`)
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
	}()
	select {
	case hostPort := <-found:
		return &browser{t: t, cmd: cmd, base: "http://" + hostPort}
	case <-time.After(30 * time.Second):
		t.Fatal("chromium did not start its DevTools endpoint")
	}
	return nil
}

// page is one browser tab.
type page struct {
	t       *testing.T
	conn    *websocket.Conn
	id      int
	context string // its browser context: a private window's cookies
}

// browserCall sends a DevTools command to the browser itself.
func (b *browser) browserCall(method string, params any, result any) {
	b.t.Helper()
	resp, err := http.Get(b.base + "/json/version")
	if err != nil {
		b.t.Fatal(err)
	}
	var v struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	err = json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	if err != nil {
		b.t.Fatal(err)
	}
	conn, _, err := websocket.DefaultDialer.Dial(v.WebSocketDebuggerURL, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	defer conn.Close()
	p := &page{t: b.t, conn: conn}
	if err := json.Unmarshal(p.call(method, params), result); err != nil {
		b.t.Fatalf("%s: %v", method, err)
	}
}

// newPage opens a tab at url in a private window of its own: a browser
// with its own cookies, so its own player.
func (b *browser) newPage(url string) *page {
	b.t.Helper()
	var ctx struct {
		BrowserContextID string `json:"browserContextId"`
	}
	b.browserCall("Target.createBrowserContext", map[string]any{}, &ctx)
	return b.newTab(url, ctx.BrowserContextID)
}

// newTab opens a tab at url in a browser context ("" for the default).
func (b *browser) newTab(url, context string) *page {
	b.t.Helper()
	var target struct {
		TargetID string `json:"targetId"`
	}
	params := map[string]any{"url": url}
	if context != "" {
		params["browserContextId"] = context
	}
	b.browserCall("Target.createTarget", params, &target)
	ws := "ws" + strings.TrimPrefix(b.base, "http") + "/devtools/page/" + target.TargetID
	conn, _, err := websocket.DefaultDialer.Dial(ws, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	b.t.Cleanup(func() { conn.Close() })
	return &page{t: b.t, conn: conn, context: context}
}

// call sends a DevTools command and returns its result.
func (p *page) call(method string, params any) json.RawMessage {
	p.t.Helper()
	p.id++
	id := p.id
	if err := p.conn.WriteJSON(map[string]any{"id": id, "method": method, "params": params}); err != nil {
		p.t.Fatal(err)
	}
	_ = p.conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	for {
		var msg struct {
			ID     int             `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  *struct{ Message string }
		}
		if err := p.conn.ReadJSON(&msg); err != nil {
			p.t.Fatalf("%s: %v", method, err)
		}
		if msg.ID != id {
			continue // an event
		}
		if msg.Error != nil {
			p.t.Fatalf("%s: %s", method, msg.Error.Message)
		}
		return msg.Result
	}
}

// eval runs JavaScript in the page and returns its value as JSON.
func (p *page) eval(js string) json.RawMessage {
	p.t.Helper()
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails any `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(p.call("Runtime.evaluate", map[string]any{"expression": js, "returnByValue": true, "awaitPromise": true}), &r); err != nil {
		p.t.Fatal(err)
	}
	if r.ExceptionDetails != nil {
		p.t.Fatalf("script %q failed: %v", js, r.ExceptionDetails)
	}
	return r.Result.Value
}

// waitTrue polls a JavaScript condition until it holds.
func (p *page) waitTrue(what, js string) {
	p.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if string(p.eval(js)) == "true" {
			return
		}
	}
	p.t.Fatalf("timed out waiting for %s; the page shows:\n%s", what, p.eval(`document.body.innerText`))
}

// enter chooses who the tab is, as a person would: fill the form, press Enter.
func (p *page) enter(user, channel string) {
	p.t.Helper()
	p.waitTrue("the page", `document.readyState === "complete" && !!document.getElementById("user")`)
	p.eval(fmt.Sprintf(`document.getElementById("user").value = %q;
		document.getElementById("channel").value = %q;
		document.getElementById("enter").click(); true`, user, channel))
	p.waitTrue("the input box", `!document.getElementById("text").disabled`)
}

// send types a command and presses Send.
func (p *page) send(text string) {
	p.t.Helper()
	p.eval(fmt.Sprintf(`document.getElementById("text").value = %q; document.getElementById("send").click(); true`, text))
}

// screenshot saves the page as a PNG.
func (p *page) screenshot(path string) {
	p.t.Helper()
	var r struct {
		Data string `json:"data"`
	}
	if err := json.Unmarshal(p.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true}), &r); err != nil {
		p.t.Fatal(err)
	}
	b, err := base64.StdEncoding.DecodeString(r.Data)
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// TestPlaygroundInBrowser types commands into the playground in headless
// Chromium, in two tabs as two players, and sees the replies and the map.
func TestPlaygroundInBrowser(t *testing.T) {
	br := startBrowser(t)
	clk := &clock{t: time.Now()}
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), clk, true)
	defer b.stop(t)

	alice := br.newPage(b.url)
	alice.enter("alice", "table-1")
	alice.send("new 1822PNW")
	alice.waitTrue("the new game's reply", `document.getElementById("log").innerText.includes("New 1822PNW game")`)

	bob := br.newPage(b.url)
	bob.enter("bob", "table-1")
	bob.waitTrue("the history in a second tab", `document.getElementById("log").innerText.includes("New 1822PNW game")`)
	bob.send("join")
	alice.waitTrue("bob joining, seen in alice's tab", `document.getElementById("log").innerText.includes("bob joins")`)
	carol := br.newPage(b.url)
	carol.enter("carol", "table-1")
	carol.waitTrue("the history in a third tab", `document.getElementById("log").innerText.includes("bob joins")`)
	carol.send("join")
	alice.waitTrue("carol joining", `document.getElementById("log").innerText.includes("carol joins")`)

	alice.send("start")
	alice.waitTrue("the map", `[...document.querySelectorAll("#log img")].some(i => i.complete && i.naturalWidth > 500 && i.src.endsWith("/map.png"))`)
	alice.waitTrue("the market", `[...document.querySelectorAll("#log img")].some(i => i.complete && i.naturalWidth > 100 && i.src.endsWith("/market.png"))`)
	if txt := string(alice.eval(`document.getElementById("log").innerText`)); !strings.Contains(txt, "1822PNW begins") {
		t.Errorf("the start reply is missing:\n%s", txt)
	}

	// The player to act clicks the start reply's pass button twice: the
	// first click passes, the second is a choice no longer current.
	log := string(alice.eval(`document.getElementById("log").innerText`))
	tabs := map[string]*page{"alice": alice, "bob": bob, "carol": carol}
	var mover *page
	for name, p := range tabs {
		if strings.Contains(log, "Your turn: @"+name) {
			mover = p
		}
	}
	if mover == nil {
		t.Fatalf("the start reply names nobody to act:\n%s", log)
	}
	mover.waitTrue("the pass button", `[...document.querySelectorAll("#log .buttons button")].some(b => b.textContent === "pass")`)
	// The first pass button in the log is the start reply's.
	clickPass := `(() => { const bs = [...document.querySelectorAll("#log .buttons button")].filter(b => b.textContent === "pass"); if (!bs.length) return false; bs[0].click(); return true })()`
	mover.eval(clickPass)
	alice.waitTrue("the pass", `document.getElementById("log").innerText.includes(" passes. Next:")`)
	mover.eval(clickPass)
	mover.waitTrue("the stale click's refusal", `document.getElementById("log").innerText.includes("no longer current")`)

	// An error goes to the sender's tab only.
	countPrivate := `document.querySelectorAll("#log li.only-you").length`
	bobBefore := string(bob.eval(countPrivate))
	bob.send("buy NOPE")
	bob.waitTrue("bob's error", countPrivate+` > `+bobBefore)
	bobErr := bob.eval(`[...document.querySelectorAll("#log li.only-you .text")].pop().textContent`)
	// A page shows the channel's events in the order the bot took them:
	// once alice's own later command shows, bob's error would have too.
	alice.send("help")
	alice.waitTrue("alice's help, sent after bob's error", `[...document.querySelectorAll("#log li.mine .text")].some(e => e.textContent === "help")`)
	if n := string(alice.eval(`[...document.querySelectorAll("#log li.only-you .text")].filter(e => e.textContent === ` + string(bobErr) + `).length`)); n != "0" {
		t.Errorf("alice sees bob's error %s (%s times)", bobErr, n)
	}
	// PBC_SCREENSHOT=bot/local/screenshot.png (from the repository root:
	// $PWD/bot/local/screenshot.png) refreshes the README's screenshot.
	shot := filepath.Join(t.TempDir(), "playground.png")
	if p := os.Getenv("PBC_SCREENSHOT"); p != "" {
		shot = p
	}
	alice.screenshot(shot)
	t.Logf("screenshot: %s", shot)

	// A second tab of alice's window switches the browser to dave; alice's
	// tab still sends as alice (it claims its name back first).
	dave := br.newTab(b.url, alice.context)
	dave.enter("dave", "table-1")
	alice.send("status")
	alice.waitTrue("alice's status, sent as alice", `[...document.querySelectorAll("#log li.mine .text")].some(e => e.textContent === "status")`)
	dave.send("who")
	dave.waitTrue("dave's command, sent as dave", `[...document.querySelectorAll("#log li.mine .text")].some(e => e.textContent === "who")`)

	// A file dropped on the chat is sent with the command import; one
	// over the limit is refused before it is sent.
	carol.eval(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File(['{"id": 1}'], "game.json", {type: "application/json"}));
		document.querySelector("main").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true })()`)
	alice.waitTrue("carol's import with its file", `[...document.querySelectorAll("#log li .attached")].some(e => e.textContent.includes("game.json"))`)
	carol.eval(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array(6 << 20)], "big.json", {type: "application/json"}));
		document.querySelector("main").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		return true })()`)
	carol.waitTrue("the refusal of a large file", `document.getElementById("status").textContent.includes("takes files up to 5.0 MB")`)
}

// TestPlaygroundInviteInBrowser opens a playground that has an access
// secret: without the invite link the page is refused; with it, a player
// claims a name and plays, and the key leaves the address bar.
func TestPlaygroundInviteInBrowser(t *testing.T) {
	br := startBrowser(t)
	const secret = "correct-horse-battery-staple"
	b := startBotWith(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, false, Options{Secret: secret})
	defer b.stop(t)

	stranger := br.newPage(b.url)
	stranger.waitTrue("the refusal", `document.body.innerText.includes("this playground is private")`)

	invite, err := b.pg.Invite(context.Background())
	if err != nil || !strings.Contains(invite, "?key=") {
		t.Fatalf("invite link %q, %v", invite, err)
	}
	alice := br.newPage(invite)
	alice.enter("alice", "t1")
	if got := string(alice.eval(`location.search`)); got != `""` {
		t.Errorf("the address bar still holds %s", got)
	}
	alice.send("help")
	alice.waitTrue("the help reply", `document.querySelectorAll("#log li.bot").length > 0`)
}
