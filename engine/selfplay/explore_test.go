package selfplay

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// TestExploreUnlistedRefused plays exploring games of every title and wants
// unlisted moves tried, every one refused without changing the state (Play
// reports any other outcome as an error), and every kind of listed move the
// plain policy seldom plays to appear.
func TestExploreUnlistedRefused(t *testing.T) {
	games, maxActions := 8, 2000
	if testing.Short() {
		games, maxActions = 6, 800
	}
	cfgs, err := Configs(games, 900, "", 0, maxActions)
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]int{}
	unlisted := 0
	for i := range cfgs {
		cfgs[i].Explore = true
		r := Play(cfgs[i])
		for _, e := range append(append([]string{}, r.Errors...), r.Violations...) {
			t.Errorf("%s %dp seed %d: %s", r.Title, r.Players, r.Seed, e)
		}
		unlisted += r.Unlisted
		for _, a := range r.Log.Actions {
			types[a.Env().Type]++
		}
	}
	if unlisted == 0 {
		t.Error("no unlisted move tried")
	}
	for _, typ := range []string{"bid", "sell_shares", "choose_ability", "lay_tile", "acquire_company", "payoff_player_debt"} {
		if types[typ] == 0 {
			t.Errorf("no %s played in %d exploring games (%v)", typ, games, types)
		}
	}
	t.Logf("%d unlisted moves tried; types played: %v", unlisted, types)
}

// TestUnlistedLeavesState: each unlisted move made for a state is not listed
// there, and the engine refuses it without changing the state.
func TestUnlistedLeavesState(t *testing.T) {
	for _, cfg := range []Config{
		{Title: "1822PNW", Players: 3, Seed: 41, MaxActions: 400},
		{Title: "1822CA ERS", Players: 4, Seed: 42, MaxActions: 400},
	} {
		t.Run(cfg.Title, func(t *testing.T) {
			r := Play(cfg)
			tried, raises := 0, 0
			rng := rand.New(rand.NewPCG(uint64(cfg.Seed), 1))
			for k := 10; k < len(r.Log.Actions); k += 37 {
				head := *r.Log
				head.Actions = r.Log.Actions[:k]
				g, err := engine.Replay(&head, engine.ReplayOptions{})
				if err != nil {
					t.Fatal(err)
				}
				p := &policy{g: g, rng: rng, explore: true}
				for range 8 {
					m := g.Moves()
					if len(m.Actors) == 0 {
						break
					}
					a := p.unlisted(m)
					if a == nil {
						break
					}
					tried++
					if b, ok := a.(*action.Bid); ok && ownLead(g, b) {
						raises++
					}
					if isListed(m, a) {
						t.Fatalf("after %d actions: unlisted %s is listed", k, describe(a))
					}
					before, _ := json.Marshal(g.Snapshot(true))
					if err := g.Apply(a); err == nil {
						t.Fatalf("after %d actions: unlisted %s accepted", k, describe(a))
					}
					if after, _ := json.Marshal(g.Snapshot(true)); string(after) != string(before) {
						t.Fatalf("after %d actions: refused %s changed the state", k, describe(a))
					}
				}
			}
			if tried == 0 || raises == 0 {
				t.Fatalf("%d unlisted moves made, %d of them raising one's own lead", tried, raises)
			}
		})
	}
}

// ownLead reports whether b raises its bidder's own winning bid.
func ownLead(g *engine.Game, b *action.Bid) bool {
	c := g.Company(b.Company)
	if c == nil {
		return false
	}
	var top engine.Bid
	for _, x := range g.Bids(c) {
		if x.Price > top.Price {
			top = x
		}
	}
	id, _ := b.Entity.PlayerID()
	return top.Player != nil && top.Player.ID == id
}
