package discord

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// identifyGap is the wait between two shards' connections: Discord lets a
// bot identify once every five seconds (without large-bot concurrency).
var identifyGap = 5500 * time.Millisecond

// shardIDs checks a process's shards of count and returns them, in order;
// no ids means every shard. A count of 0 or 1 is no sharding (nil).
func shardIDs(count int, ids []int) ([]int, error) {
	if count < 0 {
		return nil, fmt.Errorf("discord: %d shards", count)
	}
	if count <= 1 {
		if len(ids) > 0 && !(len(ids) == 1 && ids[0] == 0) {
			return nil, fmt.Errorf("discord: shard ids %v given without a shard count above 1", ids)
		}
		return nil, nil
	}
	if len(ids) == 0 {
		for i := range count {
			ids = append(ids, i)
		}
		return ids, nil
	}
	out := slices.Clone(ids)
	slices.Sort(out)
	for i, id := range out {
		if id < 0 || id >= count {
			return nil, fmt.Errorf("discord: shard id %d is not between 0 and %d", id, count-1)
		}
		if i > 0 && out[i-1] == id {
			return nil, fmt.Errorf("discord: shard id %d given twice", id)
		}
	}
	return out, nil
}

// shard makes the sessions of a sharded adapter: first is the adapter's
// own (shard ids[0], which also serves the REST calls), the others one
// gateway session each for the rest of ids.
func shard(first *discordgo.Session, token string, count int, ids []int) ([]*discordgo.Session, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	first.ShardID, first.ShardCount = ids[0], count
	var more []*discordgo.Session
	for _, id := range ids[1:] {
		s, err := discordgo.New("Bot " + token)
		if err != nil {
			return nil, fmt.Errorf("discord: %w", err)
		}
		s.Identify.Intents = first.Identify.Intents
		s.StateEnabled = first.StateEnabled
		s.ShardID, s.ShardCount = id, count
		more = append(more, s)
	}
	return more, nil
}

// openShards connects the adapter's other shards, each with the handlers,
// an identify gap apart, until ctx ends; close closes those opened.
func (a *Adapter) openShards(ctx context.Context, handlers ...any) (close func(), err error) {
	var opened []*discordgo.Session
	var removes []func()
	close = func() {
		for _, r := range removes {
			r()
		}
		for _, s := range opened {
			_ = s.Close()
		}
	}
	for _, s := range a.shards {
		select {
		case <-ctx.Done():
			return close, nil
		case <-time.After(identifyGap):
		}
		for _, h := range handlers {
			removes = append(removes, s.AddHandler(h))
		}
		if err := s.Open(); err != nil {
			close()
			return func() {}, fmt.Errorf("discord: connect shard %d of %d: %w", s.ShardID, s.ShardCount, a.redact(err))
		}
		opened = append(opened, s)
		a.log.Info("shard connected", "shard", s.ShardID, "of", s.ShardCount)
	}
	return close, nil
}
