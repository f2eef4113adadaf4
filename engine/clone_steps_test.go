package engine

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestCloneStepsListsEveryStep fails when a step type is missing from
// cloneSteps, so that TestCloneKnowsEveryField checks its fields too: every
// step copies itself (copyFor is part of the step interface), so the
// receivers of copyFor in the package's sources are all the step types.
func TestCloneStepsListsEveryStep(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatalf("parsing the package: %v", err)
	}
	var defined []string
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || fn.Name.Name != "copyFor" {
					continue
				}
				if star, ok := fn.Recv.List[0].Type.(*ast.StarExpr); ok {
					if id, ok := star.X.(*ast.Ident); ok {
						defined = append(defined, id.Name)
					}
				}
			}
		}
	}
	if len(defined) == 0 {
		t.Fatal("found no copyFor method: the test no longer sees the steps")
	}
	var listed []string
	for _, s := range cloneSteps {
		listed = append(listed, reflect.TypeOf(s).Elem().Name())
	}
	for _, name := range defined {
		if !slices.Contains(listed, name) {
			t.Errorf("step type %s is not in cloneSteps", name)
		}
	}
	for _, name := range listed {
		if !slices.Contains(defined, name) {
			t.Errorf("cloneSteps lists %s, which has no copyFor method", name)
		}
	}
}
