package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"pbc/bot"
)

func TestTypedRefusalGoesToTheSenderOnly(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m9", "channel_id": "c1", "guild_id": "g1",
		"content": "!buy XYZ", "author": map[string]any{"id": "u2", "username": "bob"}})
	m := <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "There is no company XYZ.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	dm := f.expect(t, "POST", "/users/@me/channels")
	if dm.JSON["recipient_id"] != "u2" {
		t.Errorf("direct channel with %v, want the sender u2", dm.JSON["recipient_id"])
	}
	msg := f.expect(t, "POST", "/channels/dm1/messages")
	if got := msg.JSON["content"]; got != "In <#c1>: There is no company XYZ." {
		t.Errorf("direct message %q", got)
	}
}

func TestTypedAdminFromRoles(t *testing.T) {
	f := newFakeDiscord(t)
	f.serve("/api/v10/guilds/g1/roles", `[{"id":"g1","name":"@everyone","permissions":"0"},
		{"id":"r1","name":"Game Master","permissions":"0"},
		{"id":"r2","name":"Mods","permissions":"16"}]`)
	f.serve("/api/v10/guilds/g1/members/u4", `{"roles":["r2"],"user":{"id":"u4","username":"dee"}}`)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h, func(o *Options) { o.GMRole = "game master" })
	for _, c := range []struct {
		name   string
		member any // the member in the event; nil for none
		user   string
		admin  bool
	}{
		{"the game-master role", map[string]any{"roles": []any{"r1"}}, "u1", true},
		{"no role", map[string]any{"roles": []any{}}, "u2", false},
		{"another role", map[string]any{"roles": []any{"r9"}}, "u3", false},
		{"manage channels, member fetched", nil, "u4", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			ev := map[string]any{"id": "m-" + c.user, "channel_id": "c1", "guild_id": "g1", "content": "!kick @x",
				"author": map[string]any{"id": c.user, "username": c.user}}
			if c.member != nil {
				ev["member"] = c.member
			}
			f.dispatch("MESSAGE_CREATE", ev)
			if m := <-h.got; m.User.Admin != c.admin {
				t.Errorf("admin %v, want %v", m.User.Admin, c.admin)
			}
		})
	}
	// The game-master role counts for slash commands too.
	in := interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "pass"}}})
	in["member"].(map[string]any)["roles"] = []any{"r1"}
	f.dispatch("INTERACTION_CREATE", in)
	f.expect(t, "POST", "/callback")
	if m := <-h.got; !m.User.Admin {
		t.Error("a game master's slash command is not an admin's")
	}
	if n := f.fetched("/api/v10/guilds/g1/roles"); n != 1 {
		t.Errorf("roles fetched %d times for five commands, want once (cached)", n)
	}
}

func TestImportByAttachment(t *testing.T) {
	f := newFakeDiscord(t)
	log := `{"id":123,"title":"1822PNW","actions":[]}`
	f.serve("/files/game-123.json", log)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	read := func(t *testing.T, m bot.Message) string {
		t.Helper()
		if len(m.Attachments) != 1 {
			t.Fatalf("%d attachments, want the log", len(m.Attachments))
		}
		at := m.Attachments[0]
		if at.Name != "game-123.json" || at.Type != "application/json" || at.Size != int64(len(log)) {
			t.Errorf("attachment %s %s %d", at.Name, at.Type, at.Size)
		}
		rc, err := at.Open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	file := map[string]any{"id": "a1", "filename": "game-123.json", "content_type": "application/json",
		"size": len(log), "url": f.url("/files/game-123.json")}

	t.Run("slash", func(t *testing.T) {
		in := interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
			"options": []any{map[string]any{"type": 2, "name": "game", "options": []any{
				map[string]any{"type": 1, "name": "import", "options": []any{
					map[string]any{"type": 11, "name": "file", "value": "a1"}}}}}},
			"resolved": map[string]any{"attachments": map[string]any{"a1": file}}})
		f.dispatch("INTERACTION_CREATE", in)
		f.expect(t, "POST", "/callback")
		m := <-h.got
		if m.Text != "import" {
			t.Errorf("text %q, want import", m.Text)
		}
		if got := read(t, m); got != log {
			t.Errorf("read %q, want the file", got)
		}
	})
	t.Run("a real 18xx.games log", func(t *testing.T) {
		path := filepath.Join("..", "..", "..", "shared", "fixtures", "1822PNW", "1822PNW_game_end_bank.json")
		real, err := os.ReadFile(path)
		if err != nil {
			t.Skip("../shared/fixtures not found: the game logs are kept beside the repository")
		}
		f.serve("/files/real.json", string(real))
		f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m8", "channel_id": "c1", "guild_id": "g1",
			"content": "!import", "author": map[string]any{"id": "u2", "username": "bob"},
			"attachments": []any{map[string]any{"id": "a2", "filename": "real.json", "size": len(real),
				"url": f.url("/files/real.json")}}})
		m := <-h.got
		rc, err := m.Attachments[0].Open(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		var game struct {
			Actions []json.RawMessage `json:"actions"`
		}
		if err := json.NewDecoder(rc).Decode(&game); err != nil || len(game.Actions) == 0 {
			t.Errorf("the downloaded log reads as %d actions, %v", len(game.Actions), err)
		}
	})
	t.Run("typed", func(t *testing.T) {
		f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m9", "channel_id": "c1", "guild_id": "g1",
			"content": "!import", "author": map[string]any{"id": "u2", "username": "bob"},
			"attachments": []any{file}})
		m := <-h.got
		if got := read(t, m); got != log {
			t.Errorf("read %q, want the file", got)
		}
	})
}

func TestNewGameOpensAThread(t *testing.T) {
	f := newFakeDiscord(t)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h, func(o *Options) { o.InPlace = []string{"c2"} })

	f.dispatch("INTERACTION_CREATE", interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "new", "options": []any{
			map[string]any{"type": 3, "name": "title", "value": "1822PNW"}}}}}))
	f.expect(t, "POST", "/callback")
	th := f.expect(t, "POST", "/channels/c1/threads")
	if th.JSON["name"] != "1822PNW — Alice" {
		t.Errorf("thread named %q", th.JSON["name"])
	}
	m := <-h.got
	if m.Channel.ID != "th1" {
		t.Errorf("the game is set up in %s, want the thread th1", m.Channel.ID)
	}
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "A game of 1822PNW is open; `join` to sit."}); err != nil {
		t.Fatal(err)
	}
	if e := f.expect(t, "PATCH", "/@original"); !strings.Contains(fmt.Sprint(e.JSON["content"]), "<#th1>") {
		t.Errorf("deferred reply %q, want it to point to the thread", e.JSON["content"])
	}
	if p := f.expect(t, "POST", "/channels/th1/messages"); !strings.Contains(fmt.Sprint(p.JSON["content"]), "join") {
		t.Errorf("thread got %v", p.JSON["content"])
	}

	// Typed in a channel that plays in place: no thread.
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m9", "channel_id": "c2", "guild_id": "g1",
		"content": "!new 1822CA", "author": map[string]any{"id": "u2", "username": "bob"}})
	if m := <-h.got; m.Channel.ID != "c2" {
		t.Errorf("in-place game set up in %s", m.Channel.ID)
	}

	// Typed: the channel is told where the game is, the thread gets the reply.
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m8", "channel_id": "c1", "guild_id": "g1",
		"content": "!new 1822CA", "author": map[string]any{"id": "u2", "username": "bob"}})
	f.expect(t, "POST", "/channels/c1/threads")
	m = <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "A game of 1822CA is open."}); err != nil {
		t.Fatal(err)
	}
	if p := f.expect(t, "POST", "/channels/c1/messages"); !strings.Contains(fmt.Sprint(p.JSON["content"]), "<#th1>") {
		t.Errorf("channel told %v", p.JSON["content"])
	}
	f.expect(t, "POST", "/channels/th1/messages")

	// A refused `new` leaves no empty thread behind.
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m7", "channel_id": "c1", "guild_id": "g1",
		"content": "!new 1830", "author": map[string]any{"id": "u2", "username": "bob"}})
	f.expect(t, "POST", "/channels/c1/threads")
	m = <-h.got
	if err := m.Respond.Respond(context.Background(), bot.Reply{Text: "No such game.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	f.expect(t, "DELETE", "/channels/th1")
	f.expect(t, "POST", "/users/@me/channels")
	f.expect(t, "POST", "/channels/dm1/messages")

	// Where no thread can be made, the game stays in the channel.
	f.mu.Lock()
	f.noThreads = true
	f.mu.Unlock()
	f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m10", "channel_id": "c1", "guild_id": "g1",
		"content": "!new 1822CA", "author": map[string]any{"id": "u2", "username": "bob"}})
	f.expect(t, "POST", "/channels/c1/threads")
	if m := <-h.got; m.Channel.ID != "c1" {
		t.Errorf("game set up in %s, want c1 when threads are refused", m.Channel.ID)
	}
}

func TestLongReplySplitsWithThePingFirst(t *testing.T) {
	ping := "Your turn: <@u2>"
	var lines []string
	for i := 0; utf8.RuneCountInString(strings.Join(lines, "\n")) < 5000; i++ {
		lines = append(lines, fmt.Sprintf("line %d: %s", i, strings.Repeat("é", 40)))
	}
	r := bot.Reply{Text: strings.Join(lines, "\n") + "\n" + ping, Ping: ping, Mentions: []string{"u2"}}
	parts := chunks(r)
	if len(parts) < 3 {
		t.Fatalf("%d parts, want the text split", len(parts))
	}
	if !strings.HasPrefix(parts[0], ping+"\n") {
		t.Errorf("first part starts %q, want the Ping", parts[0][:40])
	}
	var got []string
	for _, p := range parts {
		if n := utf8.RuneCountInString(p); n > maxContent {
			t.Errorf("a part of %d characters", n)
		}
		got = append(got, strings.Split(p, "\n")...)
	}
	if want := append([]string{ping}, lines...); !reflect.DeepEqual(got, want) {
		t.Errorf("lines were cut or lost: %d lines, want %d", len(got), len(want))
	}
	if short := chunks(bot.Reply{Text: "a\n" + ping, Ping: ping}); len(short) != 1 || short[0] != "a\n"+ping {
		t.Errorf("a short reply became %q", short)
	}
	// A single line longer than a message is cut at spaces.
	for _, p := range splitText(strings.Repeat("word ", 1000), maxContent) {
		if utf8.RuneCountInString(p) > maxContent || strings.HasPrefix(p, " ") || strings.HasSuffix(p, "wor") {
			t.Errorf("bad cut: …%q", p[len(p)-10:])
		}
	}
}

func TestTokensStayOutOfErrorsAndLogs(t *testing.T) {
	f := newFakeDiscord(t)
	var logs bytes.Buffer
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h, func(o *Options) { o.Logger = slog.New(slog.NewTextHandler(&logs, nil)) })
	secret := "interaction-token-0123456789"
	in := interaction(2, map[string]any{"id": "cmd1", "name": "pbc", "type": 1,
		"options": []any{map[string]any{"type": 1, "name": "pass"}}})
	in["token"] = secret
	f.dispatch("INTERACTION_CREATE", in)
	f.expect(t, "POST", "/callback")
	m := <-h.got
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // every call fails, quoting its URL
	err := m.Respond.Respond(ctx, bot.Reply{Text: "Alice passes."})
	if err == nil {
		t.Fatal("a reply with a cancelled context succeeded")
	}
	err2 := m.Respond.Respond(ctx, bot.Reply{Text: "No.", Ephemeral: true})
	for _, s := range []string{err.Error(), fmt.Sprint(err2), logs.String()} {
		if strings.Contains(s, secret) || strings.Contains(s, "secret-token") {
			t.Errorf("a token leaked: %s", s)
		}
	}
	if !strings.Contains(logs.String(), "[redacted]") {
		t.Errorf("logs %q, want the failed edit logged with its URL redacted", logs.String())
	}
}

func TestThreadRenamedAtStart(t *testing.T) {
	f := newFakeDiscord(t)
	f.serve("/api/v10/channels/th1", `{"id":"th1","type":11,"parent_id":"c1","name":"1822PNW — Ann"}`)
	f.serve("/api/v10/channels/c1", `{"id":"c1","type":0,"name":"general"}`)
	h := &stubHandler{got: make(chan bot.Message, 1)}
	run(t, f, h)
	begun := "1822PNW begins! Player order: Ben, Ann, Cy.\nSR 1: Ben to act."
	for _, c := range []struct{ channel, rename string }{{"th1", "1822PNW — Ben, Ann, Cy"}, {"c1", ""}} {
		t.Run(c.channel, func(t *testing.T) {
			f.dispatch("MESSAGE_CREATE", map[string]any{"id": "m-" + c.channel, "channel_id": c.channel, "guild_id": "g1",
				"content": "!start", "author": map[string]any{"id": "u2", "username": "ann"}})
			m := <-h.got
			if err := m.Respond.Respond(context.Background(), bot.Reply{Text: begun}); err != nil {
				t.Fatal(err)
			}
			f.expect(t, "POST", "/channels/"+c.channel+"/messages")
			if c.rename == "" {
				// The rename would be made before Respond returned.
				select {
				case r := <-f.reqs:
					t.Errorf("a channel played in place was touched: %s %s %v", r.Method, r.Path, r.JSON)
				default:
				}
				return
			}
			if e := f.expect(t, "PATCH", "/channels/th1"); e.JSON["name"] != c.rename {
				t.Errorf("thread renamed %q, want %q", e.JSON["name"], c.rename)
			}
		})
	}
	if got := startedName("Cy: pass"); got != "" {
		t.Errorf("startedName of an ordinary reply = %q", got)
	}
}
