package bot

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// platformWords are what names a platform in code: the storage constants'
// names and values, and the adapters' own words.
var platformWords = []string{"discord", "slack", "local", "console", "playground"}

// TestCorePlatformFree: the core (package bot, its adapters' subpackages
// aside) never asks which platform it serves: no storage.Discord, Slack or
// Local, no identifier or string naming a platform, and no if or switch
// over a platform. What differs by platform is an optional adapter
// interface (Mentioner, DirectMessenger, ChannelLinker, Connector), and
// each adapter's configuration and tokens live in its package.
func TestCorePlatformFree(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	names := func(s string) string {
		l := strings.ToLower(s)
		for _, w := range platformWords {
			if strings.Contains(l, w) {
				return w
			}
		}
		return ""
	}
	checked := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, 0) // comments left out: they may name platforms
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "storage" && names(n.Sel.Name) != "" {
					t.Errorf("%s: storage.%s names a platform", fset.Position(n.Pos()), n.Sel.Name)
				}
			case *ast.Ident:
				if w := names(n.Name); w != "" && n.Name != "Local" { // Local is a time zone's
					t.Errorf("%s: %s names a platform (%s)", fset.Position(n.Pos()), n.Name, w)
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if s, err := strconv.Unquote(n.Value); err == nil {
						if w := names(s); w != "" {
							t.Errorf("%s: %q names a platform (%s)", fset.Position(n.Pos()), s, w)
						}
					}
				}
			case *ast.IfStmt:
				if comparesPlatform(n.Cond) {
					t.Errorf("%s: an if over the platform", fset.Position(n.Pos()))
				}
			case *ast.SwitchStmt:
				if n.Tag != nil && mentionsPlatform(n.Tag) {
					t.Errorf("%s: a switch over the platform", fset.Position(n.Pos()))
				}
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						if comparesPlatform(e) {
							t.Errorf("%s: a case over the platform", fset.Position(e.Pos()))
						}
					}
				}
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("only %d files of package bot were read", checked)
	}
}

// mentionsPlatform reports whether an expression reads a platform: a
// Platform field or value.
func mentionsPlatform(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "Platform" {
			found = true
		}
		return !found
	})
	return found
}

// comparesPlatform reports whether a condition compares a platform with a
// given one (a literal, a storage constant, a conversion): which platform
// it is. Comparing two channels' platforms asks nothing of the kind.
func comparesPlatform(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return !found
		}
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if mentionsPlatform(pair[0]) && isConstant(pair[1]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// isConstant reports whether e is a literal, a package's constant
// (storage.X) or a conversion of a literal.
func isConstant(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		_, ok := e.X.(*ast.Ident)
		return ok
	case *ast.CallExpr:
		return len(e.Args) == 1 && isConstant(e.Args[0])
	}
	return false
}
