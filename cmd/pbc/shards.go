package main

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
)

// Environment variables of Discord sharding.
const (
	envDiscordShards   = "PBC_DISCORD_SHARDS"
	envDiscordShardIDs = "PBC_DISCORD_SHARD_IDS"
)

// shardFlags are --discord-shards and --discord-shard-ids as given.
type shardFlags struct{ count, ids *string }

// discordShardFlags registers the sharding flags on fs.
func discordShardFlags(fs *flag.FlagSet, getenv func(string) string) shardFlags {
	return shardFlags{
		count: fs.String("discord-shards", getenv(envDiscordShards), "split the Discord gateway into this `number` of shards (from 2,500 servers) ["+envDiscordShards+"]"),
		ids:   fs.String("discord-shard-ids", getenv(envDiscordShardIDs), "the Discord shards this process runs, e.g. `0,1` (all if empty) ["+envDiscordShardIDs+"]"),
	}
}

// parse reads the shard count and ids; 0 and none when unset.
func (f shardFlags) parse() (int, []int, error) {
	count := 0
	if s := strings.TrimSpace(*f.count); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return 0, nil, fmt.Errorf("discord shards %q: use a whole number of 1 or more", s)
		}
		count = n
	}
	var ids []int
	for _, s := range list(*f.ids) {
		n, err := strconv.Atoi(s)
		if err != nil {
			return 0, nil, fmt.Errorf("discord shard id %q: not a number", s)
		}
		ids = append(ids, n)
	}
	if len(ids) > 0 && count == 0 {
		return 0, nil, fmt.Errorf("discord shard ids %s need --discord-shards", *f.ids)
	}
	return count, ids, nil
}
