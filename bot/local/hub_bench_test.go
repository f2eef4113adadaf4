package local

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkHubManyChannels publishes a few events to each of 40,000
// channels, as a script making channels would, and reports the heap the
// hub still holds: with the cap (DefaultMaxChannels) and without one.
func BenchmarkHubManyChannels(b *testing.B) {
	for _, c := range []struct {
		name string
		max  int
	}{{"capped", DefaultMaxChannels}, {"uncapped", 1 << 30}} {
		b.Run(c.name, func(b *testing.B) {
			text := strings.Repeat("x", 80)
			var held float64
			for range b.N {
				before := heapInUse()
				h := newHub(c.max, time.Hour, time.Now)
				for i := range 40000 {
					ch := "channel-" + strconv.Itoa(i)
					for range 3 {
						h.publish(Event{Channel: ch, From: "alice", Text: text})
					}
				}
				held = float64(heapInUse()-before) / (1 << 20)
				runtime.KeepAlive(h)
			}
			b.ReportMetric(held, "MB-held")
		})
	}
}

// heapInUse is the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}
