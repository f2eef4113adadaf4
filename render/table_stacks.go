package render

import (
	"fmt"
	"strconv"
	"strings"

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
	if each := g.PrivateStackSizes(); i == 2 && each != nil {
		// 1822+: each place of the box has a stack of its own.
		var parts []string
		for _, k := range each {
			parts = append(parts, strconv.Itoa(k))
		}
		list := parts[len(parts)-1]
		if n := len(parts); n > 1 {
			list = strings.Join(parts[:n-1], ", ") + " and " + list
		}
		left = fmt.Sprintf("%s more in its %d stacks", list, len(each))
	}
	return []tcell{{text: name}, {text: left}, {}, {}, {}}
}
