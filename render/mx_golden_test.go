package render

import (
	"bytes"
	"testing"

	"pbc/engine"
)

// fixtureMX is a finished 1822MX game whose NdeM was privatised and its
// tokens auctioned (ids 666-692).
const fixtureMX = "../../shared/fixtures-next/1822MX/1822MX_game_end_stock_market.json"

// TestGoldenImagesMX: the Mexican map at the end of a game, Mexico City
// after the NdeM's tokens were auctioned, and the table while players hold
// NdeM shares (its row names no president and the market's part).
func TestGoldenImagesMX(t *testing.T) {
	for _, tc := range []struct {
		name    string
		actions int
		draw    func(*bytes.Buffer, *engine.Game) error
	}{
		{"mx_end_map.png", 0, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Scale: 0.5})
		}},
		{"mx_700_mexico_city.png", 700, func(b *bytes.Buffer, g *engine.Game) error {
			return Map(b, g, MapOptions{Crop: []string{"M20", "O26"}, NoLegend: true})
		}},
		{"mx_660_table.png", 660, func(b *bytes.Buffer, g *engine.Game) error {
			return Table(b, g, TableOptions{})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := replayN(t, fixtureMX, tc.actions)
			var b bytes.Buffer
			if err := tc.draw(&b, g); err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, b.Bytes())
		})
	}
}
