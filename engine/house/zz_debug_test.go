package house

import (
	"fmt"
	"os"
	"testing"
)

func TestZZDebug(t *testing.T) {
	var seed int64
	var at int
	fmt.Sscan(os.Getenv("FS"), &seed)
	fmt.Sscan(os.Getenv("FA"), &at)
	g := newGame(t, os.Getenv("FT"), 3, seed)
	play(t, g, at)
	names, price := (&decider{g: g}).upcoming()
	t.Logf("phase %s upcoming %v %v round %v", g.CurrentPhase().Name, names, price, g.RoundNow())
	for _, p := range g.Seats() {
		d := &decider{g: g, seat: p.ID}
		t.Logf("player %d cash %d debt %d budget %d certs %d/%d", p.ID, p.Cash, p.Debt, d.budget(), g.CertCount(p), g.CertLimit())
		for _, c := range g.Corps {
			if c.Closed || !c.Floated || c.President() != p {
				continue
			}
			var tr []string
			for _, x := range c.Trains {
				tr = append(tr, x.Name+"/"+rustsOn(x))
			}
			t.Logf("   %s cash %d trains %v reserve %d price %d", c.ID, c.Cash, tr, d.reserve(c), g.SharePrice(c))
		}
	}
}
