package slack

import (
	"testing"

	"pbc/storage"
)

func TestChannelLink(t *testing.T) {
	a := &Adapter{}
	for _, c := range []struct {
		ch        storage.Channel
		link, ref string
	}{
		{storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1"}, "<#C1>", "<#C1>"},
		{storage.Channel{Platform: storage.Slack, Workspace: "T1", ID: "C1/1700000000.000100"}, "<#C1>", "a thread in <#C1>"},
	} {
		if got := a.ChannelLink(c.ch); got != c.link {
			t.Errorf("ChannelLink(%+v) = %q, want %q", c.ch, got, c.link)
		}
		if got := a.ChannelRef(c.ch); got != c.ref {
			t.Errorf("ChannelRef(%+v) = %q, want %q", c.ch, got, c.ref)
		}
	}
}
