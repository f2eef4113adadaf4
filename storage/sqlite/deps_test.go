package sqlite

import (
	"os"
	"strings"
	"testing"
)

// libcFor is the modernc.org/libc version each modernc.org/sqlite release
// names in its go.mod; the driver is only tested against that exact libc.
var libcFor = map[string]string{
	"v1.62.0": "v1.80.1",
}

func TestLibcIsPinnedToTheDriversVersion(t *testing.T) {
	b, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	versions := map[string]string{} // go.mod lists every build dependency at its selected version
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(line), "require "))
		if len(f) >= 2 {
			versions[f[0]] = f[1]
		}
	}
	sqlite, libc := versions["modernc.org/sqlite"], versions["modernc.org/libc"]
	want, known := libcFor[sqlite]
	if !known {
		t.Fatalf("modernc.org/sqlite %q: add the libc version its go.mod requires to libcFor", sqlite)
	}
	if libc != want {
		t.Errorf("modernc.org/libc is %s; modernc.org/sqlite %s requires exactly %s: pin it in go.mod", libc, sqlite, want)
	}
}
