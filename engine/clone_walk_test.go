package engine

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pbc/engine/action"
)

// sharedPackages hold the immutable data a copy shares with its original:
// title and board definitions, decoded actions, walked networks.
var sharedPackages = map[string]bool{
	"pbc/engine/title":  true,
	"pbc/engine/board":  true,
	"pbc/engine/action": true,
	"pbc/engine/graph":  true,
}

// sharedFields are state fields a copy shares on purpose, by type and name.
var sharedFields = map[string]bool{
	"stepBase.memoActs": true, // steps' answers, which callers only read
}

// isShared reports whether values of type t are immutable data a copy shares.
func isShared(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	return sharedPackages[t.PkgPath()] || t.Size() == 0
}

// twinWalk walks a game and its copy side by side. Every value must be
// equal, no pointer, map or slice of mutable state may be the same in both,
// and the original's pointers must map one to one onto the copy's (what is
// shared in one is shared in the other).
type twinWalk struct {
	fwd, back map[uintptr]uintptr
	twin      map[uintptr]reflect.Value // original pointer -> the copy's value
	problems  []string
}

func newTwinWalk() *twinWalk {
	return &twinWalk{fwd: map[uintptr]uintptr{}, back: map[uintptr]uintptr{}, twin: map[uintptr]reflect.Value{}}
}

func (w *twinWalk) fail(path, format string, args ...any) {
	if len(w.problems) < 20 {
		w.problems = append(w.problems, path+": "+fmt.Sprintf(format, args...))
	}
}

// pair records that a and b are each other's copy; it reports whether a was
// met before.
func (w *twinWalk) pair(path string, a, b uintptr) (seen bool) {
	if fb, ok := w.fwd[a]; ok {
		if fb != b {
			w.fail(path, "one object of the original has two copies")
		}
		return true
	}
	if fa, ok := w.back[b]; ok && fa != a {
		w.fail(path, "two objects of the original share one copy")
	}
	w.fwd[a], w.back[b] = b, a
	return false
}

func (w *twinWalk) walk(path string, a, b reflect.Value, shared bool) {
	if a.Type() != b.Type() {
		w.fail(path, "type %s, copy %s", a.Type(), b.Type())
		return
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				w.fail(path, "nil in one only")
			}
			return
		}
		if shared || isShared(a.Type()) {
			if a.Pointer() != b.Pointer() {
				w.fail(path, "immutable %s not shared", a.Type())
			}
			return
		}
		if a.Pointer() == b.Pointer() {
			w.fail(path, "%s shared with the original", a.Type())
			return
		}
		if w.pair(path, a.Pointer(), b.Pointer()) {
			return
		}
		w.twin[a.Pointer()] = b
		w.walk(path, a.Elem(), b.Elem(), false)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				w.fail(path, "nil in one only")
			}
			return
		}
		w.walk(path, a.Elem(), b.Elem(), shared)
	case reflect.Map:
		w.walkMap(path, a, b, shared)
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			w.fail(path, "nil in one only, or lengths %d and %d", a.Len(), b.Len())
			return
		}
		shared = shared || isShared(a.Type())
		if a.Cap() > 0 && !shared {
			if a.Pointer() == b.Pointer() {
				w.fail(path, "%s shares its array with the original", a.Type())
				return
			}
			w.pair(path, a.Pointer(), b.Pointer())
		}
		for i := 0; i < a.Len(); i++ {
			w.walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i), shared)
		}
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			w.walk(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i), shared)
		}
	case reflect.Struct:
		shared = shared || isShared(a.Type())
		for i := 0; i < a.NumField(); i++ {
			f := a.Type().Field(i)
			w.walk(path+"."+f.Name, a.Field(i), b.Field(i), shared || sharedFields[a.Type().Name()+"."+f.Name])
		}
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		if !a.IsNil() || !b.IsNil() {
			w.fail(path, "a %s in the state cannot be copied", a.Kind())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			w.fail(path, "%v, copy %v", a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			w.fail(path, "%d, copy %d", a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			w.fail(path, "%d, copy %d", a.Uint(), b.Uint())
		}
	case reflect.Float32, reflect.Float64:
		if a.Float() != b.Float() {
			w.fail(path, "%v, copy %v", a.Float(), b.Float())
		}
	case reflect.String:
		if a.String() != b.String() {
			w.fail(path, "%q, copy %q", a.String(), b.String())
		}
	default:
		w.fail(path, "unexpected kind %s", a.Kind())
	}
}

// walkMap pairs entries by key; a pointer key must be an object already met
// (the game's lists of players, corporations and companies come first).
func (w *twinWalk) walkMap(path string, a, b reflect.Value, shared bool) {
	if a.IsNil() || b.IsNil() || a.Len() != b.Len() {
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			w.fail(path, "nil in one only, or sizes %d and %d", a.Len(), b.Len())
		}
		return
	}
	shared = shared || isShared(a.Type().Elem())
	if !shared {
		if a.Pointer() == b.Pointer() {
			w.fail(path, "map shared with the original")
			return
		}
		if w.pair(path, a.Pointer(), b.Pointer()) {
			return
		}
	}
	iter := a.MapRange()
	for iter.Next() {
		k := iter.Key()
		bk := k
		if k.Kind() == reflect.Pointer && !isShared(k.Type()) {
			tw, ok := w.twin[k.Pointer()]
			if !ok {
				w.fail(path, "key %s not met before the map", k.Type())
				continue
			}
			bk = tw
		}
		bv := b.MapIndex(bk)
		if !bv.IsValid() {
			w.fail(path, "key %v missing in the copy", k)
			continue
		}
		w.walk(fmt.Sprintf("%s[%v]", path, k), iter.Value(), bv, shared)
	}
}

// TestCloneSharesNothing walks games and their copies at points of several
// fixtures and self-play logs (rounds of every kind, both titles).
func TestCloneSharesNothing(t *testing.T) {
	dir, names := movesFixtures(t)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			l := readFixture(t, dir, name)
			acts, err := action.Effective(l.Actions)
			if err != nil {
				t.Fatal(err)
			}
			at := clonePositions(len(acts))
			i := 0
			_, err = Replay(l, ReplayOptions{After: func(g *Game, _ action.Action) bool {
				if i++; at[i-1] {
					checkTwins(t, fmt.Sprintf("after %d actions", i), g, g.Clone())
				}
				return true
			}})
			if err != nil {
				t.Skipf("the fixture does not replay: %v", err)
			}
		})
	}
	t.Run("live", func(t *testing.T) {
		g, _ := replayAllButLast(t, "destination_returns_token.json")
		checkTwins(t, "live", g, g.Clone())
	})
}

func checkTwins(t *testing.T, where string, g, c *Game) {
	t.Helper()
	w := newTwinWalk()
	w.walk("g", reflect.ValueOf(g), reflect.ValueOf(c), false)
	for _, p := range w.problems {
		t.Errorf("%s: %s", where, p)
	}
}

// TestTwinWalkFails: the walk finds what it is there to find.
func TestTwinWalkFails(t *testing.T) {
	g, _ := replayAllButLast(t, "destination_returns_token.json")
	for _, tc := range []struct {
		name  string
		spoil func(c *Game)
		want  string
	}{
		{"shared corporation", func(c *Game) { c.Corps[3] = g.Corps[3] }, "shared with the original"},
		{"shared map", func(c *Game) { c.abilityUses = g.abilityUses }, "map shared"},
		{"shared slice", func(c *Game) { c.Board.order = g.Board.order }, "shares its array"},
		{"aliasing lost", func(c *Game) { n := *c.Corps[0]; c.Corps[0] = &n }, "two copies"},
		{"value differs", func(c *Game) { c.Bank++ }, "copy"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := g.Clone()
			tc.spoil(c)
			w := newTwinWalk()
			w.walk("g", reflect.ValueOf(g), reflect.ValueOf(c), false)
			if !slices.ContainsFunc(w.problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
				t.Errorf("problems %q, want one saying %q", w.problems, tc.want)
			}
		})
	}
	t.Run("func field", func(t *testing.T) {
		w := newTwinWalk()
		f := func() {}
		w.walk("f", reflect.ValueOf(struct{ F func() }{f}), reflect.ValueOf(struct{ F func() }{f}), false)
		if len(w.problems) == 0 {
			t.Error("a func in the state went unnoticed")
		}
	})
}
