package tabletop

import (
	"strings"
	"testing"

	"pbc/engine/action"
)

// playedAt plays action id of a fixture through chat on a table holding
// the actions before it, and returns the reply's lines.
func playedAt(t *testing.T, fixture string, id int) []string {
	t.Helper()
	n := upTo(t, fixture, id)
	tb := tableAt(t, fixture, n)
	l := readLog(t, fixtureDir+"/"+fixture)
	acts, err := action.Effective(l.Actions)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(playOn(t, tb, acts[n]).Text, "\n")
}

// TestSkippedRunIsSaid: a company passed over in the run step (here GT of
// 1822CA, whose 3-train has no second stop) is said under the move that
// passed it over, with why and what it cost.
func TestSkippedRunIsSaid(t *testing.T) {
	fixtures(t)
	lines := playedAt(t, "1822CA/2.json", 162)
	want := "GT has no route for its 3-train: earns $0, price $70→$60."
	if len(lines) < 3 || lines[0] != "GT: lay 8 AC15 r4." || lines[1] != want {
		t.Errorf("reply:\n%s\nwant its second line %q", strings.Join(lines, "\n"), want)
	}
}

// TestMoveConsequencesAreSaid: each move says what it did beyond itself,
// one line each under it: payouts per player and the price move of a
// dividend, a merger and a conversion with what they formed, a phase
// change with its rusting, the exports at the end of a stock round, a run
// passed over, closures, and a merger round with nothing to merge.
func TestMoveConsequencesAreSaid(t *testing.T) {
	fixtures(t)
	tests := []struct {
		name    string
		fixture string
		id      int
		want    []string // the lines under the move, in order
	}{
		{"dividend", "1822PNW/165580.json", 486, []string{
			"ORNC pays $20 a share: Player 3 $20, Player 2 $20, Player 1 $80; price $100→$120."}},
		{"dividend with an extra train withheld", "1822PNW/165580.json", 588, []string{
			"ORNC pays $45 a share: Player 1 $225, Player 3 $90, Player 2 $90; keeps $30; price $150→$200."}},
		{"half dividend", "1822CA/1.json", 310, []string{
			"PGE pays half, $4 a share: Player 1 $8; keeps $40; price stays $60."}},
		{"minor's run", "1822PNW/586.json", 59, []string{
			"Minor 5 pays Player 1 $15 and keeps $15: price $65→$70."}},
		{"merger", "1822PNW/165580.json", 407, []string{
			"ORNC forms from minor 18 and minor 16, their shares worth $310; its par price is chosen next."}},
		{"conversion", "1822PNW/165580.json", 830, []string{
			"SWW forms from minor 8 at $100 a share, with $80 in its treasury."}},
		{"phase change", "1822PNW/586.json", 43, []string{
			"Phase 1 → 2: tiles up to yellow, train limit 2 for minors and 4 for majors."}},
		{"phase change and rusting", "1822PNW/165580.json", 651, []string{
			"Phase 3 → 4: tiles up to green, train limit 1 for minors and 3 for majors.",
			"The L-trains rust: minor 2, minor 6, NP, ORNC and SPS lose theirs."}},
		{"export", "1822PNW/165580.json", 96, []string{
			"An L-train is exported; the next train for sale is an L."}},
		{"skipped run", "1822CA/2.json", 162, []string{
			"GT has no route for its 3-train: earns $0, price $70→$60."}},
		{"closure", "1822PNW/165580.json", 474, []string{"P11 closes."}},
		{"merger round with nothing to merge", "1822PNW/165580.json", 201, []string{
			"Merger round 2.1: no merger is possible, so it is skipped."}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := playedAt(t, tc.fixture, tc.id)
			under := strings.Join(lines[1:len(lines)-1], "\n")
			at := 0
			for _, w := range tc.want {
				i := strings.Index(under[at:], w)
				if i < 0 {
					t.Fatalf("reply:\n%s\nwant, in order, the line %q", strings.Join(lines, "\n"), w)
				}
				at += i + len(w)
			}
		})
	}
}
