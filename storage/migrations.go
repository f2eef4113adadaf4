package storage

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// Migration is one schema change of a store, read from its embedded files.
type Migration struct {
	Version int    // the file name's leading number
	Name    string // the file name, e.g. "0002_moves.sql"
	SQL     string
}

// ReadMigrations reads the files of fsys matching glob as migrations, in
// version order: each name must start with a positive number and '_', and
// no two may share a number.
func ReadMigrations(fsys fs.FS, glob string) ([]Migration, error) {
	names, err := fs.Glob(fsys, glob)
	if err != nil {
		return nil, err
	}
	var ms []Migration
	for _, name := range names {
		base := path.Base(name)
		num, _, ok := strings.Cut(base, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must start with a positive number and '_'", base)
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		ms = append(ms, Migration{Version: v, Name: base, SQL: string(b)})
	}
	slices.SortFunc(ms, func(a, b Migration) int { return a.Version - b.Version })
	for i := 1; i < len(ms); i++ {
		if ms[i].Version == ms[i-1].Version {
			return nil, fmt.Errorf("migrations %s and %s have the same number", ms[i-1].Name, ms[i].Name)
		}
	}
	return ms, nil
}
