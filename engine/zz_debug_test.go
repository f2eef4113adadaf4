package engine

import (
	"fmt"
	"os"
	"testing"

	"pbc/engine/action"
)

func TestZZDebug(t *testing.T) {
	f, _ := os.Open(os.Getenv("ZZ_FILE"))
	l, _ := action.ReadGameLog(f)
	var at int
	fmt.Sscan(os.Getenv("ZZ_AT"), &at)
	_, _ = Replay(l, ReplayOptions{After: func(g *Game, a action.Action) bool {
		if a.Env().ID == at {
			c := g.Corp(os.Getenv("ZZ_CORP"))
			fmt.Println("step:", g.round.activeStep().name(), "price", g.sharePrice(c), "tokens", len(c.Tokens), "exch", c.Exchange)
			m := g.Moves()
			for _, ac := range m.Actors {
				fmt.Printf("actor %v %v\n", ac.Name, ac.Types)
			}
			for _, id := range []string{"O40", "N39", "M38", "P43"} {
				h := g.Board.Hex(id)
				fmt.Println(id, h.TileID, h.Slots, h.Reserved)
			}
			return false
		}
		return true
	}})
}
