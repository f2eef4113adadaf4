package engine

import (
	"testing"

	"pbc/engine/action"
)

// TestNdeMAuctionPickAboveItsPrice: 1822MX self-play (3 players, seed
// 9900003, higher_cert_limit). The NdeM upgraded F13 in its last turn
// (455, $40 to $50) after the auction had noted its tokens' prices; Player
// 1, whose richest major with an exchange token holds $45, picked the
// token at F13 (id 770) and then had no bid he could make ($50 at least,
// $45 at most) and no pass: Moves listed nothing. 18xx.games plays that
// position the same way and is stuck there too, so the pick is refused:
// Player 1 may still pass the choice, and the auction goes on.
//
// The kept log numbers the NdeM's slot in Mexico City (id 745) as
// 18xx.games numbers it (2); the test takes each pick's slot from Moves,
// so it does not depend on how a city's slots are numbered.
func TestNdeMAuctionPickAboveItsPrice(t *testing.T) {
	l := selfPlayLog(t, "ndem_auction_no_bid.json")
	const firstPick, lastPick = 745, 770
	head := *l
	head.Actions = nil
	var rest []action.Action
	for _, a := range l.Actions {
		if a.Env().ID < firstPick {
			head.Actions = append(head.Actions, a)
		} else {
			rest = append(rest, a)
		}
	}
	g, err := Replay(&head, ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	gov := g.gov()
	for _, a := range rest {
		id := a.Env().ID
		m := g.Moves()
		if len(m.Actors) == 0 || m.Actors[0].Name != gov.ID {
			t.Fatalf("id %d: Moves waits for %v, want %s", id, m.Waiting, gov.ID)
		}
		actor := m.Actors[0]
		if r, ok := a.(*action.RemoveToken); ok {
			r.Slot = nil
			for _, mv := range actor.Removals {
				if mv.City == r.City {
					slot := mv.Slot
					r.Slot = &slot
				}
			}
			if id == lastPick {
				if r.Slot != nil {
					t.Fatalf("the token at F13 (%s) is offered to a player who cannot open its bidding", r.City)
				}
				slot := 0
				r.Slot = &slot
				if err := g.Apply(a); err == nil {
					t.Fatal("the pick at F13 is accepted")
				} else {
					t.Logf("refused: %v", err)
				}
				break
			}
			if r.Slot == nil {
				t.Fatalf("id %d: the token at %s is not listed (%+v)", id, r.City, actor.Removals)
			}
		}
		if !listed(actor, a) {
			t.Fatalf("id %d: %s %+v is not listed", id, a.Env().Type, a)
		}
		a.Env().AutoActions = nil // the game takes them itself
		if err := g.Apply(a); err != nil {
			t.Fatalf("id %d: %v", id, err)
		}
	}
	// From here on the auction always lists a move, and ends with the NdeM
	// closed (Apply may replace the game's corporations, so the NdeM is looked up
	// each time).
	for i := 0; !g.gov().Closed; i++ {
		m := g.Moves()
		if len(m.Actors) == 0 {
			t.Fatalf("after %d moves: no legal move (%v)", i, m.Waiting)
		}
		if i > 20 {
			t.Fatal("the auction does not end")
		}
		actor := m.Actors[0]
		var a action.Action
		switch {
		case len(actor.Bids) > 0 && !contains(actor.Types, action.TypePass):
			a = corpAction(&action.Bid{Price: actor.Bids[0].Min}, action.TypeBid, g.gov())
		case len(actor.Merges) > 0:
			a = corpAction(&action.Merge{Corporation: actor.Merges[0].Corp}, action.TypeMerge, g.gov())
		default:
			a = corpAction(&action.Pass{}, action.TypePass, g.gov())
		}
		if err := g.Apply(a); err != nil {
			t.Fatalf("after %d moves: %v", i, err)
		}
	}
}

// TestNdeMAuctionTokenOffTheMap: 1822MX self-play (3 players, seed
// 9910018). The NdeM held two of Mexico City's approach stations at N25;
// its last lay there (X5, id 569) joined them in one city and took one
// token off the map after the auction had noted its tokens. After its run
// (id 570) listing the picks looked that token's hex up and panicked; a
// token off the map is not for sale.
func TestNdeMAuctionTokenOffTheMap(t *testing.T) {
	g := replaySelfPlay(t, "ndem_auction_token_off_map.json")
	gov := g.gov()
	off := 0
	for _, tok := range gov.Tokens {
		if !tok.Used {
			off++
		}
	}
	if off == 0 {
		t.Fatal("the NdeM has every token on the map: the position is not the one kept")
	}
	for i := 0; !g.gov().Closed; i++ {
		m := g.Moves()
		if len(m.Actors) == 0 {
			t.Fatalf("after %d passes: no legal move (%v)", i, m.Waiting)
		}
		if i > 20 {
			t.Fatal("the auction does not end")
		}
		actor := m.Actors[0]
		for _, r := range actor.Removals {
			if r.Hex == "" {
				t.Fatalf("a token off the map is offered: %+v", r)
			}
		}
		if err := g.Apply(corpAction(&action.Pass{}, action.TypePass, g.gov())); err != nil {
			t.Fatalf("after %d passes: %v", i, err)
		}
	}
}
