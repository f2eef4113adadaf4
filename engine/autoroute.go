package engine

import (
	"fmt"
	"time"

	"pbc/engine/action"
	"pbc/engine/route"
)

// AutoRoutes finds the routes of c's trains that earn the most this turn
// (package route's auto-router, on RouteInput(c): the Pullman and grain car
// go where c attached them) and returns them in the 18xx.games run_routes
// format, each with its share of the revenue, and their total. RouteRevenue
// accepts them and computes the same total.
func (g *Game) AutoRoutes(c *Corp) ([]action.Route, int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	routes, plan, err := g.autoRoutePlan(c, route.Options{})
	if err != nil {
		return nil, 0, err
	}
	return routes, plan.Revenue, nil
}

// autoRoutePlan runs the auto-router for c and converts its runs.
func (g *Game) autoRoutePlan(c *Corp, opts route.Options) ([]action.Route, *route.Plan, error) {
	in := g.RouteInput(c)
	plan, err := route.Best(in, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", c.ID, err)
	}
	routes := make([]action.Route, len(plan.Runs))
	for i := range plan.Runs {
		routes[i] = route.ActionRoute(&plan.Runs[i], plan.PerRun[i])
	}
	return routes, plan, nil
}

// AutoRouteCheck is the auto-router's answer at one run_routes action of a
// game log, set beside the routes submitted there.
type AutoRouteCheck struct {
	ID   int    // the run_routes action's id
	Corp string // the operating company
	// Submitted is what today's rules pay for the submitted routes;
	// SubmittedErr says why they refuse them.
	Submitted    int
	SubmittedErr error
	// Router is the auto-router's total; RouterErr says why it failed or why
	// RouteRevenue refuses its routes or prices them differently.
	Router    int
	RouterErr error
	Exact     bool          // the router proved its answer optimal
	Work      int           // partial runs and branch-and-bound nodes the router visited
	Elapsed   time.Duration // the router's time (AutoRoutes), checks excluded
	Routes    []action.Route
}

// CheckAutoRoutes replays l and, at every run_routes action, runs the
// auto-router on the state just before it (the Pullman and grain car
// attached as that turn chose) and checks its routes with RouteRevenue;
// each answer goes to report. It returns the replay's error, if any.
func CheckAutoRoutes(l *action.GameLog, report func(AutoRouteCheck)) error {
	acts, err := action.Effective(l.Actions)
	if err != nil {
		return err
	}
	k := -1
	_, err = Replay(l, ReplayOptions{After: func(g *Game, _ action.Action) bool {
		k++
		if k+1 >= len(acts) {
			return true
		}
		rr, ok := acts[k+1].(*action.RunRoutes)
		if !ok {
			return true
		}
		report(g.checkAutoRoutes(rr))
		return true
	}})
	return err
}

// checkAutoRoutes runs the auto-router for the company of rr.
func (g *Game) checkAutoRoutes(rr *action.RunRoutes) AutoRouteCheck {
	r := AutoRouteCheck{ID: rr.ID, Corp: rr.Entity.String()}
	c := g.Corp(r.Corp)
	if c == nil {
		r.SubmittedErr = fmt.Errorf("no company %s", r.Corp)
		r.RouterErr = r.SubmittedErr
		return r
	}
	r.Submitted, _, r.SubmittedErr = g.RouteRevenue(c, rr.Routes)
	start := time.Now()
	routes, plan, err := g.autoRoutePlan(c, route.Options{})
	r.Elapsed = time.Since(start)
	if err != nil {
		r.RouterErr = err
		return r
	}
	r.Router, r.Exact, r.Routes = plan.Revenue, plan.Exact, routes
	r.Work = plan.Searched + plan.Nodes
	if len(routes) == 0 {
		return r
	}
	got, _, err := g.RouteRevenue(c, routes)
	switch {
	case err != nil:
		r.RouterErr = fmt.Errorf("RouteRevenue refuses the router's routes: %w", err)
	case got != plan.Revenue:
		r.RouterErr = fmt.Errorf("RouteRevenue prices the router's routes at %d, the router at %d", got, plan.Revenue)
	}
	return r
}
