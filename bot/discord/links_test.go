package discord

import (
	"testing"

	"pbc/storage"
)

func TestChannelLink(t *testing.T) {
	a := &Adapter{}
	ch := storage.Channel{Platform: storage.Discord, Workspace: "G1", ID: "123"}
	if got := a.ChannelLink(ch); got != "<#123>" {
		t.Errorf("ChannelLink(%+v) = %q, want <#123>", ch, got)
	}
	if got := a.ChannelRef(ch); got != "<#123>" {
		t.Errorf("ChannelRef(%+v) = %q, want <#123>", ch, got)
	}
}
