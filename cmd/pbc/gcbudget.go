package main

import (
	"os"
	"runtime/debug"
)

// oneShotHeap is the most a one-shot command's heap grows before the
// collector runs after all.
const oneShotHeap = 256 << 20

// oneShotGC lets a short command run without collecting garbage until its
// heap reaches oneShotHeap: a replay allocates a few megabytes and exits,
// and collecting them as it goes was a fifth of its work. GOGC or
// GOMEMLIMIT in the environment win. The returned func restores the
// previous settings (tests run commands in one process).
func oneShotGC() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	limit := debug.SetMemoryLimit(oneShotHeap)
	percent := debug.SetGCPercent(-1)
	return func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}
}
