package tabletop

import (
	"path/filepath"
	"strconv"
	"testing"

	"pbc/engine"
	"pbc/engine/action"
)

// TestSellPartOfPresidentCertificate: a president holding only a 20%
// president's certificate says `sell X 1` to sell half of it (4.4.7); the
// action names the certificate with 10 percent (a self-play position kept
// by the engine's tests, an emergency sale for a train).
func TestSellPartOfPresidentCertificate(t *testing.T) {
	tb := importSeated(t, readLog(t, filepath.Join("..", "..", "engine", "testdata", "selfplay", "emergency_president_certificate.json")))
	var corp *engine.Corp
	var pres *engine.Player
	for _, a := range tb.Game.Moves().Actors {
		for _, s := range a.Sells {
			if s.Percent == 10 && len(s.Shares) == 1 {
				corp = tb.Game.Corp(s.Corp)
				pres = corp.President()
			}
		}
	}
	if corp == nil {
		t.Fatal("no sale of part of a president's certificate is listed")
	}
	rep := must(t, tb, "u"+strconv.Itoa(pres.ID), "sell "+corp.ID+" 1")
	v, ok := rep.Action.(*action.SellShares)
	if !ok || v.Percent != 10 || len(v.Shares) != 1 || v.Shares[0] != corp.ID+"_0" {
		t.Fatalf("`sell %s 1` became %#v", corp.ID, rep.Action)
	}
}
