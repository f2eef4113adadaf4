package bot

import "pbc/storage"

// ChannelLinker is implemented by adapters whose platform writes links to
// channels in text (Discord and Slack: "<#C1>"). The core asks the adapter
// of a channel's platform; without one a channel is "#id".
type ChannelLinker interface {
	// ChannelLink is a link to ch (the channel, for a game in a thread)
	// that any message, a direct one too, can carry.
	ChannelLink(ch storage.Channel) string
	// ChannelRef names ch in a list of games: its link, or where a thread
	// of it is.
	ChannelRef(ch storage.Channel) string
}

// channelLink is a link to ch, its platform's way.
func (c *Core) channelLink(ch storage.Channel) string {
	if l, ok := c.adapters[ch.Platform].(ChannelLinker); ok {
		return l.ChannelLink(ch)
	}
	return "#" + ch.ID
}

// channelRef names ch in a list of games, its platform's way.
func (c *Core) channelRef(ch storage.Channel) string {
	if l, ok := c.adapters[ch.Platform].(ChannelLinker); ok {
		return l.ChannelRef(ch)
	}
	return "#" + ch.ID
}

// coreLinks are the core's channel links as a ChannelLinker, for its
// Dispatcher.
type coreLinks struct{ c *Core }

func (l coreLinks) ChannelLink(ch storage.Channel) string { return l.c.channelLink(ch) }
func (l coreLinks) ChannelRef(ch storage.Channel) string  { return l.c.channelRef(ch) }
