package engine

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pbc/engine/title"
)

// familyNamesFile pins how many title checks and title names the family rule
// files still hold; the counts may only go down.
const familyNamesFile = "testdata/family_names.txt"

// titleCheck matches helpers that ask which title is being played.
var titleCheck = regexp.MustCompile(`^is(PNW|CA)`)

// familyNames counts, over the non-test Go files of this directory (the
// family rule code; title folders are subdirectories), the title checks,
// the comparisons of the title's name, the "1822..." literals, the texts
// that mention a title ("Play 1822PNW and ...") and the hex, tile, company and corporation names
// of any title. Each finding is listed as "file:line what" so a failure says
// where the new one is.
func familyNames(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatalf("listing the family files: %v", err)
	}
	return namesIn(t, files)
}

// namesIn counts, over the non-test Go files among files, what familyNames
// counts.
func namesIn(t *testing.T, files []string) map[string][]string {
	t.Helper()
	names := titleNames(t)
	found := map[string][]string{"title_checks": nil, "title_names": nil, "title_mentions": nil, "name_literals": nil}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatalf("parsing %s: %v", path, err)
		}
		at := func(n ast.Node, what string) string {
			return fmt.Sprintf("%s:%d %s", path, fset.Position(n.Pos()).Line, what)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if name := calledName(n.Fun); titleCheck.MatchString(name) {
					found["title_checks"] = append(found["title_checks"], at(n, name+"()"))
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && isIdent(sel.X, "strings") && slices.ContainsFunc(n.Args, isTitleName) {
					found["title_names"] = append(found["title_names"], at(n, "strings."+sel.Sel.Name+"(T.Name)"))
				}
			case *ast.BinaryExpr:
				if (n.Op == token.EQL || n.Op == token.NEQ) && (isTitleName(n.X) || isTitleName(n.Y)) {
					found["title_names"] = append(found["title_names"], at(n, "T.Name "+n.Op.String()))
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					break
				}
				s, err := strconv.Unquote(n.Value)
				switch {
				case err != nil:
				case strings.HasPrefix(s, "1822"):
					found["title_names"] = append(found["title_names"], at(n, n.Value))
				case strings.Contains(s, "1822"):
					found["title_mentions"] = append(found["title_mentions"], at(n, n.Value))
				case names[s]:
					found["name_literals"] = append(found["name_literals"], at(n, n.Value))
				}
			}
			return true
		})
	}
	return found
}

// isTitleName says whether e reads the title's name (g.T.Name).
func isTitleName(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Name" {
		return false
	}
	x, ok := sel.X.(*ast.SelectorExpr)
	return ok && x.Sel.Name == "T"
}

// isIdent says whether e is the identifier name.
func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// calledName is the function or method name of a call.
func calledName(fun ast.Expr) string {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

// titleNames collects the names that belong in title data: hex ids, laid and
// preprinted tile names, company ids and corporation ids of every title. Train
// and phase names are rules vocabulary shared by the family ("L", "2", "E"),
// so names that are also train or phase names are left out, as are one-letter
// and all-digit names, which are too common to tell apart.
func titleNames(t *testing.T) map[string]bool {
	t.Helper()
	names, shared := map[string]bool{}, map[string]bool{}
	for _, n := range title.Names() {
		ti, err := TitleByName(n)
		if err != nil {
			t.Fatalf("title %s: %v", n, err)
		}
		for _, h := range ti.Map.Hexes {
			names[h.ID] = true
		}
		for _, tl := range ti.Map.Tiles {
			names[tl.Name] = true
		}
		for _, c := range ti.Companies {
			names[c.ID] = true
		}
		for _, c := range ti.Corps {
			names[c.ID] = true
		}
		for _, tr := range ti.Trains {
			shared[tr.Name] = true
			for _, v := range tr.Variants {
				shared[v.Name] = true
			}
		}
		for _, p := range ti.Phases {
			shared[p.Name] = true
		}
	}
	for n := range names {
		if shared[n] || len(n) < 2 || strings.Trim(n, "0123456789") == "" {
			delete(names, n)
		}
	}
	return names
}

// readFamilyPins reads the pinned counts: "kind count" per line.
func readFamilyPins(t *testing.T, familyNamesFile string) map[string]int {
	t.Helper()
	f, err := os.Open(familyNamesFile)
	if err != nil {
		t.Fatalf("reading the pins: %v", err)
	}
	defer f.Close()
	pins := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, num, ok := strings.Cut(line, " ")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			t.Fatalf("%s: bad line %q", familyNamesFile, line)
		}
		pins[kind] = n
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading the pins: %v", err)
	}
	return pins
}

// TestFamilyNamesRatchet keeps the family rule code from naming titles again:
// a count above its pin fails and lists the findings; a count below it fails
// too, asking for the pin to be lowered, so removed title checks stay removed.
func TestFamilyNamesRatchet(t *testing.T) {
	checkNamePins(t, familyNames(t), readFamilyPins(t, familyNamesFile), "the family rule files", familyNamesFile)
}

// checkNamePins compares the findings with their pins, kind by kind.
func checkNamePins(t *testing.T, found map[string][]string, pins map[string]int, where, pinFile string) {
	kinds := make([]string, 0, len(found))
	for k := range found {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			got := len(found[kind])
			pin, ok := pins[kind]
			switch {
			case !ok:
				t.Fatalf("%s has no pin for %s (now %d)", pinFile, kind, got)
			case got > pin:
				t.Errorf("%d %s in %s, pinned at %d: move the new ones into the title's data or overrides\n%s",
					got, kind, where, pin, strings.Join(found[kind], "\n"))
			case got < pin:
				t.Errorf("%d %s in %s, fewer than the pin %d: lower the pin in engine/%s\n%s", got, kind, where, pin, pinFile,
					strings.Join(found[kind], "\n"))
			}
		})
	}
}

// singleTitleFields are Game fields that once held one title's state (a
// private's marker or money, a title's blocker, one ability's choice).
// Such state lives in family mechanisms read through the title's data
// (Game.cards by company id, Game.blocker, Game.tileCubes); a field named
// after one title's piece must not come back.
var singleTitleFields = []string{
	"coalOwner", "coalHex", "sawmillOwner", "sawmillHex", "sawmillMode",
	"ddBlocker", "p7Choice", "phasePot", "staleCubes",
}

// TestGameHasNoSingleTitleFields fails when Game gains a field listed in
// singleTitleFields again.
func TestGameHasNoSingleTitleFields(t *testing.T) {
	gt := reflect.TypeOf(Game{})
	for i := 0; i < gt.NumField(); i++ {
		if name := gt.Field(i).Name; slices.Contains(singleTitleFields, name) {
			t.Errorf("Game.%s is one title's state: keep it in a family mechanism the title's data switches on (Game.cards, ...)", name)
		}
	}
}
