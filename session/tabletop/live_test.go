package tabletop

import (
	"path/filepath"
	"strings"
	"testing"

	"pbc/commands"
	"pbc/commands/resolve"
	"pbc/engine/action"
)

// playLive plays a recorded game through chat as a game played here: every
// command checked by the rules (no trusted revenues, no rule breaks).
func playLive(t *testing.T, l *action.GameLog) (*Table, error) {
	var seats []commands.Seat
	for _, p := range l.Players {
		seats = append(seats, commands.Seat{Player: p.ID, Name: p.Name, User: ChatUser(p.ID)})
	}
	tb, err := NewTable(l.Title, l.Settings.OptionalRules, l.Seed(), seats, "")
	if err != nil {
		return nil, err
	}
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return tb, err
	}
	for _, a := range acts {
		switch a.(type) {
		case *action.Message:
			continue
		case *action.EndGame:
			for _, s := range tb.Seats {
				tb.Exec(commands.Request{User: s.User, Text: "end"})
			}
			continue
		}
		text, err := resolve.Phrase(&tb.Position, a)
		if err != nil {
			return tb, &ChatError{ID: a.Env().ID, Type: action.TypeName(a), Msg: err.Error()}
		}
		rep := tb.Exec(commands.Request{User: tb.ActingUser(a), Text: text, Autos: a.Env().AutoActions})
		if !rep.OK {
			return tb, &ChatError{ID: a.Env().ID, Type: action.TypeName(a), Text: text, Msg: rep.Text}
		}
	}
	return tb, nil
}

// liveRatchet lists the fixtures that also play through chat as games
// played here, every command checked by today's rules. The others differ
// for reasons outside the command layer: routes 18xx.games priced under
// older rules (E-trains, looped local runs), rule breaks 18xx.games let
// through, and automatic actions the engine takes in games played here
// where 18xx.games waited for a player. (1822CA/4.json left the list when
// 5.7.38 was enforced: its minor 5 lays Québec and upgrades it with P17 in
// one turn.)
var liveRatchet = map[string]bool{
	"1822CA/2.json":       true,
	"1822PNW/165580.json": true, "1822PNW/586.json": true,
	"1822PNW/merger_final_minor_merged_before_its_turn.json": true,
	"1822PNW/merger_high_value_minors.json":                  true, "1822PNW/mill_ski_coal.json": true,
	"1822PNW/no_tokens_left.json":           true,
	"1822PNW/p19_merge_coal_company_1.json": true, "1822PNW/p19_merge_coal_company_2.json": true,
	"1822PNW/p19_merge_coal_company_3.json": true, "1822PNW/p19_merge_coal_company_4.json": true,
	"1822PNW/p19_on_hex_with_cost.json":                true,
	"1822PNWSRS/1822PNWSRS_game_end_stock_market.json": true,
}

// TestLiveChatFixtures plays the fixtures through chat as games played
// here (Table.Apply checking every move); those on liveRatchet must reach
// the recorded result, the others are only reported.
func TestLiveChatFixtures(t *testing.T) {
	for _, f := range fixtures(t) {
		name := strings.TrimPrefix(filepath.ToSlash(f), filepath.ToSlash(fixtureDir)+"/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			report := t.Errorf
			if !liveRatchet[name] {
				report = t.Logf
			}
			l := readLog(t, f)
			tb, err := playLive(t, l)
			if err != nil {
				report("%v", err)
				return
			}
			got := tb.Game.Result()
			for id, v := range l.Result {
				if got[id] != v {
					report("player %s: %d, want %d", id, got[id], v)
				}
			}
		})
	}
}
