package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"pbc/bot/local"
	"pbc/session"
)

// envMemory is the process's memory budget: one setting for the whole
// process, which sets its Go memory limit and sizes every cache that grows
// with the number of tables.
const envMemory = "PBC_MEMORY"

// defaultMemory suits a small server (a 1 GB machine, or a container
// given 768 MB): one process holding a thousand started tables stays
// well under 600 MB resident.
const defaultMemory = 448 << 20

// memoryFlag declares --memory.
func memoryFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("memory", getenv(envMemory), "the process's memory `budget`, e.g. 448MiB or 1GiB: its Go memory limit, "+
		"shared by the caches of tables, pictures and channel histories (default 448MiB) ["+envMemory+"]")
}

// parseBytes reads a size: a number of bytes, or one with a unit (KiB,
// MiB, GiB, or KB, MB, GB as the same powers of two).
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return defaultMemory, nil
	}
	num := strings.TrimRightFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	unit := strings.ToLower(strings.TrimSpace(s[len(num):]))
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %q is not a size such as 448MiB or 1GiB", envMemory, s)
	}
	shift := map[string]uint{"": 0, "b": 0, "k": 10, "kb": 10, "kib": 10, "m": 20, "mb": 20, "mib": 20, "g": 30, "gb": 30, "gib": 30}
	sh, ok := shift[unit]
	if !ok || n <= 0 || n > 1<<(62-sh) {
		return 0, fmt.Errorf("%s: %q is not a size such as 448MiB or 1GiB", envMemory, s)
	}
	n <<= sh
	if n < 128<<20 {
		return 0, fmt.Errorf("%s: %s is too little for the bot; give it 128MiB or more", envMemory, s)
	}
	return n, nil
}

// budget is the process's memory split among what grows with tables.
// The parts are shares of one whole and add up to about two thirds of it:
// the rest is for what runs (messages in hand, the store, the runtime).
type budget struct {
	Total    int64
	Sessions int64 // live tables (session.Options.Memory)
	Canvases int64 // map canvases kept to redraw what changed (session.Options.Pictures)
	Drawings int64 // pictures being drawn (session.SetRenderMemory)
	Images   int64 // the playground's pictures kept for its pages
	History  int64 // the playground's channel histories
}

// split shares total out.
func split(total int64) budget {
	return budget{Total: total, Sessions: total * 25 / 100, Canvases: total * 7 / 100, Drawings: total * 29 / 100,
		Images: total * 7 / 100, History: total * 5 / 100}
}

// applyMemoryLimit makes the budget the process's Go memory limit, so that
// the collector works harder as it is approached instead of letting
// garbage double what is live; GOMEMLIMIT in the environment wins. The
// returned func restores the previous limit (tests serve in one process).
func applyMemoryLimit(total int64) (restore func()) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(total)
	return func() { debug.SetMemoryLimit(prev) }
}

// sessionOptions and playgroundBudget give each part its share.
func (b budget) sessionOptions(o session.Options) session.Options {
	o.Memory, o.Pictures = b.Sessions, b.Canvases
	return o
}

func (b budget) playground(o local.Options) local.Options {
	o.ImageBytes, o.HistoryBytes = b.Images, b.History
	return o
}
