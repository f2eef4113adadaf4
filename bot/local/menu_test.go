package local

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/bot"
)

// menuBot offers a reply with a button and a menu at position 7; the
// first choice from it moves the game on, and a later one is stale.
type menuBot struct {
	mu     sync.Mutex
	at     int
	choice []bot.Message // the presses, as the handler got them
}

var bidMenu = bot.Menu{Placeholder: "Bid on…", At: 7, Options: []bot.MenuOption{
	{Label: "P1 for $100", Command: "bid P1 100", Description: "the lowest bid"},
	{Label: "P2 for $120", Command: "bid P2 120"},
	{Command: "bid P3 140"},
}}

func (mb *menuBot) Submit(m bot.Message) {
	defer m.Respond.(bot.Finisher).Finish()
	mb.mu.Lock()
	defer mb.mu.Unlock()
	ctx := context.Background()
	if m.Kind != bot.KindButton {
		mb.at = 7
		_ = m.Respond.Respond(ctx, bot.Reply{Text: "Choose a bid.",
			Buttons: []bot.Button{{Label: "pass", Command: "pass", At: 7}}, Menus: []bot.Menu{bidMenu}})
		return
	}
	mb.choice = append(mb.choice, m)
	if m.At != mb.at {
		_ = m.Respond.Respond(ctx, bot.Reply{Text: "That choice is no longer current.", Ephemeral: true, Stale: true})
		return
	}
	mb.at++
	_ = m.Respond.Respond(ctx, bot.Reply{Text: fmt.Sprintf("chose %q at %d", m.Text, m.At)})
}

func (mb *menuBot) Suggest(context.Context, bot.Query) []bot.Choice { return nil }

func (mb *menuBot) presses() []bot.Message {
	mb.mu.Lock()
	defer mb.mu.Unlock()
	return append([]bot.Message(nil), mb.choice...)
}

// serveMenuBot serves a playground in front of a menuBot.
func serveMenuBot(t *testing.T) (*menuBot, string) {
	t.Helper()
	a := New(Options{})
	mb := &menuBot{}
	stop, cancel := context.WithCancel(context.Background())
	srv := httptest.NewServer(a.Handler(mb, stop))
	t.Cleanup(srv.Close)
	t.Cleanup(cancel)
	return mb, srv.URL + "/"
}

// TestMenuEvent: a reply's menus reach the page with each option's value
// carrying the menu's position, and a chosen value comes back to the
// handler as a press of that command at that position.
func TestMenuEvent(t *testing.T) {
	mb, base := serveMenuBot(t)
	alice := browserClient(t)
	claim(t, alice, base, "", "alice")
	send := func(text string, button bool) []Event {
		t.Helper()
		body, _ := json.Marshal(sendRequest{Channel: "c", Tab: "t", Text: text, Button: button, Wait: true})
		r := request(t, alice, http.MethodPost, base, "api/send", "", body)
		msg := drain(r)
		var out sendResponse
		if err := json.Unmarshal([]byte(msg), &out); err != nil || r.StatusCode != http.StatusOK {
			t.Fatalf("send %q: %s %q", text, r.Status, msg)
		}
		return out.Replies
	}
	got := send("choices", false)
	if len(got) != 1 || len(got[0].menus()) != 1 || len(got[0].Buttons) != 1 {
		t.Fatalf("the reply is %+v", got)
	}
	want := Menu{Placeholder: "Bid on…", Options: []MenuChoice{
		{Label: "P1 for $100", Command: "@7 bid P1 100", Description: "the lowest bid"},
		{Label: "P2 for $120", Command: "@7 bid P2 120"},
		{Label: "bid P3 140", Command: "@7 bid P3 140"},
	}}
	if fmt.Sprint(got[0].menus()[0]) != fmt.Sprint(want) {
		t.Errorf("the menu is %+v, want %+v", got[0].menus()[0], want)
	}
	for i, o := range bidMenu.Options {
		if v := o.Value(bidMenu.At); got[0].menus()[0].Options[i].Command != v {
			t.Errorf("option %d carries %q, want MenuOption.Value %q", i, got[0].menus()[0].Options[i].Command, v)
		}
	}

	for _, c := range []struct {
		name, value, reply string
		stale              bool
	}{
		{"a choice", got[0].menus()[0].Options[1].Command, `chose "bid P2 120" at 7`, false},
		{"a choice the game moved past", got[0].menus()[0].Options[0].Command, "no longer current", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := send(c.value, true)
			if len(r) != 1 || !strings.Contains(r[0].Text, c.reply) || r[0].Stale != c.stale {
				t.Fatalf("choosing %q: %+v", c.value, r)
			}
			p := mb.presses()
			if last := p[len(p)-1]; last.Kind != bot.KindButton || last.At != 7 || !strings.HasPrefix(c.value, fmt.Sprintf("@%d %s", last.At, last.Text)) {
				t.Errorf("the handler got %v %q at %d", last.Kind, last.Text, last.At)
			}
		})
	}
}

// TestMenusInBrowser: in headless Chromium a reply's menu is a select;
// choosing an option plays it as a press, the reply's button still
// works, and once the game moved past them a stale choice disables the
// message's buttons and menu.
func TestMenusInBrowser(t *testing.T) {
	br := startBrowser(t)
	mb, base := serveMenuBot(t)
	alice := br.newPage(base)
	alice.enter("alice", "t1")
	alice.send("choices")
	alice.waitTrue("the menu", `document.querySelectorAll("#log .menu select option").length === 4`)
	var opts string
	if err := json.Unmarshal(alice.eval(`[...document.querySelectorAll("#log .menu select option")].map(o => o.value + "=" + o.textContent).join("|")`), &opts); err != nil {
		t.Fatal(err)
	}
	if want := "=Bid on…|@7 bid P1 100=P1 for $100 — the lowest bid|@7 bid P2 120=P2 for $120|@7 bid P3 140=bid P3 140"; opts != want {
		t.Errorf("the menu's options are %s, want %s", opts, want)
	}
	alice.eval(`(() => { const s = document.querySelector("#log .menu select"); s.value = "@7 bid P2 120";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	alice.waitTrue("the choice's reply", `document.getElementById("log").innerText.includes('chose "bid P2 120" at 7')`)
	if p := mb.presses(); len(p) != 1 || p[0].Kind != bot.KindButton || p[0].Text != "bid P2 120" || p[0].At != 7 {
		t.Fatalf("the handler got %+v", p)
	}
	if sel := string(alice.eval(`document.querySelector("#log .menu select").value`)); sel != `""` {
		t.Errorf("after a choice the menu shows %s, want its placeholder again", sel)
	}

	// The same message's button, pressed after the game moved on, is
	// refused as stale, and the message's choices are disabled.
	alice.eval(`(() => { [...document.querySelectorAll("#log .buttons button")].find(b => b.textContent === "pass").click(); return true })()`)
	alice.waitTrue("the stale refusal", `document.getElementById("log").innerText.includes("no longer current")`)
	alice.waitTrue("the retired choices", `document.querySelector("#log .menu select").disabled && document.querySelector("#log .buttons button").disabled`)
	if p := mb.presses(); len(p) != 2 || p[1].Text != "pass" || p[1].At != 7 {
		t.Errorf("the handler got %+v", p)
	}

	// A new offer's menu works, and the retired one stays retired.
	alice.send("choices")
	alice.waitTrue("the second menu", `document.querySelectorAll("#log .menu select").length === 2`)
	alice.eval(`(() => { const s = [...document.querySelectorAll("#log .menu select")][1]; s.value = "@7 bid P3 140";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
	alice.waitTrue("the second choice's reply", `document.getElementById("log").innerText.includes('chose "bid P3 140" at 7')`)
	if d := string(alice.eval(`[...document.querySelectorAll("#log .menu select")].map(s => s.disabled).join(",")`)); d != `"true,false"` {
		t.Errorf("the menus' disabled states are %s, want the first retired only", d)
	}
}

// TestMenuChoiceThroughCore plays a move through the real core by
// choosing from the menus it offers in the playground: after `start`, the
// first option of the first menu offered (and of the menus that choice
// narrows to, as `bid M5` asks for the amount) until a move is stored.
func TestMenuChoiceThroughCore(t *testing.T) {
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, false)
	defer b.stop(t)
	const channel = "menus"
	b.say(t, channel, "alice", "new 1822PNW")
	b.say(t, channel, "bob", "join")
	b.say(t, channel, "carol", "join")
	got := b.say(t, channel, "alice", "start")
	if len(got) == 0 || !strings.Contains(got[len(got)-1].Text, "Your turn: @") {
		t.Fatalf("start: %+v", got)
	}
	reply := got[len(got)-1]
	if len(reply.menus()) == 0 {
		t.Skip("skipping: the core on this branch offers no menus after start (the playground's menus are tested with a fake handler)")
	}
	if len(reply.Mentions) != 1 {
		t.Fatalf("the start reply mentions %v, want the one player to act", reply.Mentions)
	}
	mover := reply.Mentions[0]
	ch := Channel(channel)
	sg, err := b.st.OpenGame(context.Background(), ch)
	if err != nil {
		t.Fatal(err)
	}
	actions := func() int {
		ld, err := b.st.Load(context.Background(), sg.ID)
		if err != nil {
			t.Fatal(err)
		}
		return len(ld.Log.Actions)
	}
	before := actions()
	var chosen []string
	for range 4 {
		if len(reply.menus()) == 0 || len(reply.menus()[0].Options) == 0 {
			t.Fatalf("after choosing %q the reply offers no menu to go on with: %+v", chosen, reply)
		}
		value := reply.menus()[0].Options[0].Command
		if cmd, at := bot.ParseValue(value); at <= 0 || cmd == "" {
			t.Fatalf("the option's value %q carries no position", value)
		}
		chosen = append(chosen, value)
		body, _ := json.Marshal(sendRequest{Channel: channel, Tab: "tab-" + mover, Text: value, Button: true, Wait: true})
		r := b.post(t, b.player(t, mover), "api/send", body)
		msg := drain(r)
		var out sendResponse
		if err := json.Unmarshal([]byte(msg), &out); err != nil || r.StatusCode != http.StatusOK || len(out.Replies) == 0 {
			t.Fatalf("choosing %q: %s %q", value, r.Status, msg)
		}
		reply = out.Replies[len(out.Replies)-1]
		// A narrowing answer (the amounts of a bid) may go to the
		// chooser only; a refusal offers nothing to go on with.
		if reply.Stale || reply.To != "" && len(reply.menus()) == 0 {
			t.Fatalf("choosing %q was refused: %s", value, reply.Text)
		}
		if actions() > before {
			t.Logf("chose %q: %s", chosen, reply.Text)
			return
		}
	}
	t.Fatalf("choosing %q stored no move; the last reply: %+v", chosen, reply)
}

// TestCoreMenuInBrowser: in headless Chromium, the player to act after
// `start` plays a bid by choosing from the real core's menus alone.
func TestCoreMenuInBrowser(t *testing.T) {
	br := startBrowser(t)
	b := startBot(t, filepath.Join(t.TempDir(), "pbc.db"), &clock{t: time.Now()}, false)
	defer b.stop(t)
	tabs := map[string]*page{}
	for _, name := range []string{"alice", "bob", "carol"} {
		p := br.newPage(b.url)
		p.enter(name, "t1")
		tabs[name] = p
	}
	alice := tabs["alice"]
	alice.send("new 1822PNW")
	alice.waitTrue("the new game", `document.getElementById("log").innerText.includes("New 1822PNW game")`)
	tabs["bob"].send("join")
	alice.waitTrue("bob joining", `document.getElementById("log").innerText.includes("bob joins")`)
	tabs["carol"].send("join")
	alice.waitTrue("carol joining", `document.getElementById("log").innerText.includes("carol joins")`)
	alice.send("start")
	alice.waitTrue("the start reply", `document.getElementById("log").innerText.includes("Your turn: @")`)
	var mover *page
	log := string(alice.eval(`document.getElementById("log").innerText`))
	for name, p := range tabs {
		if strings.Contains(log, "Your turn: @"+name) {
			mover = p
		}
	}
	if mover == nil {
		t.Fatalf("the start reply names nobody to act:\n%s", log)
	}
	mover.waitTrue("the start reply in the mover's tab", `document.getElementById("log").innerText.includes("Your turn: @")`)
	if string(mover.eval(`document.querySelectorAll("#log .menu select").length > 0`)) != "true" {
		t.Skip("skipping: the core on this branch offers no menus after start")
	}
	// Choose the first option of the newest menu until a bid is made (a
	// bid target's menu narrows to its amounts).
	count := `document.querySelectorAll("#log li").length`
	for range 3 {
		n := string(mover.eval(count))
		mover.eval(`(() => { const ss = [...document.querySelectorAll("#log .menu select")].filter(s => !s.disabled);
			const s = ss[ss.length - 1]; s.value = s.options[1].value; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`)
		mover.waitTrue("the choice's reply", count+` >= `+n+` + 2`)
		if strings.Contains(string(mover.eval(`document.getElementById("log").innerText`)), " bids $") {
			alice.waitTrue("the bid, seen by everyone", `document.getElementById("log").innerText.includes(" bids $")`)
			return
		}
	}
	t.Fatalf("no bid was made by choosing; the mover's page shows:\n%s", mover.eval(`document.getElementById("log").innerText`))
}

// TestEventJSON: an event's files and menus travel as lists, and an event
// without them names neither.
func TestEventJSON(t *testing.T) {
	a := New(Options{})
	for _, c := range []struct {
		name  string
		reply bot.Reply
		has   []string
		lacks []string
	}{
		{"plain", bot.Reply{Text: "ok"}, nil, []string{`"files"`, `"menus"`, `"stale"`}},
		{"a file", bot.Reply{Text: "log", Files: []bot.File{{Name: "game.json", Data: []byte("{}")}}},
			[]string{`"files":[{"url":"/file/`, `/game.json","name":"game.json"`}, []string{`"menus"`}},
		{"a menu", bot.Reply{Text: "bid", Menus: []bot.Menu{bidMenu}},
			[]string{`"menus":[{"placeholder":"Bid on…","options":[{"label":"P1 for $100","command":"@7 bid P1 100"`}, []string{`"files"`}},
		{"an empty menu", bot.Reply{Text: "bid", Menus: []bot.Menu{{Placeholder: "none"}}}, nil, []string{`"menus"`}},
		{"stale", bot.Reply{Text: "no", Stale: true, Ephemeral: true}, []string{`"stale":true`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, err := json.Marshal(a.event("c", "alice", "t", 1, c.reply))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range c.has {
				if !strings.Contains(string(b), s) {
					t.Errorf("%s lacks %s", b, s)
				}
			}
			for _, s := range c.lacks {
				if strings.Contains(string(b), s) {
					t.Errorf("%s has %s", b, s)
				}
			}
		})
	}
}
