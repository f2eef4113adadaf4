package bot

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
	"pbc/engine/selfplay"
	"pbc/storage"
)

// seated is a 1822PNW game imported before its first move with the
// players in the order given (the game's turn order), each seat claimed by
// a user of that name in lower case ("Zoë" is "zoe"), through a core over
// a real SQLite file.
func seated(t *testing.T, names ...string) *table {
	t.Helper()
	tb := newTable(t)
	l := &action.GameLog{Title: "1822PNW", Settings: action.Settings{Seed: json.RawMessage("12345")}}
	for i, n := range names {
		l.Players = append(l.Players, action.Player{ID: i + 1, Name: n})
	}
	if _, err := tb.st.Import(context.Background(), tb.ch, "host", l); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if r := tb.send(tb.core, Message{User: User{ID: userID(n), Name: n}, Text: "join " + n}); r.last().Ephemeral {
			t.Fatalf("%s could not join: %s", n, r.text())
		}
	}
	return tb
}

// userID is the user id the tests give a player's name.
func userID(name string) string {
	return strings.ToLower(strings.NewReplacer("ë", "e").Replace(name))
}

// sayAs sends typed text as the named player.
func (tb *table) sayAs(name, text string) Reply {
	tb.t.Helper()
	return tb.send(tb.core, Message{User: User{ID: userID(name), Name: name}, Text: text}).last()
}

// pressAs presses a button as the named player, with an event id of its own.
func (tb *table) pressAs(name string, b Button, event string) Reply {
	tb.t.Helper()
	cmd, at := ParseValue(b.Value())
	return tb.send(tb.core, Message{User: User{ID: userID(name), Name: name}, Text: cmd, Kind: KindButton,
		At: at, EventID: event}).last()
}

// mustAccept fails unless r answers an accepted command.
func mustAccept(t *testing.T, what string, r Reply) Reply {
	t.Helper()
	if r.Ephemeral {
		t.Fatalf("%s was refused: %s", what, r.Text)
	}
	return r
}

func TestUndoRefusedPingsThePlayerToAct(t *testing.T) {
	tb := seated(t, "Bob", "Alice", "Zoë")
	mustAccept(t, "Bob's pass", tb.sayAs("Bob", "pass"))
	mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	if got := tb.mover(); got != "zoe" {
		t.Fatalf("status says %q acts, want zoe", got)
	}
	ask := mustAccept(t, "Bob's undo", tb.sayAs("Bob", "undo"))
	refuse := button(t, ask, "refuse")
	r := mustAccept(t, "Alice's refusal", tb.pressAs("Alice", refuse, "refuse-1"))
	if !strings.Contains(r.Text, "keeps the move") {
		t.Errorf("the refusal does not say the move stays: %q", r.Text)
	}
	if got := tb.mover(); got != "zoe" {
		t.Fatalf("after the refusal status says %q acts, want zoe", got)
	}
	if len(r.Mentions) != 1 || r.Mentions[0] != "zoe" {
		t.Errorf("the refusal mentions %v, want only zoe (who acts): %q", r.Mentions, r.Text)
	}
	if !strings.Contains(r.Ping, "<zoe>") || strings.Contains(r.Text, "<bob>") || strings.Contains(r.Text, "<alice>") {
		t.Errorf("the refusal pings %q in %q, want Zoë only", r.Ping, r.Text)
	}
	// The choices under it are Zoë's, whose turn it is.
	button(t, r, "pass")
}

func TestConsentMessageCarriesOnlyConsent(t *testing.T) {
	tb := seated(t, "Bob", "Alice", "Zoë")
	mustAccept(t, "Bob's pass", tb.sayAs("Bob", "pass"))
	mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	ask := mustAccept(t, "Bob's undo", tb.sayAs("Bob", "undo"))
	var cmds []string
	for _, b := range ask.Buttons {
		cmds = append(cmds, b.Command)
	}
	if strings.Join(cmds, " ") != "agree refuse" || len(ask.Menus) != 0 {
		t.Errorf("the consent message offers buttons %v and %d menus, want agree and refuse only", cmds, len(ask.Menus))
	}
	if strings.Contains(ask.Text, "Your turn") {
		t.Errorf("the consent message says it is someone's turn: %q", ask.Text)
	}
	if len(ask.Mentions) != 1 || ask.Mentions[0] != "alice" || !strings.Contains(ask.Ping, "<alice>") {
		t.Errorf("the consent message mentions %v (ping %q), want Alice, whose move it is: %q", ask.Mentions, ask.Ping, ask.Text)
	}
	// So does an end vote: addressed to those who have not voted.
	tb2 := seated(t, "Bob", "Alice", "Zoë")
	mustAccept(t, "Bob's pass", tb2.sayAs("Bob", "pass"))
	vote := mustAccept(t, "Bob's end vote", tb2.sayAs("Bob", "end"))
	cmds = nil
	for _, b := range vote.Buttons {
		cmds = append(cmds, b.Command)
	}
	if strings.Join(cmds, " ") != "end refuse" || len(vote.Menus) != 0 {
		t.Errorf("the end vote offers buttons %v and %d menus, want end and refuse only", cmds, len(vote.Menus))
	}
	if strings.Contains(vote.Text, "Your turn") || strings.Join(vote.Mentions, " ") != "alice zoe" {
		t.Errorf("the end vote mentions %v, want alice and zoe, without a turn: %q", vote.Mentions, vote.Text)
	}
}

func TestStalePressOffersNoOneElsesChoices(t *testing.T) {
	tb := seated(t, "Alice", "Zoë", "Bob")
	r := mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	pass := button(t, r, "pass")
	mustAccept(t, "Zoë's pass", tb.pressAs("Zoë", pass, "click-1"))
	if got := tb.mover(); got != "bob" {
		t.Fatalf("status says %q acts, want bob", got)
	}
	again := tb.pressAs("Zoë", pass, "click-2")
	if !again.Ephemeral || !again.Stale {
		t.Fatalf("the second press was not refused as stale: %+v", again)
	}
	if len(again.Buttons)+len(again.Menus) > 0 {
		t.Errorf("the stale press offers %d buttons and %d menus to Zoë (Bob's choices): %+v", len(again.Buttons), len(again.Menus), again.Buttons)
	}
	if !strings.Contains(again.Text, "Bob") {
		t.Errorf("the stale press does not say whose turn it is: %q", again.Text)
	}
}

func TestPictureHeaderNamesTheActingPlayer(t *testing.T) {
	// A game begun here numbers its players 1, 2, 3, as 1822PNW numbers
	// its first minors: find a self-played game in which minors 1, 2 and
	// 3 act.
	var log *action.GameLog
	var cuts map[string]minorCut
	for seed := int64(33); seed < 33+40 && len(cuts) < 3; seed++ {
		res := selfplay.Play(selfplay.Config{Title: "1822PNW", Players: 3, Seed: seed, MaxActions: 400})
		log, cuts = res.Log, minorTurns(t, res.Log, "1", "2", "3")
	}
	if len(cuts) < 3 {
		t.Fatalf("no self-played game of 40 has minors 1, 2 and 3 act in its first 400 actions")
	}
	eff, err := action.Effective(log.Actions)
	if err != nil {
		t.Fatal(err)
	}
	for _, minor := range []string{"1", "2", "3"} {
		t.Run("minor "+minor, func(t *testing.T) {
			c := cuts[minor]
			st := openStore(t)
			core := benchCore(st, false)
			defer core.Close(context.Background())
			ch := storage.Channel{Platform: storage.Local, ID: "header-" + minor}
			if _, err := st.Import(context.Background(), ch, "host", cutLog(log, eff, c.at)); err != nil {
				t.Fatal(err)
			}
			want := "to act: minor " + minor + " (" + c.owner + ")"
			for _, query := range []string{"map", "market", "table"} {
				r, err := send(core, ch, User{ID: "viewer", Name: "viewer"}, query)
				if err != nil || len(r.Images) == 0 {
					t.Fatalf("%s: %v (%d images)", query, err, len(r.Images))
				}
				if !strings.Contains(r.Images[0].Alt, want) {
					t.Errorf("the %s picture's header says %q, want %q", query, r.Images[0].Alt, want)
				}
				if dir := os.Getenv("PBC_PICTURES"); dir != "" {
					_ = os.WriteFile(filepath.Join(dir, "header-minor"+minor+"-"+query+".png"), r.Images[0].PNG, 0o644)
				}
			}
		})
	}
}

// minorCut is where a minor acts in a log: after its first at actions,
// with its owner's name.
type minorCut struct {
	at    int
	owner string
}

// minorTurns finds, for each minor, the first point of l at which the game
// waits for it.
func minorTurns(t *testing.T, l *action.GameLog, minors ...string) map[string]minorCut {
	t.Helper()
	start := *l
	start.Actions = nil
	g, err := engine.Replay(&start, engine.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]minorCut{}
	for n, a := range l.Actions {
		if err := g.Apply(a); err != nil {
			t.Fatalf("action %d of a self-played game: %v", n+1, err)
		}
		m := g.Moves()
		if len(m.Actors) == 0 || !m.Actors[0].Waiting || m.Actors[0].EntityType != action.EntityCorporation {
			continue
		}
		id := m.Actors[0].Name
		if _, done := out[id]; done || !slices.Contains(minors, id) {
			continue
		}
		if p := g.PlayerByID(m.Actors[0].Player); p != nil {
			out[id] = minorCut{at: n + 1, owner: p.Name}
		}
		if len(out) == len(minors) {
			break
		}
	}
	return out
}

// TestConsentAskedByDirectMessage: a player who asked for direct messages
// is told when their answer is asked, and the player who acts is told it
// is their turn once the request is answered, from the same answer as the
// channel's mentions.
func TestConsentAskedByDirectMessage(t *testing.T) {
	tb := seated(t, "Bob", "Alice", "Zoë")
	ctx := context.Background()
	for _, u := range []string{"bob", "alice", "zoe"} {
		if err := tb.st.SetUserPrefs(ctx, storage.UserPrefs{User: userOf(tb.ch, u), DM: true}); err != nil {
			t.Fatal(err)
		}
	}
	ad := &dmAdapter{}
	tb.core = New(Options{Store: tb.st, Commands: &Dispatcher{Store: tb.st}, Adapters: []Adapter{ad}, NoImages: true})
	t.Cleanup(func() { tb.core.Close(ctx) })
	mustAccept(t, "Bob's pass", tb.sayAs("Bob", "pass"))
	mustAccept(t, "Alice's pass", tb.sayAs("Alice", "pass"))
	before := len(ad.sent())
	mustAccept(t, "Bob's undo", tb.sayAs("Bob", "undo"))
	dms := ad.sent()[before:]
	if len(dms) != 1 || dms[0].user != "alice" || !strings.HasPrefix(dms[0].text, "Your answer is asked in") {
		t.Fatalf("the undo request sent %+v, want one message asking Alice", dms)
	}
	before = len(ad.sent())
	mustAccept(t, "Alice's refusal", tb.sayAs("Alice", "refuse"))
	dms = ad.sent()[before:]
	if len(dms) != 1 || dms[0].user != "zoe" || !strings.HasPrefix(dms[0].text, "It is your turn in") {
		t.Fatalf("the refusal sent %+v, want one message telling Zoë it is her turn", dms)
	}
}
