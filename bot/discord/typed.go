package discord

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"pbc/bot"
)

// onMessage takes plain-text commands: "!cmd", "pbc cmd" or "@pbc cmd".
func (a *Adapter) onMessage(s *discordgo.Session, mc *discordgo.MessageCreate) {
	m := mc.Message
	if m.Author == nil || m.Author.Bot || a.me == "" {
		return
	}
	text, ok := bot.StripPrefix(m.Content, "<@"+a.me+">", "<@!"+a.me+">")
	if !ok || text == "" {
		return
	}
	ctx := context.Background()
	member := m.Member
	if member != nil {
		member.User = m.Author
	}
	u := user(member, m.Author)
	if m.GuildID != "" && !u.Admin {
		u.Admin = a.typedAdmin(ctx, m.GuildID, m.Author.ID, member)
	}
	dest := m.ChannelID
	if isNew(text) {
		dest = a.openThread(ctx, m.GuildID, m.ChannelID, text, u.Name)
	}
	a.h.Submit(bot.Message{
		Channel:     channel(m.GuildID, dest),
		User:        u,
		Text:        text,
		Kind:        bot.KindTyped,
		EventID:     "message:" + m.ID,
		Attachments: a.attachments(m.Attachments),
		Respond:     &typedResponder{a: a, m: m, dest: dest, opened: dest != m.ChannelID, start: isStart(text)},
	})
}

// attachments are a message's or a slash command's files, downloaded when
// the core opens them.
func (a *Adapter) attachments(fs []*discordgo.MessageAttachment) []bot.Attachment {
	var out []bot.Attachment
	for _, f := range fs {
		if f == nil || f.URL == "" {
			continue
		}
		if u, err := url.Parse(f.URL); err != nil || !fromDiscord(u) {
			a.log.Warn("attachment not on Discord's file hosts: ignored", "name", f.Filename)
			continue
		}
		link := f.URL
		out = append(out, bot.Attachment{Name: f.Filename, Type: f.ContentType, Size: int64(f.Size),
			Open: func(ctx context.Context) (io.ReadCloser, error) { return a.download(ctx, link) }})
	}
	return out
}

// download fetches an attachment through the session's HTTP client.
func (a *Adapter) download(ctx context.Context, url string) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("discord: attachment: %w", err)
	}
	client := *a.s.Client
	client.CheckRedirect = func(r *http.Request, via []*http.Request) error {
		if len(via) >= 5 || !fromDiscord(r.URL) {
			return errors.New("redirected away from Discord's file hosts")
		}
		return nil
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("discord: attachment: %w", a.redact(err))
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, fmt.Errorf("discord: attachment: %s", resp.Status)
	}
	return resp.Body, nil
}

// Discord's own file hosts: attachments are served from these only.
var discordFileHosts = []string{"cdn.discordapp.com", "media.discordapp.net"}

// fromDiscord reports whether an attachment's URL is on Discord's own file
// hosts (over https), or on the host discordgo is pointed at (its CDN or
// API endpoint, as a test's local Discord is): a message cannot make the
// bot fetch from anywhere else.
func fromDiscord(u *url.URL) bool {
	if u.User != nil {
		return false
	}
	if u.Scheme == "https" && (u.Port() == "" || u.Port() == "443") &&
		slices.Contains(discordFileHosts, strings.ToLower(u.Hostname())) {
		return true
	}
	for _, e := range []string{discordgo.EndpointCDN, discordgo.EndpointDiscord} {
		if b, err := url.Parse(e); err == nil && b.Host != "" && b.Scheme == u.Scheme && strings.EqualFold(b.Host, u.Host) {
			return true
		}
	}
	return false
}

// openThread opens a public thread for a game set up with text in
// channelID, named after the title and its creator, and returns its id;
// the game stays in channelID (returned) in a DM, in a channel configured
// to play in place, or when no thread can be made there (it is a thread
// already, or the bot may not create threads).
func (a *Adapter) openThread(ctx context.Context, guildID, channelID, text, creator string) string {
	if guildID == "" || slices.Contains(a.opt.InPlace, channelID) {
		return channelID
	}
	w := strings.Fields(text)
	title := "game"
	if len(w) > 1 {
		title = strings.Join(w[1:], " ")
	}
	name := runeClip(title+" — "+creator, 100) // thread names are 1-100 characters
	th, err := a.s.ThreadStartComplex(channelID, &discordgo.ThreadStart{Name: name,
		Type: discordgo.ChannelTypeGuildPublicThread, AutoArchiveDuration: 7 * 24 * 60}, discordgo.WithContext(ctx))
	if err != nil || th == nil || th.ID == "" {
		a.log.Info("new game stays in its channel", "channel", channelID, "err", a.redact(err))
		return channelID
	}
	return th.ID
}
