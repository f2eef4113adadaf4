package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"pbc/storage"
)

// testChatHistory: a playground channel's messages are kept, newest last,
// bounded per channel, and seen by another process (as after a restart).
func testChatHistory(t *testing.T, open Open) {
	st, another := open(t)
	db, ok := st.(storage.ChatHistory)
	if !ok {
		t.Fatalf("%T does not keep chat history (storage.ChatHistory)", st)
	}
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Millisecond)
	for i := 1; i <= 12; i++ {
		for _, ch := range []string{"a", "b"} {
			e := storage.ChatEvent{Channel: ch, ID: int64(2*i + len(ch)), At: at, Data: []byte(fmt.Sprintf(`{"n":%d}`, i))}
			if err := db.AppendChat(ctx, e, 5); err != nil {
				t.Fatal(err)
			}
		}
	}
	other := another().(storage.ChatHistory)
	got, err := other.ChatHistory(ctx, "a", 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 5 || string(got[0].Data) != `{"n":8}` || string(got[4].Data) != `{"n":12}` || !got[4].At.Equal(at) {
		t.Errorf("channel a keeps %d messages (%+v): want the 5 newest, oldest first", len(got), got)
	}
	if got, _ := other.ChatHistory(ctx, "a", 2); len(got) != 2 || string(got[1].Data) != `{"n":12}` {
		t.Errorf("the 2 newest: %+v", got)
	}
	if got, _ := other.ChatHistory(ctx, "none", 10); len(got) != 0 {
		t.Errorf("a channel with no history: %+v", got)
	}
	if id, err := other.LastChatID(ctx); err != nil || id != 2*12+1 {
		t.Errorf("LastChatID = %d, %v; want 25", id, err)
	}
}
