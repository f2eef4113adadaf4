package storetest

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbc/storage"
)

// The crash check's child process is the test binary run with these set.
const (
	crashEnvDB   = "PBC_STORETEST_CRASH_DB"   // the database the child writes
	crashEnvAcks = "PBC_STORETEST_CRASH_ACKS" // the file its acknowledgements go to
)

// crashChannel is where the crash check's game is played.
var crashChannel = channel("crash")

// OpenDB opens a store on the database db names (a file path or a URL),
// closed when t ends.
type OpenDB func(t testing.TB, db string) storage.Store

// Crash checks that what a process acknowledged survives its death by
// SIGKILL, and that a move it was writing is all there or not at all.
// Rounds of child processes (this test binary running the test named
// child, which calls CrashChild) each commit two-action moves to one game
// of database db, acknowledging each once committed, and are killed after a
// few; between rounds the log must hold every acknowledged move, whole,
// with no gap, and load.
func Crash(t *testing.T, db, child string, open OpenDB) {
	if testing.Short() {
		t.Skip("skipping the crash check in -short mode")
	}
	ctx := context.Background()
	st := open(t, db)
	id := activeGame(t, st, crashChannel.ID).ID
	st.Close() // the children write alone (a SQLite file takes one process)
	acks := filepath.Join(t.TempDir(), "acks")
	const rounds = 4
	for r := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^"+child+"$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnvDB+"="+db, crashEnvAcks+"="+acks)
		out, _ := os.Create(filepath.Join(t.TempDir(), "child.log"))
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill it after a few acknowledged moves, at no particular moment.
		want := ackCount(t, acks) + 3 + rand.IntN(10)
		deadline := time.Now().Add(60 * time.Second)
		for ackCount(t, acks) < want && time.Now().Before(deadline) {
			time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
		}
		cmd.Process.Kill() // SIGKILL
		cmd.Wait()
		out.Close()
		if ackCount(t, acks) < want {
			b, _ := os.ReadFile(out.Name())
			t.Fatalf("round %d: the child acknowledged %d moves in 60s, want %d; its output:\n%s", r, ackCount(t, acks), want, b)
		}
		st := open(t, db)
		checkCrashLog(t, ctx, st, id, acks, r)
		st.Close()
	}
	t.Logf("%d children killed, %d moves acknowledged, the log checked after each", rounds, ackCount(t, acks))
}

// checkCrashLog checks game id's log after round r's child died.
func checkCrashLog(t *testing.T, ctx context.Context, st storage.Store, id storage.GameID, acks string, r int) {
	t.Helper()
	ld, err := st.Load(ctx, id)
	if err != nil {
		t.Fatalf("round %d: Load after the kill: %v", r, err)
	}
	n := len(ld.Entries)
	if n%2 != 0 {
		t.Errorf("round %d: the log holds %d rows: half a move was kept", r, n)
	}
	acked := lastAck(t, acks)
	if n < acked || n > acked+2 {
		t.Errorf("round %d: the log holds %d rows; the last acknowledged move ends at %d (at most one move may be committed unacknowledged)", r, n, acked)
	}
	for i, e := range ld.Entries {
		move := (e.Seq + 1) / 2
		if want := message(e.Seq, fmt.Sprint("move ", move)); string(e.Action) != string(want) {
			t.Fatalf("round %d: seq %d holds %s, want %s", r, e.Seq, e.Action, want)
		}
		if e.Seq != i+1 {
			t.Fatalf("round %d: row %d has seq %d", r, i, e.Seq)
		}
	}
	if want := min(n/2, storage.RecentEvents); len(ld.Events) != want {
		t.Errorf("round %d: %d move events remembered, want %d", r, len(ld.Events), want)
	}
}

// CrashChild is the child of Crash: in the test named there it commits
// moves to the crash game until it is killed. Run otherwise, it does nothing.
func CrashChild(t *testing.T, open OpenDB) {
	db := os.Getenv(crashEnvDB)
	if db == "" {
		t.Skip("skipping: the crash check's child, run by the crash check itself")
	}
	ctx := context.Background()
	st := open(t, db)
	g, err := st.OpenGame(ctx, crashChannel)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := st.Rows(ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(os.Getenv(crashEnvAcks), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	for seq := len(rows) + 1; ; seq += 2 {
		move := (seq + 1) / 2
		m := storage.Move{EventID: fmt.Sprint("crash-", move), Entries: []storage.Entry{
			{Seq: seq, Action: message(seq, fmt.Sprint("move ", move))},
			{Seq: seq + 1, Action: message(seq+1, fmt.Sprint("move ", move))},
		}}
		if _, err := st.Commit(ctx, g.ID, m); err != nil {
			t.Fatal(err)
		}
		// Written by the system call before the next move: a kill after it keeps it.
		if _, err := fmt.Fprintln(f, seq+1); err != nil {
			t.Fatal(err)
		}
	}
}

// ackCount is how many moves the children have acknowledged.
func ackCount(t *testing.T, path string) int {
	n := 0
	forAcks(t, path, func(int) { n++ })
	return n
}

// lastAck is the last sequence number acknowledged.
func lastAck(t *testing.T, path string) int {
	last := 0
	forAcks(t, path, func(seq int) { last = seq })
	return last
}

// forAcks calls f with each whole acknowledgement line of the file.
func forAcks(t *testing.T, path string, f func(seq int)) {
	t.Helper()
	file, err := os.Open(path)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := sc.Text()
		if seq, err := strconv.Atoi(strings.TrimSpace(line)); err == nil {
			f(seq)
		}
	}
}
