package notation

import (
	"regexp"
	"strings"
)

// runHelp shows the forms of the run command.
const runHelp = "e.g. `run auto`, `run none`, `run 3-1 H11 F9 E8` or `run 2 H11>G10>F9, L D23`"

// parseRun reads the routes of "run": "auto", "none", or routes separated by
// commas, each a train and its stops. A stop is a hex ("F9"), or a hex and
// its stop number when the hex has several ("H19.2"); "H11>G10>F9" spells
// out the hexes between two stops; "H11-F9-E8" lists stops; "=120" states
// the route's revenue; "bare" records a one-city run without connections.
func parseRun(cmd *Command, args []string) error {
	if len(args) == 1 {
		switch strings.ToLower(args[0]) {
		case "auto", "best":
			cmd.Auto = true
			return nil
		case "none", "nothing", "-":
			cmd.Routes = []RouteSpec{}
			return nil
		}
	}
	if len(args) == 0 {
		return parseErr("run which trains? " + runHelp)
	}
	// A slash splits routes except inside a half-revenue train's name
	// ("3/2P-0"), which keeps it.
	text := halfTrainSlash.ReplaceAllString(strings.Join(args, " "), "${1}\x00${2}")
	toks := strings.Fields(strings.NewReplacer(",", " , ", ";", " , ", "|", " , ", "/", " , ").Replace(text))
	for i := range toks {
		toks[i] = strings.ReplaceAll(toks[i], "\x00", "/")
	}
	var cur *RouteSpec
	for i := 0; i < len(toks); i++ {
		w := toks[i]
		low := strings.ToLower(w)
		switch {
		case w == ",":
			cur = nil
		case cur != nil && (w == "=" || strings.HasPrefix(w, "=") || strings.HasPrefix(w, "$")):
			num := strings.TrimLeft(w, "=$")
			if num == "" && i+1 < len(toks) {
				i++
				num = strings.TrimPrefix(toks[i], "$")
			}
			n, ok := Number(num)
			if !ok {
				return parseErr("%q is not a revenue; "+runHelp, Clip(w))
			}
			cur.Revenue, cur.HasRevenue = n, true
		case cur != nil && low == "bare":
			cur.Bare = true
		case cur != nil && isStopWord(w):
			if err := addStops(cur, w); err != nil {
				return err
			}
		default:
			if looksLikeHex(strings.Split(w, ".")[0]) || strings.Contains(w, ">") {
				return parseErr("say the train before its stops: %q; "+runHelp, Clip(w))
			}
			cmd.Routes = append(cmd.Routes, RouteSpec{Train: w})
			cur = &cmd.Routes[len(cmd.Routes)-1]
		}
	}
	for _, r := range cmd.Routes {
		if len(r.Stops) == 0 {
			return parseErr("train %s has no stops; "+runHelp, Clip(r.Train))
		}
	}
	if len(cmd.Routes) > 12 {
		return parseErr("too many routes")
	}
	return nil
}

// halfTrainSlash finds the slash of a train named like 3/2P.
var halfTrainSlash = regexp.MustCompile(`(\b\d+)/(\d+[Pp]\b)`)

// isStopWord reports whether w names stops: "F9", "H19.2", "H11>G10>F9" or "H11-F9".
func isStopWord(w string) bool {
	for _, sep := range []string{">", "-"} {
		if strings.Contains(w, sep) {
			for _, p := range strings.Split(w, sep) {
				if !isStop(p) {
					return false
				}
			}
			return true
		}
	}
	return isStop(w)
}

// isStop reports whether p is a hex with an optional stop number.
func isStop(p string) bool {
	hex, node, found := strings.Cut(p, ".")
	if !looksLikeHex(hex) {
		return false
	}
	if found {
		n, ok := Number(node)
		return ok && n >= 1
	}
	return true
}

// stopOf reads "H19.2".
func stopOf(p string) StopSpec {
	hex, node, found := strings.Cut(p, ".")
	s := StopSpec{Hex: hex}
	if found {
		s.Node, _ = Number(node)
	}
	return s
}

// addStops appends the stops of one word to r.
func addStops(r *RouteSpec, w string) error {
	if !strings.Contains(w, ">") {
		for _, p := range strings.Split(w, "-") {
			r.Stops = append(r.Stops, stopOf(p))
		}
		return nil
	}
	parts := strings.Split(w, ">")
	first := stopOf(parts[0])
	if n := len(r.Stops); n == 0 || !sameStop(r.Stops[n-1], first) {
		r.Stops = append(r.Stops, first)
	} else if r.Stops[n-1].Node == 0 {
		r.Stops[n-1].Node = first.Node
	}
	if len(parts) == 1 {
		return nil
	}
	last := stopOf(parts[len(parts)-1])
	last.Chained = true
	last.Via = []string{}
	for _, p := range parts[1 : len(parts)-1] {
		if strings.Contains(p, ".") {
			return parseErr("%q: only the ends of a > chain are stops", Clip(w))
		}
		last.Via = append(last.Via, p)
	}
	r.Stops = append(r.Stops, last)
	if len(r.Stops) > 40 {
		return parseErr("that route is too long")
	}
	return nil
}

// sameStop reports whether a chain's first hex continues from the previous stop.
func sameStop(prev, s StopSpec) bool {
	return strings.EqualFold(prev.Hex, s.Hex) && (s.Node == 0 || prev.Node == 0 || s.Node == prev.Node)
}
