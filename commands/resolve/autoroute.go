package resolve

import (
	"pbc/commands"
	"pbc/engine"
	"pbc/engine/action"
)

// HaveAutoRouter says whether the engine's auto-router is in use.
const HaveAutoRouter = true

// autoRoutes is the auto-router's best run for c now.
func autoRoutes(g *engine.Game, c *engine.Corp) ([]action.Route, error) {
	routes, _, err := g.AutoRoutes(c)
	if err != nil {
		return nil, commands.Refuse("the auto-router found no run: %v", err)
	}
	return routes, nil
}
