package engine

import (
	"slices"
	"testing"

	"pbc/engine/action"
)

// citiesAfter replays a fixture of fixtures-next through the action with
// id and returns the cities of hex then.
func citiesAfter(t *testing.T, file string, id int, hex string) [][]string {
	t.Helper()
	l := fixtureLog(t, "../fixtures-next/"+file)
	var got [][]string
	_, err := Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		if a.Env().ID == id {
			got = g.CitySlots()[hex]
			return false
		}
		return true
	}})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestAcquiredMinorsSlotGoesWithItsTokenAsTheReference: 1822MX fixture
// home_and_ndem_auctioned_token_in_mexico_city.json. Mexico City's N27 city
// holds [19 IRM FCM], minor 19's token in a slot added for it. At action
// 998 IRM acquires 19 and takes an exchange token: 18xx.games deletes the
// minor's own slot, so the others move up in order: [IRM FCM], not
// [FCM IRM].
func TestAcquiredMinorsSlotGoesWithItsTokenAsTheReference(t *testing.T) {
	if got, want := citiesAfter(t, "1822MX/home_and_ndem_auctioned_token_in_mexico_city.json", 995, "N27"), [][]string{{"19", "IRM", "FCM"}}; !equalCities(got, want) {
		t.Fatalf("before the acquisition N27 is %q, want %q", got, want)
	}
	if got, want := citiesAfter(t, "1822MX/home_and_ndem_auctioned_token_in_mexico_city.json", 998, "N27"), [][]string{{"IRM", "FCM"}}; !equalCities(got, want) {
		t.Fatalf("after the acquisition N27 is %q, want %q", got, want)
	}
}

// TestUpgradeMovesTokensUpAsTheReference: 1822MX fixture
// 1822MX_game_end_stock_market.json. L17 holds ["" FCP CHP] (the first
// token gone); at action 857 FCP upgrades it to X11. 18xx.games moves the
// tokens in order to their reserved or first open slots: [FCP CHP ”].
// Likewise N25 [” FCM IRM] becomes [FCM IRM ”] on its upgrade, so FNM's
// token at action 867 takes the third slot.
func TestUpgradeMovesTokensUpAsTheReference(t *testing.T) {
	const f = "1822MX/1822MX_game_end_stock_market.json"
	if got, want := citiesAfter(t, f, 856, "L17"), [][]string{{"", "FCP", "CHP"}}; !equalCities(got, want) {
		t.Fatalf("before the upgrade L17 is %q, want %q", got, want)
	}
	if got, want := citiesAfter(t, f, 857, "L17"), [][]string{{"FCP", "CHP", ""}}; !equalCities(got, want) {
		t.Fatalf("after the upgrade L17 is %q, want %q", got, want)
	}
	if got, want := citiesAfter(t, f, 867, "N25"), [][]string{{"FCM", "IRM", "FNM"}}; !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("after FNM's token N25 is %q, want %q", got, want)
	}
}

// TestPlacedTokenTakesFirstOpenSlotAsTheReference: 1822 fixture
// discard_trains_after_sr_export.json. At action 599 MR places a token in
// K30 naming slot 1; 18xx.games puts a token in its company's reserved slot,
// else the first open one, whatever the log names: [MR ""].
func TestPlacedTokenTakesFirstOpenSlotAsTheReference(t *testing.T) {
	if got, want := citiesAfter(t, "1822/discard_trains_after_sr_export.json", 599, "K30"), [][]string{{"MR", ""}}; !equalCities(got, want) {
		t.Fatalf("after MR's token K30 is %q, want %q", got, want)
	}
}

// TestClosedReservationFreesItsSlotAsTheReference: 1822NRS fixture
// 1822NRS_game_end_bank.json. Glasgow (E6) holds [R:27 R:CR ""]; at the end
// of the first stock round (action 156) minor 27 closes unsold. 18xx.games
// deletes a closing company's reservation, so the ones after it move up:
// [R:CR "" ""].
func TestClosedReservationFreesItsSlotAsTheReference(t *testing.T) {
	const f = "1822NRS/1822NRS_game_end_bank.json"
	if got, want := citiesAfter(t, f, 155, "E6"), [][]string{{"R:27", "R:CR", ""}}; !equalCities(got, want) {
		t.Fatalf("before the close E6 is %q, want %q", got, want)
	}
	if got, want := citiesAfter(t, f, 156, "E6"), [][]string{{"R:CR", "", ""}}; !equalCities(got, want) {
		t.Fatalf("after the close E6 is %q, want %q", got, want)
	}
}
