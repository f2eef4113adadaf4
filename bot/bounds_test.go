package bot

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pbc/engine/action"
	"pbc/storage"
)

// The load of TestConcurrentMaps: mapRequests `map` commands at once, one
// each in mapChannels channels (each its own game, so their drawings are
// not serialised by the channel's lane) and the rest in one crowded
// channel, whose queue must overflow.
const (
	mapRequests = 100
	mapChannels = 60
	// maxLoadRSS is the peak resident memory the load may take.
	maxLoadRSS = 1 << 30
	// envMapLoad runs the load itself, in a child process.
	envMapLoad = "PBC_TEST_MAP_LOAD"
)

// TestConcurrentMaps fires 100 concurrent `map` requests at one core over
// a real SQLite store, in a process of its own so that its peak resident
// memory is the load's: it must stay under 1 GB, and every request must be
// answered with the map or a "busy" notice.
func TestConcurrentMaps(t *testing.T) {
	if os.Getenv(envMapLoad) != "" {
		mapLoad(t)
		return
	}
	if testing.Short() {
		t.Skip("skipping: draws some sixty maps")
	}
	if raceDetector {
		t.Skip("skipping: the race detector multiplies the memory a process takes")
	}
	fixture(t, benchPNW) // skips without the fixtures
	cmd := exec.Command(os.Args[0], "-test.run=^TestConcurrentMaps$", "-test.v")
	cmd.Env = append(os.Environ(), envMapLoad+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the load failed: %v\n%s", err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Fatal("no resource usage of the load's process")
	}
	rss := ru.Maxrss << 10 // kilobytes on Linux
	m := regexp.MustCompile(`peak heap in use (\d+) MB, sys (\d+) MB; (\d+) maps, (\d+) busy`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("the load did not report its figures:\n%s", out)
	}
	t.Logf("peak RSS %d MB; %s", rss>>20, m[0])
	if rss >= maxLoadRSS {
		t.Errorf("peak RSS %d MB, want under %d MB", rss>>20, maxLoadRSS>>20)
	}
}

// mapLoad is the load of TestConcurrentMaps, run in the child process.
func mapLoad(t *testing.T) {
	full := fixture(t, benchPNW)
	eff, err := action.Effective(full.Actions)
	if err != nil {
		t.Fatal(err)
	}
	cut := cutLog(full, eff, len(eff)*9/10)
	st := openStore(t)
	ctx := context.Background()
	chans := make([]storage.Channel, mapChannels)
	for i := range chans {
		chans[i] = storage.Channel{Platform: storage.Local, ID: fmt.Sprintf("load-%d", i)}
		if _, err := st.Import(ctx, chans[i], benchCreator, cut); err != nil {
			t.Fatal(err)
		}
	}
	// The default job timeout would turn the last drawings of a slow or
	// busy machine into "took too long": this load is about memory, and
	// the test's own timeout bounds it.
	quiet := slog.New(slog.DiscardHandler)
	c := New(Options{Store: st, Commands: &Dispatcher{Store: st, Log: quiet}, Logger: quiet, JobTimeout: time.Hour})
	defer c.Close(context.Background())

	peak := sampleMemory()
	var wg sync.WaitGroup
	replies := make([][]Reply, mapRequests)
	for i := range mapRequests {
		ch := chans[0]
		if i < mapChannels {
			ch = chans[i]
		}
		w := &replyWait{done: make(chan struct{})}
		wg.Go(func() {
			<-w.done
			replies[i] = w.replies
		})
		c.Submit(Message{Channel: ch, User: User{ID: "watcher", Name: "watcher"}, Text: "map", Respond: w})
	}
	wg.Wait()
	inuse, sys := peak()
	maps, busy := 0, 0
	for i, rs := range replies {
		switch {
		case len(rs) == 1 && len(rs[0].Images) == 1 && rs[0].Images[0].Name == "map.png":
			maps++
		case len(rs) == 1 && rs[0].Ephemeral && strings.Contains(rs[0].Text, "busy"):
			busy++
		default:
			t.Errorf("request %d: answered %d times, first %.200v", i, len(rs), rs)
		}
	}
	if maps < mapChannels {
		t.Errorf("%d maps drawn, want at least one in each of the %d channels", maps, mapChannels)
	}
	fmt.Printf("peak heap in use %d MB, sys %d MB; %d maps, %d busy\n", inuse>>20, sys>>20, maps, busy)
}

// sampleMemory samples the heap every few milliseconds until the returned
// function is called, which returns the peak heap in use and the peak
// memory obtained from the system.
func sampleMemory() func() (inuse, sys uint64) {
	stop := make(chan struct{})
	done := make(chan struct{})
	var inuse, sys uint64
	go func() {
		defer close(done)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			inuse, sys = max(inuse, ms.HeapInuse), max(sys, ms.Sys)
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	return func() (uint64, uint64) {
		close(stop)
		<-done
		return inuse, sys
	}
}
