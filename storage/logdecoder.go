package storage

import (
	"fmt"
	"runtime"
	"sync"

	"pbc/engine/action"
)

// decodeBatch is how many rows a LogDecoder worker takes at a time: enough
// to make handing them over cheap, few enough that all CPUs get some of a
// short log.
const decodeBatch = 64

// LogDecoder decodes a game's log rows on all CPUs while they are added, so
// that decoding a log overlaps reading it from storage. Add and Finish are
// called by one goroutine, the rows in seq order; Finish must be called, or
// the workers wait for rows forever.
type LogDecoder struct {
	id      GameID
	entries []Entry
	sent    int // entries[:sent] are handed to workers
	gap     error
	batches []*batch
	work    chan *batch
	workers int
	wg      sync.WaitGroup
}

// batch is a run of rows a worker decodes.
type batch struct {
	entries []Entry // a view of the decoder's entries, never written again
	actions []action.Action
	err     error // the first bad row's
}

// NewLogDecoder returns a decoder of game id's log.
func NewLogDecoder(id GameID) *LogDecoder {
	return &LogDecoder{id: id, work: make(chan *batch, 64)}
}

// Add adds the log's next row and hands full batches to the workers.
func (d *LogDecoder) Add(e Entry) {
	n := len(d.entries)
	if e.Seq != n+1 && d.gap == nil {
		d.gap = &CorruptError{Game: d.id, Seq: n + 1,
			Reason: fmt.Sprintf("missing: the log goes from seq %d to seq %d", n, e.Seq)}
	}
	d.entries = append(d.entries, e)
	if len(d.entries)-d.sent == decodeBatch {
		d.send()
	}
}

// send hands the rows not yet sent to a worker, starting one if all CPUs
// are not busy yet. Appends after it may move d.entries, but never write
// the elements the batch sees.
func (d *LogDecoder) send() {
	if d.gap != nil { // the log is reported as it is: no need to decode more
		d.sent = len(d.entries)
		return
	}
	b := &batch{entries: d.entries[d.sent:len(d.entries):len(d.entries)]}
	d.sent = len(d.entries)
	d.batches = append(d.batches, b)
	if d.workers < runtime.GOMAXPROCS(0) {
		d.workers++
		d.wg.Go(func() {
			for b := range d.work {
				b.decode(d.id)
			}
		})
	}
	d.work <- b
}

// decode decodes the batch's rows, stopping at the first bad one.
func (b *batch) decode(id GameID) {
	b.actions = make([]action.Action, len(b.entries))
	for i, e := range b.entries {
		if b.actions[i], b.err = DecodeEntry(id, e); b.err != nil {
			return
		}
	}
}

// Finish waits for the decoding and returns the rows added and their
// actions. The first missing row, or else the first bad one, is a
// *CorruptError. The decoder is done with after it.
func (d *LogDecoder) Finish() ([]Entry, []action.Action, error) {
	if d.sent < len(d.entries) {
		d.send()
	}
	close(d.work)
	d.wg.Wait()
	if d.gap != nil {
		return d.entries, nil, d.gap
	}
	actions := make([]action.Action, 0, len(d.entries))
	for _, b := range d.batches {
		if b.err != nil {
			return d.entries, nil, b.err
		}
		actions = append(actions, b.actions...)
	}
	return d.entries, actions, nil
}
