package action

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestTypeConstantsNameEveryModelledType: each Type constant is a modelled
// type whose Go type reports it, and every modelled type has a constant.
func TestTypeConstantsNameEveryModelledType(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "typenames.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	consts := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			for _, v := range s.(*ast.ValueSpec).Values {
				s, _ := strconv.Unquote(v.(*ast.BasicLit).Value)
				consts[s] = true
			}
		}
	}
	for name, mk := range constructors {
		if !consts[name] {
			t.Errorf("modelled type %q has no Type constant", name)
		}
		if got := TypeName(mk()); got != name {
			t.Errorf("TypeName(new %q) = %q", name, got)
		}
	}
	for c := range consts {
		if constructors[c] == nil {
			t.Errorf("Type constant %q names no modelled type", c)
		}
	}
}
