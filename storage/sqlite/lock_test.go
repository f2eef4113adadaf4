package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// envLockChild makes the test binary a second process opening the file it
// names (TestSecondProcessRefused).
const envLockChild = "PBC_TEST_LOCK_CHILD"

func TestSecondOpenRefused(t *testing.T) {
	ctx := context.Background()
	db, path := openTest(t)
	if second, err := Open(ctx, path); !errors.Is(err, ErrLocked) {
		if err == nil {
			second.Close()
		}
		t.Fatalf("a second Open of a file in use: %v, want ErrLocked", err)
	} else if !strings.Contains(err.Error(), fmt.Sprintf("process %d", os.Getpid())) || !strings.Contains(err.Error(), path) {
		t.Errorf("the refusal does not say who holds which file: %v", err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := Open(ctx, path) // released by Close
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	again.Close()
}

// TestSecondProcessRefused runs a real second process on a file this one
// holds: it is refused, and opens it once this one lets go.
func TestSecondProcessRefused(t *testing.T) {
	if path := os.Getenv(envLockChild); path != "" {
		db, err := Open(context.Background(), path)
		if err != nil {
			fmt.Println("child refused:", err)
			return
		}
		db.Close()
		fmt.Println("child opened the database")
		return
	}
	db, path := openTest(t)
	child := func() string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSecondProcessRefused$")
		cmd.Env = append(os.Environ(), envLockChild+"="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("the second process failed: %v\n%s", err, out)
		}
		return string(out)
	}
	out := child()
	if !strings.Contains(out, "child refused: "+ErrLocked.Error()) || !strings.Contains(out, fmt.Sprintf("process %d", os.Getpid())) {
		t.Errorf("the second process was not refused as it should be:\n%s", out)
	}
	db.Close()
	if out := child(); !strings.Contains(out, "child opened the database") {
		t.Errorf("the second process could not open the file once released:\n%s", out)
	}
}
