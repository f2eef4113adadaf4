package multiproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// buildPbc builds the pbc command into a temporary folder.
func buildPbc(t testing.TB) string {
	t.Helper()
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		if goTool, err = exec.LookPath("go"); err != nil {
			t.Skip("skipping: no go tool to build pbc with")
		}
	}
	bin := filepath.Join(t.TempDir(), "pbc")
	cmd := exec.Command(goTool, "build", "-o", bin, "pbc/cmd/pbc")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building pbc: %v\n%s", err, out)
	}
	return bin
}

// proc is one pbc process, restarted after each kill; its playground's
// address and the players' sessions change with each start (gen).
type proc struct {
	n      int
	bin    string
	db     string
	tick   string
	logDir string

	mu      sync.Mutex
	cmd     *exec.Cmd
	exited  chan struct{}
	base    string // http://127.0.0.1:PORT, "" while down
	gen     int
	cookies map[string]string // user → session token, for this gen
	onStart func(p *proc, gen int, base string)
}

// playgroundURL is the address the playground prints at start.
var playgroundURL = regexp.MustCompile(`open (http://127\.0\.0\.1:\d+)/`)

// childEnv is this process's environment without pbc's own settings and
// platform tokens, so that the children only see what they are given.
func childEnv(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "PBC_") || strings.HasPrefix(k, "DISCORD_") || strings.HasPrefix(k, "SLACK_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, extra...)
}

// start runs the process and waits for its playground to listen.
func (p *proc) start() error {
	p.mu.Lock()
	gen := p.gen + 1
	p.mu.Unlock()
	logf, err := os.OpenFile(filepath.Join(p.logDir, fmt.Sprintf("pbc%d.log", p.n)), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	fmt.Fprintf(logf, "---- start %d\n", gen)
	cmd := exec.Command(p.bin, "--db", p.db, "--listen", "127.0.0.1:0", "--reminder-tick", p.tick, "--log-level", "warn")
	cmd.Env = childEnv("PBC_PLAYGROUND_ADMINS=admin")
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		logf.Close()
		return err
	}
	if err := cmd.Start(); err != nil {
		logf.Close()
		return fmt.Errorf("starting pbc %d: %w", p.n, err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		logf.Close()
		close(exited)
	}()
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
		_, _ = io.Copy(io.Discard, out)
	}()
	var base string
	select {
	case base = <-found:
	case <-exited:
		return fmt.Errorf("pbc %d stopped before its playground listened (see its log)", p.n)
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
		return fmt.Errorf("pbc %d: no playground address after 20 s", p.n)
	}
	p.mu.Lock()
	p.cmd, p.exited, p.base, p.gen, p.cookies = cmd, exited, base, gen, map[string]string{}
	hook := p.onStart
	p.mu.Unlock()
	if hook != nil {
		hook(p, gen, base)
	}
	return nil
}

// view is the process's address and generation; ok is false while it is down.
func (p *proc) view() (base string, gen int, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.base, p.gen, p.base != ""
}

// kill stops the process with SIGKILL and waits for it to be gone.
func (p *proc) kill() {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.base = ""
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGKILL)
	<-exited
}

// stop ends the process with SIGTERM (SIGKILL after 10 s).
func (p *proc) stop() {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.base = ""
	p.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
	}
}

// errDown is a request to a process that is not running.
var errDown = errors.New("process down")

// cluster is the processes of one test and the HTTP client to them.
type cluster struct {
	procs  []*proc
	client *client
}

// startCluster starts n processes on db.
func startCluster(t testing.TB, bin, db string, n int, tick string, onStart func(p *proc, gen int, base string)) *cluster {
	t.Helper()
	c := &cluster{client: newClient()}
	dir := t.TempDir()
	for i := range n {
		p := &proc{n: i, bin: bin, db: db, tick: tick, logDir: dir, onStart: onStart}
		c.procs = append(c.procs, p)
	}
	errs := make(chan error, n)
	for _, p := range c.procs {
		go func() { errs <- p.start() }()
	}
	for range n {
		if err := <-errs; err != nil {
			c.stop()
			t.Fatal(err, "\n", c.logs())
		}
	}
	t.Cleanup(c.stop)
	return c
}

// stop ends every process.
func (c *cluster) stop() {
	var wg sync.WaitGroup
	for _, p := range c.procs {
		wg.Go(p.stop)
	}
	wg.Wait()
}

// logs is the tail of every process's log, for a failure's message.
func (c *cluster) logs() string {
	var b strings.Builder
	for _, p := range c.procs {
		data, _ := os.ReadFile(filepath.Join(p.logDir, fmt.Sprintf("pbc%d.log", p.n)))
		if len(data) > 3000 {
			data = data[len(data)-3000:]
		}
		fmt.Fprintf(&b, "== pbc %d log (tail):\n%s\n", p.n, data)
	}
	return b.String()
}

// until runs f until ctx ends, waiting d between calls.
func until(ctx context.Context, d time.Duration, f func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			f()
		}
	}
}
