package engine

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// repoNamesFile pins the title checks and title names left in the whole
// repository's production code outside the title data; counts only go down.
const repoNamesFile = "testdata/repo_names.txt"

// titleDataDirs hold the titles' data and boards: the one place title names
// belong, relative to the repository root.
var titleDataDirs = []string{"engine/title", "engine/board"}

// repoFiles lists the repository's production Go files outside the title
// data: no tests, no testdata, no shared test suites (storage/storetest).
func repoFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("..", path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "vendor" || name == "node_modules" ||
				strings.HasSuffix(name, "test")) {
				return filepath.SkipDir
			}
			for _, dir := range titleDataDirs {
				if rel == dir {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking the repository: %v", err)
	}
	return files
}

// TestRepoNamesRatchet extends the family names ratchet to the whole
// repository's production code outside engine/title and engine/board: the
// chat layer, the bot, the renderer and the tools name no title, test no
// title and cite no title's hex, tile, company or corporation ids beyond
// their pins, which may only go down.
func TestRepoNamesRatchet(t *testing.T) {
	files := repoFiles(t)
	if len(files) < 50 {
		t.Fatalf("found only %d production files from the engine folder; is the repository whole?", len(files))
	}
	checkNamePins(t, namesIn(t, files), readFamilyPins(t, repoNamesFile), "the repository's production code outside "+strings.Join(titleDataDirs, " and "), repoNamesFile)
}
