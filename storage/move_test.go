package storage

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestPrepareMove(t *testing.T) {
	pass := []byte(`{ "type": "pass" }`)
	e := func(seq int) Entry { return Entry{Seq: seq, Action: pass} }
	cases := []struct {
		name string
		m    Move
		want error // nil: accepted
	}{
		{"one entry", Move{Entries: []Entry{e(3)}}, nil},
		{"consecutive entries", Move{Entries: []Entry{e(3), e(4), e(5)}, EventID: "i-1"}, nil},
		{"a seat change alone", Move{Seats: []SeatChange{{Order: 0, UserID: "u"}}}, nil},
		{"an event alone", Move{EventID: "i-2"}, nil},
		{"a finish alone", Move{Finish: &Finish{Reason: "bank"}}, nil},
		{"nothing", Move{}, ErrInvalid},
		{"seq 0", Move{Entries: []Entry{e(0)}}, ErrInvalid},
		{"a gap", Move{Entries: []Entry{e(3), e(5)}}, ErrInvalid},
		{"a repeated seq", Move{Entries: []Entry{e(3), e(3)}}, ErrInvalid},
		{"bad action JSON", Move{Entries: []Entry{e(3), {Seq: 4, Action: []byte(`{"type"`)}}}, ErrInvalid},
		{"an action without a type", Move{Entries: []Entry{{Seq: 1, Action: []byte(`{"entity":1}`)}}}, ErrInvalid},
		{"a seat changed twice", Move{Seats: []SeatChange{{Order: 1}, {Order: 1, UserID: "u"}}}, ErrInvalid},
		{"a huge event id", Move{EventID: strings.Repeat("x", 1000)}, ErrInvalid},
	}
	now := time.Unix(1e9, 0)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := append([]Entry(nil), c.m.Entries...)
			got, err := PrepareMove(c.m, now)
			if c.want != nil {
				if !errors.Is(err, c.want) {
					t.Fatalf("PrepareMove: %v, want %v", err, c.want)
				}
				return
			}
			if err != nil {
				t.Fatalf("PrepareMove: %v", err)
			}
			for i, e := range got.Entries {
				if string(e.Action) != `{"type":"pass"}` || !e.At.Equal(now) || e.Seq != in[i].Seq {
					t.Errorf("prepared entry %d: %+v", i, e)
				}
				if string(c.m.Entries[i].Action) != string(pass) || !c.m.Entries[i].At.IsZero() {
					t.Errorf("PrepareMove changed the caller's entry %d: %+v", i, c.m.Entries[i])
				}
			}
		})
	}
}
