package sqlite

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/storage"
)

// The crash test's child process is this test binary run with these set.
const (
	crashEnvDB     = "PBC_STORAGE_CRASH_DB"     // the database file
	crashEnvAcks   = "PBC_STORAGE_CRASH_ACKS"   // the file acknowledgements go to
	crashEnvSource = "PBC_STORAGE_CRASH_SOURCE" // the fixture to play, or ""
	crashEnvImport = "PBC_STORAGE_CRASH_IMPORT" // "1": first import the whole fixture
	crashEnvCommit = "PBC_STORAGE_CRASH_COMMIT" // "1": write two-action moves with Commit
)

// crashMover is the user of the rows the child writes as moves.
const crashMover = "crash-move"

// crashFixture is a real game whose prefixes the crash test appends.
const crashFixture = "1822PNW/165580.json"

// crashChannel is where the child plays.
var crashChannel = testChannel("crash")

// crashSource is what the child writes: a game header and the action for each seq.
type crashSource struct {
	header *action.GameLog // the game, with no actions
	full   *action.GameLog // the whole fixture, if any
	raw    [][]byte        // the fixture's actions as stored
}

// loadCrashSource reads the fixture at path, or makes a synthetic game if path is "".
func loadCrashSource(path string) (*crashSource, error) {
	src := []byte(`{"id":1,"title":"1822PNW","players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],"settings":{"seed":1},"actions":[]}`)
	if path != "" {
		var err error
		if src, err = os.ReadFile(path); err != nil {
			return nil, err
		}
	}
	full, err := action.ReadGameLog(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	header, _ := action.ReadGameLog(bytes.NewReader(src))
	header.Actions, header.Result, header.GameEndReason = nil, nil, ""
	cs := &crashSource{header: header}
	if path != "" {
		cs.full = full
	}
	for _, a := range full.Actions {
		b, err := json.Marshal(a)
		if err != nil {
			return nil, err
		}
		cs.raw = append(cs.raw, b)
	}
	return cs, nil
}

// action returns the action the child appends at seq: the fixture's, then messages.
func (cs *crashSource) action(seq int) []byte {
	if seq <= len(cs.raw) {
		return cs.raw[seq-1]
	}
	return message(seq, "after the fixture")
}

// TestCrashChild is the child process of TestCrashKeepsAcknowledgedAppends; it
// does nothing unless the crash environment is set. It appends (or commits
// moves of two actions, each answering event "m<its first seq>") until
// killed, acknowledging each write's last seq (and each import) in the ack
// file after its commit.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnvDB)
	if path == "" {
		t.Skip("only run as the crash test's child process")
	}
	if err := crashChild(path); err != nil {
		fmt.Fprintln(os.Stderr, "crash child:", err)
		os.Exit(3)
	}
}

func crashChild(path string) error {
	ctx := context.Background()
	acks, err := os.OpenFile(os.Getenv(crashEnvAcks), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	cs, err := loadCrashSource(os.Getenv(crashEnvSource))
	if err != nil {
		return err
	}
	db, err := Open(ctx, path)
	if err != nil {
		return err
	}
	fmt.Println(crashReady)
	if os.Getenv(crashEnvImport) == "1" && cs.full != nil {
		g, err := db.Import(ctx, testChannel(fmt.Sprint("import-", os.Getpid())), "crash", cs.full)
		if err != nil {
			return err
		}
		fmt.Fprintf(acks, "import %d\n", g.ID)
	}
	g, err := db.OpenGame(ctx, crashChannel)
	if errors.Is(err, storage.ErrNotFound) {
		g, err = db.Import(ctx, crashChannel, "crash", cs.header)
	}
	if err != nil {
		return err
	}
	ld, err := db.Load(ctx, g.ID)
	if err != nil {
		return err
	}
	deadline := time.Now().Add(20 * time.Second) // the parent kills us long before
	moves := os.Getenv(crashEnvCommit) == "1"
	for seq := len(ld.Entries) + 1; time.Now().Before(deadline); seq++ {
		if moves {
			m := storage.Move{EventID: fmt.Sprint("m", seq), Entries: []storage.Entry{
				{Seq: seq, Action: cs.action(seq), UserID: crashMover},
				{Seq: seq + 1, Action: cs.action(seq + 1), UserID: crashMover}}}
			if _, err := db.Commit(ctx, g.ID, m); err != nil {
				return err
			}
			seq++
		} else if _, err := db.Append(ctx, g.ID, storage.Entry{Seq: seq, Action: cs.action(seq), UserID: "crash"}); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(acks, "%d\n", seq); err != nil {
			return err
		}
	}
	return errors.New("was not killed")
}

func TestCrashKeepsAcknowledgedAppends(t *testing.T) {
	if os.Getenv(crashEnvDB) != "" {
		t.Skip("in the child process")
	}
	if testing.Short() {
		t.Skip("skipping the crash test in short mode")
	}
	const kills = 50
	dir := t.TempDir()
	path, ackPath := filepath.Join(dir, "crash.db"), filepath.Join(dir, "acks")
	source := ""
	if fixtureDirExists() {
		source = filepath.Join(fixtureDir(t), crashFixture)
	} else {
		t.Log("the shared fixtures are absent: appending synthetic actions")
	}
	cs, err := loadCrashSource(source)
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("random seed %d", seed)
	st := &crashState{checked: map[storage.GameID]bool{}}
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashEnvDB+"="+path, crashEnvAcks+"="+ackPath,
			crashEnvSource+"="+source, crashEnvImport+"="+strconv.Itoa(i%2), crashEnvCommit+"="+strconv.Itoa(i/2%2))
		out := &readyWriter{ready: make(chan struct{})}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Every fifth kill comes early, often while the database is being
		// opened or migrated; the others come once it is open, during an
		// import or the appends.
		if i%5 == 0 {
			time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
		} else {
			select {
			case <-out.ready:
			case <-time.After(10 * time.Second):
				t.Errorf("kill %d: the child did not open the database in 10s", i)
			}
			time.Sleep(time.Duration(rng.IntN(100)) * time.Millisecond)
		}
		cmd.Process.Kill() // SIGKILL
		if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
			t.Fatalf("kill %d: the child ended on its own (%v):\n%s", i, err, out.buf.Bytes())
		}
		st.verify(t, i, path, ackPath, cs)
	}
	maxSeq, imports := readAcks(t, ackPath)
	t.Logf("%d kills: %d rows acknowledged", kills, maxSeq)
	if cs.full != nil {
		t.Logf("%d of %d whole-game imports acknowledged (the others were killed midway)", len(imports), kills/2)
	}
}

// crashReady is the line the child prints once the database is open.
const crashReady = "crash child: database open"

// readyWriter collects the child's output and closes ready when the child
// says the database is open.
type readyWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	ready chan struct{}
}

func (w *readyWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	had := bytes.Contains(w.buf.Bytes(), []byte(crashReady))
	w.buf.Write(p)
	if !had && bytes.Contains(w.buf.Bytes(), []byte(crashReady)) {
		close(w.ready)
	}
	return len(p), nil
}

// fixtureDirExists reports whether the shared fixtures are present.
func fixtureDirExists() bool {
	for _, d := range fixtureDirs {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			return true
		}
	}
	return false
}

// crashState is what the crash test knows between kills.
type crashState struct {
	checked map[storage.GameID]bool // imports verified whole
	maxSeq  int                     // the highest acknowledged seq
	// unacked is how many rows the children may have committed without
	// acknowledging them, one write each (an append's one row or a move's
	// two): those since the last one that acknowledged maxSeq.
	unacked int
}

// verify checks the database after kill number i: it opens cleanly, holds
// every acknowledged append and import, and nothing half-written.
func (st *crashState) verify(t *testing.T, i int, path, ackPath string, cs *crashSource) {
	t.Helper()
	checked := st.checked
	ctx := context.Background()
	maxSeq, imports := readAcks(t, ackPath)
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("kill %d: reopen: %v", i, err)
	}
	defer db.Close()
	if err := db.Check(ctx); err != nil {
		t.Fatalf("kill %d: %v", i, err)
	}
	n := 0
	if g, err := db.OpenGame(ctx, crashChannel); err == nil {
		ld, err := db.Load(ctx, g.ID)
		if err != nil {
			t.Fatalf("kill %d: load: %v", i, err)
		}
		for _, e := range ld.Entries {
			if !bytes.Equal(e.Action, cs.action(e.Seq)) {
				t.Fatalf("kill %d: seq %d holds %s, want %s", i, e.Seq, e.Action, cs.action(e.Seq))
			}
		}
		n = len(ld.Entries)
		checkMoves(t, i, db, g.ID, ld.Entries)
	} else if !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("kill %d: %v", i, err)
	}
	if maxSeq > st.maxSeq {
		st.maxSeq, st.unacked = maxSeq, 0
	}
	st.unacked += 1 + i/2%2
	if n < maxSeq || n > maxSeq+st.unacked {
		t.Fatalf("kill %d: the log has %d actions; %d were acknowledged, and at most %d more may have committed unacknowledged",
			i, n, maxSeq, st.unacked)
	}
	games, err := db.ListGames(ctx, storage.Filter{Statuses: []storage.Status{storage.Finished}})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		if checked[g.ID] {
			continue
		}
		ld, err := db.Load(ctx, g.ID)
		if err != nil {
			t.Fatalf("kill %d: imported game %d: %v", i, g.ID, err)
		}
		if len(ld.Entries) != len(cs.raw) || len(ld.Seats) != len(cs.full.Players) {
			t.Fatalf("kill %d: imported game %d is half there: %d of %d actions", i, g.ID, len(ld.Entries), len(cs.raw))
		}
		checked[g.ID] = true
	}
	for _, id := range imports {
		if !checked[id] {
			t.Fatalf("kill %d: acknowledged import %d is missing", i, id)
		}
	}
}

// checkMoves fails the test unless every row the children wrote as a move
// is in a whole move whose event is remembered, and every remembered event
// has its whole move in the log es.
func checkMoves(t *testing.T, i int, db *DB, id storage.GameID, es []storage.Entry) {
	t.Helper()
	rows, err := db.r.Query("SELECT event_id, seq FROM move_events WHERE game_id = ?", id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	covered := map[int]bool{}
	for rows.Next() {
		var ev string
		var last int
		if err := rows.Scan(&ev, &last); err != nil {
			t.Fatal(err)
		}
		first, err := strconv.Atoi(strings.TrimPrefix(ev, "m"))
		if err != nil || last != first+1 || last > len(es) {
			t.Fatalf("kill %d: event %s is remembered as answered at seq %d, with a log of %d", i, ev, last, len(es))
		}
		for seq := first; seq <= last; seq++ {
			if es[seq-1].UserID != crashMover {
				t.Fatalf("kill %d: event %s: seq %d was not written by its move", i, ev, seq)
			}
			covered[seq] = true
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		if e.UserID == crashMover && !covered[e.Seq] {
			t.Fatalf("kill %d: seq %d is half a move: no event answered by it is remembered", i, e.Seq)
		}
	}
}

// readAcks returns the highest acknowledged seq and the acknowledged imports;
// a last line cut short by the kill does not count.
func readAcks(t *testing.T, path string) (maxSeq int, imports []storage.GameID) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
	} else {
		b = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if id, ok := strings.CutPrefix(line, "import "); ok {
			n, err := strconv.ParseInt(id, 10, 64)
			if err != nil {
				t.Fatalf("ack %q: %v", line, err)
			}
			imports = append(imports, storage.GameID(n))
			continue
		}
		seq, err := strconv.Atoi(line)
		if err != nil {
			t.Fatalf("ack %q: %v", line, err)
		}
		// A kill may skip acknowledgements, never repeat one.
		if seq <= maxSeq {
			t.Fatalf("seq %d acknowledged after seq %d", seq, maxSeq)
		}
		maxSeq = seq
	}
	return maxSeq, imports
}
