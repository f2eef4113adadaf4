package storage

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"pbc/engine/action"
)

func TestLogDecoder(t *testing.T) {
	msg := func(seq int) Entry {
		return Entry{Seq: seq, Action: fmt.Appendf(nil, `{"type":"message","entity":1,"entity_type":"player","id":%d,"message":"m"}`, seq)}
	}
	cases := []struct {
		name    string
		n       int
		bad     []int // seqs to spoil
		skip    int   // a seq left out, 0 for none
		wantSeq int   // the reported row, 0 for none
		missing bool
	}{
		{name: "empty", n: 0},
		{name: "one row", n: 1},
		{name: "a batch but one", n: decodeBatch - 1},
		{name: "one batch", n: decodeBatch},
		{name: "a batch and one", n: decodeBatch + 1},
		{name: "a long log", n: 1500},
		{name: "a bad row in the last batch", n: 1500, bad: []int{1499}, wantSeq: 1499},
		{name: "the first of two bad rows", n: 1500, bad: []int{1000, 70}, wantSeq: 70},
		{name: "a bad first row", n: 3, bad: []int{1}, wantSeq: 1},
		{name: "a gap", n: 200, skip: 130, wantSeq: 130, missing: true},
		{name: "a gap after a bad row", n: 200, bad: []int{5}, skip: 130, wantSeq: 130, missing: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := NewLogDecoder(4)
			added := 0
			for seq := 1; seq <= c.n; seq++ {
				if seq == c.skip {
					continue
				}
				e := msg(seq)
				for _, b := range c.bad {
					if b == seq {
						e.Action = []byte(`{"type":"message","id":"x"}`)
					}
				}
				d.Add(e)
				added++
			}
			entries, actions, err := d.Finish()
			if len(entries) != added {
				t.Errorf("%d entries back, want %d", len(entries), added)
			}
			if c.wantSeq != 0 {
				var ce *CorruptError
				if !errors.As(err, &ce) || ce.Game != 4 || ce.Seq != c.wantSeq || strings.HasPrefix(ce.Reason, "missing") != c.missing {
					t.Fatalf("Finish: %v, want a corrupt row at seq %d (missing %v)", err, c.wantSeq, c.missing)
				}
				return
			}
			if err != nil || len(actions) != c.n {
				t.Fatalf("Finish: %d actions, %v; want %d", len(actions), err, c.n)
			}
			for i, a := range actions {
				if m, ok := a.(*action.Message); !ok || m.ID != i+1 || entries[i].Seq != i+1 {
					t.Fatalf("action %d: %#v", i, a)
				}
			}
		})
	}
}
