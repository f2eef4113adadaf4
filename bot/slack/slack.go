// Package slack connects the bot to Slack over Socket Mode (no public URL
// needed): a /pbc slash command, app mentions and prefixed channel messages
// ("!pass", "pbc pass"), Block Kit buttons and select menus for choices,
// pictures uploaded with the external upload flow, ephemeral errors, files
// shared with a command. Every event is acknowledged at once, before any
// work (a menu's suggestions travel in the acknowledgement itself).
//
// A game lives in a thread: `new` in a channel posts a root message and
// opens the game in its thread, and the thread is the game's channel for
// the core, as storage.Channel ID "C123/1700000000.000100" (the channel,
// a slash, the root's ts). Channels listed in Options.InPlace play in the
// channel itself (ID "C123").
//
// Scopes the bot token needs: app_mentions:read, channels:history,
// groups:history, chat:write, commands, files:write, files:read (to read a
// file shared with `import`, and to see when pictures are shared before
// the choices under them are posted), im:write (pictures of an ephemeral
// reply go by direct message) and users:read. Select menus need
// Interactivity's "Select Menus" enabled (Socket Mode carries their
// suggestions, so no options URL is needed).
package slack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"pbc/bot"
	"pbc/storage"
)

// Options configure an Adapter.
type Options struct {
	BotToken string // xoxb-…: the Web API
	AppToken string // xapp-…: Socket Mode (connections:write)
	// APIURL is the Web API's base URL; Slack's by default (tests set it).
	APIURL string
	Logger *slog.Logger
	// InPlace lists the channels whose games are played in the channel
	// itself; elsewhere `new` and `import` open the game in a new thread.
	InPlace []string
	// Retries is how many times a Web API call answered 429 is tried again
	// after its Retry-After (DefaultRetries if 0, none if negative).
	Retries int
	// HTTPClient makes the Web API calls and downloads files; a default
	// client if nil.
	HTTPClient *http.Client
	// ShareWait bounds the wait for uploaded pictures to be shared before
	// the message after them is posted (DefaultShareWait if 0).
	ShareWait time.Duration
}

// Defaults of Options.
const (
	DefaultRetries   = 3
	DefaultShareWait = 5 * time.Second
)

// Adapter is the Slack front end. It implements bot.Adapter.
type Adapter struct {
	opt  Options
	log  *slog.Logger
	api  *slack.Client
	sm   *socketmode.Client
	http *http.Client

	me      string // the bot's user id, once connected
	mu      sync.Mutex
	members map[string]member  // by user id
	menus   *menuStore         // long menus, for their suggestions
	offered map[string]offered // the last message with components, by conversation
	// threaded are the channels with games in threads, for a hint to
	// slash commands, which Slack does not send from threads.
	threaded map[string]bool
}

var _ bot.Adapter = (*Adapter)(nil)

// New returns a Slack adapter; Run connects it.
func New(opt Options) (*Adapter, error) {
	if opt.BotToken == "" || opt.AppToken == "" {
		return nil, errors.New("slack: both the bot token (SLACK_BOT_TOKEN) and the app token (SLACK_APP_TOKEN) are needed")
	}
	if !strings.HasPrefix(opt.AppToken, "xapp-") {
		return nil, errors.New("slack: the app token must start with xapp-")
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.Retries == 0 {
		opt.Retries = DefaultRetries
	}
	if opt.ShareWait <= 0 {
		opt.ShareWait = DefaultShareWait
	}
	hc := opt.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: time.Minute}
	}
	opts := []slack.Option{slack.OptionAppLevelToken(opt.AppToken), slack.OptionHTTPClient(hc)}
	if opt.APIURL != "" {
		opts = append(opts, slack.OptionAPIURL(opt.APIURL))
	}
	if opt.Retries > 0 {
		// After the HTTP client, so that the retries wrap it. Without
		// jitter the wait is Retry-After exactly (at least a second).
		cfg := slack.DefaultRetryConfig()
		cfg.MaxRetries = opt.Retries
		cfg.RetryAfterJitter = 250 * time.Millisecond
		opts = append(opts, slack.OptionRetryConfig(cfg))
	}
	api := slack.New(opt.BotToken, opts...)
	return &Adapter{opt: opt, log: opt.Logger.With("platform", "slack"), api: api, http: hc,
		sm: socketmode.New(api), members: map[string]member{}, menus: newMenuStore(),
		offered: map[string]offered{}, threaded: map[string]bool{}}, nil
}

// Platform is storage.Slack.
func (a *Adapter) Platform() storage.Platform { return storage.Slack }

// Mention writes a Slack user mention.
func (a *Adapter) Mention(userID string) string { return "<@" + userID + ">" }

// Run connects over Socket Mode and passes commands to h until ctx ends.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	auth, err := a.api.AuthTestContext(ctx)
	if err != nil {
		return fmt.Errorf("slack: auth.test: %w", err)
	}
	a.me = auth.UserID
	a.log.Info("authenticated", "team", auth.Team, "user", auth.User)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	runErr := make(chan error, 1)
	go func() { runErr <- a.sm.RunContext(ctx) }()
	for {
		select {
		case <-ctx.Done():
			<-runErr
			return nil
		case err := <-runErr:
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("slack: socket mode: %w", err)
		case evt := <-a.sm.Events:
			a.event(ctx, evt, h)
		}
	}
}

// ChannelLink is a link to ch, as Slack writes one in text; a game in a
// thread keeps the thread's ts after a "/" in its channel id, and a link
// names the channel only.
func (a *Adapter) ChannelLink(ch storage.Channel) string {
	id, _, _ := strings.Cut(ch.ID, "/")
	return "<#" + id + ">"
}

// ChannelRef names ch in a list of games: its link, or the channel a
// thread is in.
func (a *Adapter) ChannelRef(ch storage.Channel) string {
	if _, _, ok := strings.Cut(ch.ID, "/"); ok {
		return "a thread in " + a.ChannelLink(ch)
	}
	return a.ChannelLink(ch)
}

var _ bot.ChannelLinker = (*Adapter)(nil)
