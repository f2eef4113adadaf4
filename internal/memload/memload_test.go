// Package memload measures one playground process holding many tables:
// each channel a started 1822PNW game that drew its map. It has no code of
// its own beyond its test, which runs only when asked (PBC_MEMLOAD).
package memload

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoryWithManyTables starts pbc's playground on a fresh SQLite file
// and sets up channels 8 at a time, each a 1822PNW game started by three
// players (its start draws the map and the market), reporting the
// process's resident memory (now and peak) at each count asked for:
//
//	PBC_MEMLOAD=500,1000,2000 go test ./internal/memload -run Memory -v -timeout 2h
//
// PBC_MEMLOAD_BIN runs that binary instead of building this tree's;
// PBC_MEMLOAD_ENV adds environment settings (comma-separated K=V).
// Loopback only; every request must be answered.
func TestMemoryWithManyTables(t *testing.T) {
	spec := os.Getenv("PBC_MEMLOAD")
	if spec == "" {
		t.Skip("set PBC_MEMLOAD=500,1000,2000 to measure the memory of a process with that many tables")
	}
	var marks []int
	for _, f := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 || n > 20000 {
			t.Fatalf("PBC_MEMLOAD: %q is not a count of tables from 1 to 20000", f)
		}
		marks = append(marks, n)
	}
	bin := os.Getenv("PBC_MEMLOAD_BIN")
	if bin == "" {
		bin = build(t)
	}
	dir := t.TempDir()
	cmd := exec.Command(bin, "--db", filepath.Join(dir, "pbc.db"), "--listen", "127.0.0.1:0", "--log-level", "warn")
	cmd.Env = os.Environ()
	for _, kv := range strings.Split(os.Getenv("PBC_MEMLOAD_ENV"), ",") {
		if kv = strings.TrimSpace(kv); kv != "" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	logf, err := os.Create(filepath.Join(dir, "pbc.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	base := playground(t, out)
	pid := cmd.Process.Pid

	var peak atomic.Int64
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			if rss := statusKB(pid, "VmRSS"); rss > peak.Load() {
				peak.Store(rss)
			}
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
		}
	}()

	users := []string{"ann", "ben", "cy"}
	clients := map[string]*http.Client{}
	for _, u := range users {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar, Timeout: 5 * time.Minute}
		if code, body := post(c, base+"api/login", map[string]any{"name": u}); code != http.StatusOK {
			t.Fatalf("login %s: %d %s", u, code, body)
		}
		clients[u] = c
	}
	var failed atomic.Int64
	var firstErr sync.Once
	setUp := func(ch string) {
		for _, step := range []struct{ user, text string }{{"ann", "new 1822PNW"}, {"ben", "join"}, {"cy", "join"}, {"ann", "start"}} {
			code, body := post(clients[step.user], base+"api/send", map[string]any{"channel": ch, "text": step.text, "wait": true})
			ok := code == http.StatusOK
			if ok && step.text == "start" {
				ok = bytes.Contains(body, []byte(`/map`)) || bytes.Contains(body, []byte(`"images"`))
			}
			if !ok {
				failed.Add(1)
				firstErr.Do(func() { t.Errorf("%s %q in %s: %d %.300s", step.user, step.text, ch, code, body) })
				return
			}
		}
	}
	started := time.Now()
	done := 0
	for _, mark := range marks {
		next := make(chan int)
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					setUp(fmt.Sprintf("t%05d", i))
				}
			}()
		}
		for ; done < mark; done++ {
			next <- done
		}
		close(next)
		wg.Wait()
		t.Logf("%5d tables: RSS %4d MB now, %4d MB peak (VmHWM %4d MB); %d failed; %v", done,
			statusKB(pid, "VmRSS")>>10, peak.Load()>>10, statusKB(pid, "VmHWM")>>10, failed.Load(),
			time.Since(started).Round(time.Second))
	}
	if n := failed.Load(); n > 0 {
		t.Errorf("%d tables were not set up: not every request was answered", n)
	}
}

var (
	playgroundURL = regexp.MustCompile(`(http://127\.0\.0\.1:\d+/)`)
)

// playground reads the process's output until it says its address.
func playground(t *testing.T, out io.Reader) string {
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := playgroundURL.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("the playground did not start")
	}
	return ""
}

// post sends a JSON body and returns the status and the answer.
func post(c *http.Client, u string, body any) (int, []byte) {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return 0, []byte(err.Error())
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// statusKB is a field of /proc/PID/status, in kB (0 if absent).
func statusKB(pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// build builds the pbc command into a temporary folder.
func build(t *testing.T) string {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		if goTool, err = exec.LookPath("go"); err != nil {
			t.Skip("no go tool to build pbc with")
		}
	}
	bin := filepath.Join(t.TempDir(), "pbc")
	if out, err := exec.Command(goTool, "build", "-o", bin, "pbc/cmd/pbc").CombinedOutput(); err != nil {
		t.Fatalf("building pbc: %v\n%s", err, out)
	}
	return bin
}
