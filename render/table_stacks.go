package render

import (
	"fmt"

	"pbc/engine"
)

// stackRow says how many companies wait in the stack that refills bid box
// i (named name, of n places): the stacks are what players plan around,
// and in 1822 they are most of the companies at the start.
func stackRow(g *engine.Game, name string, i, n int) []tcell {
	sizes := g.StackSizes()
	if i >= len(sizes) || n == 0 {
		return nil
	}
	left := "stack empty"
	if k := sizes[i]; k > 0 {
		left = fmt.Sprintf("%d more in the stack", k)
	}
	return []tcell{{text: name}, {text: left}, {}, {}, {}}
}
