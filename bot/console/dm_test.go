package console

import (
	"bytes"
	"context"
	"testing"

	"pbc/bot"
	"pbc/storage"
)

func TestDMIsPrintedForItsUser(t *testing.T) {
	var out bytes.Buffer
	a := New(Options{Out: &out})
	ch := storage.Channel{Platform: storage.Local, ID: "c"}
	if err := a.DM(context.Background(), ch, "bob", bot.Reply{Text: "It is your turn in #c.", Ephemeral: true}); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "pbc (direct to @bob): It is your turn in #c.\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}
