package bot

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"pbc/commands/notation"
	"pbc/engine"
	"pbc/session"
	"pbc/storage"
)

// maxChoices is the most completions a platform shows (Discord's limit).
const maxChoices = 25

// Suggest completes one argument of a command from the channel's game: the
// hexes, tiles, companies, trains and amounts of the user's legal moves, or
// failing those the board's hexes, the tiles in the supply, the companies in
// play, the trains for sale or owned, round amounts and players. It never takes long: a slow load
// gives no completions.
func (c *Core) Suggest(ctx context.Context, q Query) []Choice {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	sg, err := c.store.OpenGame(ctx, q.Channel)
	if err != nil {
		return nil
	}
	if sg.Status != storage.Active {
		seats, err := c.store.Seats(ctx, sg.ID)
		if err != nil {
			return nil
		}
		return complete(candidates(nil, seats, q.Field, q.Prefix), q.Prefix)
	}
	s, err := c.sessions.Open(ctx, sg.ID)
	if err != nil {
		return nil
	}
	var out []Choice
	_ = s.View(func(v session.View) error {
		g := v.Game()
		if g == nil {
			return nil
		}
		cands := legalCandidates(v.Moves(), v.Seats(), q.User.ID, q.Command, q.Field)
		if len(cands) == 0 || (q.Field == "amount" && q.Prefix != "") {
			cands = append(cands, candidates(g, v.Seats(), q.Field, q.Prefix)...)
		}
		out = complete(cands, q.Prefix)
		return nil
	})
	return out
}

// candidates lists every value an argument may take in g.
func candidates(g *engine.Game, seats []storage.Seat, field, prefix string) []string {
	var out []string
	switch field {
	case string(notation.ArgUser):
		for _, s := range seats {
			out = append(out, s.DisplayName)
		}
		return out
	case "amount", "price", "count":
		return amounts(prefix)
	}
	if g == nil {
		return nil
	}
	switch field {
	case "hex":
		for id := range g.Board.Hexes {
			out = append(out, id)
		}
		slices.SortFunc(out, hexOrder)
	case "tile":
		seen := map[string]bool{}
		for _, t := range g.Board.Map.Tiles {
			if !t.Hidden && !seen[t.Name] {
				seen[t.Name] = true
				out = append(out, t.Name)
			}
		}
	case string(notation.ArgCompany), "target":
		for _, co := range g.Corps {
			if !co.Closed {
				out = append(out, co.ID)
			}
		}
		for _, p := range g.Companies {
			if !p.Closed {
				out = append(out, p.ID)
			}
		}
	case "train":
		seen := map[string]bool{}
		add := func(name string) {
			if !seen[name] {
				seen[name] = true
				out = append(out, name)
			}
		}
		for _, t := range g.Depot.Upcoming {
			add(t.Name)
		}
		for _, co := range g.Corps {
			for _, t := range co.Trains {
				add(t.Name)
			}
		}
	}
	return out
}

// amounts proposes amounts that begin with what has been typed.
func amounts(prefix string) []string {
	n, err := strconv.Atoi(strings.TrimPrefix(prefix, "$"))
	if err != nil || n <= 0 {
		return []string{"0", "50", "100", "150", "200", "250", "300", "400", "500"}
	}
	out := []string{strconv.Itoa(n)}
	for m := n * 10; m <= 10000 && len(out) < 4; m *= 10 {
		out = append(out, strconv.Itoa(m))
	}
	return out
}

// hexOrder sorts hex ids letters first, then numerically: A2 < A10 < B1.
func hexOrder(a, b string) int {
	la, na := splitHex(a)
	lb, nb := splitHex(b)
	if la != lb {
		return strings.Compare(la, lb)
	}
	return na - nb
}

func splitHex(s string) (string, int) {
	i := strings.IndexFunc(s, func(r rune) bool { return r >= '0' && r <= '9' })
	if i < 0 {
		return s, 0
	}
	n, _ := strconv.Atoi(s[i:])
	return s[:i], n
}

// complete keeps the candidates that start with prefix (case-insensitive),
// then those that contain it, at most maxChoices.
func complete(cands []string, prefix string) []Choice {
	p := strings.ToLower(strings.TrimSpace(prefix))
	var first, then []Choice
	for _, s := range cands {
		l := strings.ToLower(s)
		switch {
		case strings.HasPrefix(l, p):
			first = append(first, Choice{Label: s, Value: s})
		case strings.Contains(l, p):
			then = append(then, Choice{Label: s, Value: s})
		}
	}
	out := append(first, then...)
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	return out
}
