package render

import (
	"fmt"
	"strings"

	"pbc/engine"
)

// MarketDigest sums up what the market picture shows (interim: prices and
// market shares of every company).
func MarketDigest(g *engine.Game) string {
	snap := g.Snapshot(false)
	var b strings.Builder
	for _, m := range []map[string]engine.CorpInfo{snap.Corporations, snap.Minors} {
		for _, id := range sortedIDs(m) {
			ci := m[id]
			p := -1
			if ci.SharePrice != nil {
				p = *ci.SharePrice
			}
			fmt.Fprintf(&b, "%s:%d:%d;", id, p, ci.Market)
		}
	}
	return b.String()
}

func sortedIDs(m map[string]engine.CorpInfo) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
