package commands

import (
	"pbc/engine"
	"pbc/engine/action"
)

// haveAutoRouter says whether the engine's auto-router is in use.
const haveAutoRouter = false

// autoRoutes is the auto-router's best run for c now; the engine's
// auto-router is not available yet.
func autoRoutes(*engine.Game, *engine.Corp) ([]action.Route, error) {
	return nil, refuse("the auto-router is not available yet; spell the routes, " + runHelp)
}
