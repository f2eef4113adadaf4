package action

import (
	"bytes"
	"encoding/json"
	"path"
	"runtime"
	"strings"
	"testing"
)

// benchLogs are the largest fixture of each title.
var benchLogs = []string{
	"1822PNW/1822PNW_game_end_stock_market.json",
	"1822CA/1822CA_game_end_bank.json",
}

// benchName is a fixture's title folder, the name of its sub-benchmark.
func benchName(fixture string) string { return path.Dir(fixture) }

func BenchmarkReadGameLog(b *testing.B) {
	for _, fixture := range benchLogs {
		b.Run(benchName(fixture), func(b *testing.B) {
			data := readFixture(b, fixture)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := ReadGameLog(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkUnmarshalAny is the yardstick of BenchmarkReadGameLog: the
// standard library decoding the same bytes into generic values.
func BenchmarkUnmarshalAny(b *testing.B) {
	for _, fixture := range benchLogs {
		b.Run(benchName(fixture), func(b *testing.B) {
			data := readFixture(b, fixture)
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecodeAction decodes every action of a log one by one, as storage
// decodes its rows; one op is the whole log.
func BenchmarkDecodeAction(b *testing.B) {
	for _, fixture := range benchLogs {
		b.Run(benchName(fixture), func(b *testing.B) {
			var game struct{ Actions []json.RawMessage }
			if err := json.Unmarshal(readFixture(b, fixture), &game); err != nil {
				b.Fatal(err)
			}
			size := 0
			for _, raw := range game.Actions {
				size += len(raw)
			}
			b.ReportAllocs()
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, raw := range game.Actions {
					if _, err := Decode(raw); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkGameLogHeap reports the heap a decoded log keeps alive
// ("heap-B/log") and its ratio to the size of the JSON ("heap/json").
func BenchmarkGameLogHeap(b *testing.B) {
	const copies = 20
	for _, fixture := range benchLogs {
		b.Run(benchName(fixture), func(b *testing.B) {
			data := readFixture(b, fixture)
			var total float64
			for b.Loop() {
				logs := make([]*GameLog, copies)
				before := heapAlloc()
				for i := range logs {
					l, err := ReadGameLog(bytes.NewReader(data))
					if err != nil {
						b.Fatal(err)
					}
					logs[i] = l
				}
				after := heapAlloc()
				runtime.KeepAlive(logs)
				total += float64(after-before) / copies
			}
			perLog := total / float64(b.N)
			b.ReportMetric(perLog, "heap-B/log")
			b.ReportMetric(perLog/float64(len(data)), "heap/json")
		})
	}
}

// heapAlloc returns the live heap after a full collection.
func heapAlloc() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestBenchLogsNamed keeps the benchmark fixtures' sub-benchmark names apart.
func TestBenchLogsNamed(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range benchLogs {
		n := benchName(f)
		if seen[n] || strings.Contains(n, "/") {
			t.Errorf("fixture %s: sub-benchmark name %q is not unique", f, n)
		}
		seen[n] = true
	}
}
