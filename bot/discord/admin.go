package discord

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// permTTL is how long a guild's roles are trusted: a role change reaches
// typed commands within a minute.
const permTTL = time.Minute

// permCache holds each guild's roles briefly, so that a typed command costs
// no REST call most of the time.
type permCache struct {
	mu    sync.Mutex
	roles map[string]guildRoles
}

type guildRoles struct {
	at    time.Time
	roles map[string]*discordgo.Role
}

func newPermCache() *permCache { return &permCache{roles: map[string]guildRoles{}} }

// adminPerms are the permissions that make a member an admin of the bot's
// games, as for interactions.
const adminPerms = discordgo.PermissionAdministrator | discordgo.PermissionManageChannels

// typedAdmin reports whether the author of a typed command (or of an
// interaction, for the game-master role) is an admin: a role of theirs (or
// @everyone) grants adminPerms, or is the configured game-master role. Message events carry the member's roles but not their
// permissions, so the guild's roles are fetched (and kept a minute); the
// member is fetched when the event has no member.
func (a *Adapter) typedAdmin(ctx context.Context, guildID, userID string, m *discordgo.Member) bool {
	roles, err := a.guildRoles(ctx, guildID)
	if err != nil {
		a.log.Warn("guild roles", "guild", guildID, "err", a.redact(err))
		return false
	}
	if m == nil || m.Roles == nil {
		fm, err := a.s.GuildMember(guildID, userID, discordgo.WithContext(ctx))
		if err != nil {
			a.log.Warn("guild member", "guild", guildID, "err", a.redact(err))
			return false
		}
		m = fm
	}
	ids := append([]string{guildID}, m.Roles...) // @everyone's role id is the guild's id
	for _, id := range ids {
		r := roles[id]
		if r == nil {
			continue
		}
		if r.Permissions&adminPerms != 0 || (a.opt.GMRole != "" && strings.EqualFold(r.Name, a.opt.GMRole)) {
			return true
		}
	}
	return false
}

// guildRoles returns a guild's roles by id, from the cache when fresh.
func (a *Adapter) guildRoles(ctx context.Context, guildID string) (map[string]*discordgo.Role, error) {
	c := a.perms
	c.mu.Lock()
	g, ok := c.roles[guildID]
	c.mu.Unlock()
	if ok && time.Since(g.at) < permTTL {
		return g.roles, nil
	}
	list, err := a.s.GuildRoles(guildID, discordgo.WithContext(ctx))
	if err != nil {
		return nil, err
	}
	g = guildRoles{at: time.Now(), roles: map[string]*discordgo.Role{}}
	for _, r := range list {
		g.roles[r.ID] = r
	}
	c.mu.Lock()
	c.roles[guildID] = g
	c.mu.Unlock()
	return g.roles, nil
}
