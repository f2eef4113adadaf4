// Package local is the bot's local playground: a web page that behaves like
// a chat channel. A browser claims a name and gets a session (an HTTP-only
// cookie); it types commands and sees every reply with the map and market
// inline. Several browsers (or private windows, or tabs that switch names)
// are several players. It needs no account anywhere and uses the same core
// and database as the real bot. On an address other machines can reach it
// needs an access secret, given once through an invite link.
//
// The page talks to a small HTTP API, which tests and scripts can use too
// (with the session cookie; every request acts as the session's user, and
// one that names another user is refused):
//
//	GET  /                         the page (?key=SECRET: the invite link)
//	POST /api/login                {"name"} or {"link"} (a personal sign-in link's key), with
//	                               "admin_key" for an admin's name: claim a name; sets the
//	                               session cookie; "link" in the answer when the browser became
//	                               the name's holder
//	POST /api/logout               end the session
//	POST /api/link                 a new personal sign-in link for the session's name ({"link"})
//	GET  /api/me                   {"user","admin","max_file"}
//	GET  /api/events?channel=C&tab=T[&user=U]  server-sent events: the channel's history, then new events
//	POST /api/send                 {"channel","tab","text","button","wait","files"}: a command; with
//	                               "button" the text is the value of a reply's button or menu
//	                               option ("@POSITION command"); with "wait" the answer lists the
//	                               replies once the bot is done; "files" ([{"name","type","data"
//	                               (base64)}]) are its attachments
//	GET  /api/suggest?channel=C&command=lay&field=hex&prefix=D2  completions
//	GET  /img/ID/NAME.png          a reply's picture
//	GET  /file/ID/NAME             a reply's attachment (an exported log)
package local

import (
	"cmp"
	"context"
	"embed"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"pbc/bot"
	"pbc/storage"
)

//go:embed static
var static embed.FS

// BotName is how the bot signs its events.
const BotName = "pbc"

// Options configure an Adapter.
type Options struct {
	// Addr is where to listen, "127.0.0.1:8822" by default. Listener, when
	// set, is used instead.
	Addr     string
	Listener net.Listener
	Logger   *slog.Logger
	// Secret is the access secret: when set, only requests that present it
	// are served (Invite is the link that does). Run refuses an address
	// other machines can reach without one (see CheckExposure).
	Secret string
	// Admins are the names with admin rights in every channel, as a
	// server's administrators have on Discord and Slack: they sign in with
	// AdminKey (the admin link), never with the name alone.
	Admins   []string
	AdminKey string
	// SignIns keeps the sign-ins and name holders (the store, so that they
	// survive a restart); without it they are kept in memory.
	SignIns storage.SignIns
	// Chat keeps the channels' recent messages (the store, so that a
	// channel's history survives a restart); without it, memory only.
	Chat storage.ChatHistory
	// Hosts are host names the playground answers to besides IP addresses
	// and localhost: its public name behind a proxy or a port mapping.
	Hosts []string
	// ChannelIdle and MaxChannels bound the channel histories kept in
	// memory: a channel nobody watched or wrote to for ChannelIdle is
	// forgotten, and past MaxChannels the longest idle go first
	// (defaults DefaultChannelIdle and DefaultMaxChannels).
	ChannelIdle time.Duration
	MaxChannels int
	// ImageBytes bounds the pictures kept for the pages, HistoryBytes the
	// channels' histories (DefaultImageBytes, DefaultHistoryBytes): the
	// process's memory budget gives each its share.
	ImageBytes, HistoryBytes int64
}

// Defaults of the history bounds.
const (
	DefaultChannelIdle = 2 * time.Hour
	DefaultMaxChannels = 500
)

// DefaultAddr is the playground's address unless told otherwise.
const DefaultAddr = "127.0.0.1:8822"

// Adapter serves the playground. It implements bot.Adapter.
type Adapter struct {
	opt      Options
	log      *slog.Logger
	hub      *hub
	sessions *sessions
	uploads  chan struct{} // a slot per large request being read
	ready    chan struct{}
	addr     net.Addr
	once     sync.Once
}

var _ bot.Adapter = (*Adapter)(nil)

// New returns a playground adapter.
func New(opt Options) *Adapter {
	if opt.Addr == "" {
		opt.Addr = DefaultAddr
	}
	if opt.Logger == nil {
		opt.Logger = slog.Default()
	}
	if opt.ChannelIdle <= 0 {
		opt.ChannelIdle = DefaultChannelIdle
	}
	if opt.MaxChannels <= 0 {
		opt.MaxChannels = DefaultMaxChannels
	}
	h := newHub(opt.MaxChannels, opt.ChannelIdle, time.Now)
	if opt.ImageBytes > 0 {
		h.maxImages = int(opt.ImageBytes)
	}
	if opt.HistoryBytes > 0 {
		h.maxHistory = int(opt.HistoryBytes)
	}
	if opt.Chat != nil {
		h.chat = newChatLog(opt.Chat, opt.Logger)
		h.next = h.chat.lastID() // ids go on from the last kept: pages tell messages apart by them
	}
	return &Adapter{opt: opt, log: opt.Logger, hub: h,
		sessions: newSessions(opt.SignIns, time.Now, opt.AdminKey, opt.Admins), uploads: make(chan struct{}, maxUploads), ready: make(chan struct{})}
}

// Platform is storage.Local.
func (a *Adapter) Platform() storage.Platform { return storage.Local }

// Mention writes a mention: local user ids are the players' names.
func (a *Adapter) Mention(userID string) string { return "@" + userID }

// Channel is the storage channel of a playground channel name.
func Channel(name string) storage.Channel {
	return storage.Channel{Platform: storage.Local, ID: name}
}

// URL is the playground's address once Run is listening; it blocks until
// then or until ctx ends.
func (a *Adapter) URL(ctx context.Context) (string, error) {
	select {
	case <-a.ready:
		return "http://" + a.addr.String() + "/", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Invite is the link to give the players once Run is listening: the URL,
// with the access secret when there is one. It blocks like URL.
func (a *Adapter) Invite(ctx context.Context) (string, error) {
	u, err := a.InviteBase(ctx)
	if err != nil {
		return "", err
	}
	if a.opt.Secret != "" {
		u += "?key=" + url.QueryEscape(a.opt.Secret)
	}
	return u, nil
}

// InviteBase is the invite link without its key: what may be written to a
// log. It blocks like URL.
func (a *Adapter) InviteBase(ctx context.Context) (string, error) {
	if _, err := a.URL(ctx); err != nil {
		return "", err
	}
	host, port, _ := net.SplitHostPort(a.addr.String())
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost" // listening everywhere: this machine's name works here
	}
	if len(a.opt.Hosts) > 0 {
		host = strings.TrimSpace(a.opt.Hosts[0])
	}
	return "http://" + net.JoinHostPort(host, port) + "/", nil
}

// Run serves the playground until ctx ends.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	ln := a.opt.Listener
	if ln == nil {
		// Neither an exposure refusal nor a port in use mends itself:
		// the process stops rather than retry them.
		if err := CheckExposure(a.opt.Addr, a.opt.Secret); err != nil {
			return bot.Permanent(err)
		}
		var err error
		if ln, err = net.Listen("tcp", a.opt.Addr); err != nil {
			return bot.Permanent(err)
		}
	} else if err := CheckExposure(ln.Addr().String(), a.opt.Secret); err != nil {
		ln.Close()
		return bot.Permanent(err)
	}
	a.addr = ln.Addr()
	go a.hub.janitor(ctx)
	go a.sweepSignIns(ctx)
	streams, stopStreams := context.WithCancel(context.Background())
	defer stopStreams()
	srv := &http.Server{
		Handler:           a.handler(h, streams),
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return streams },
	}
	srv.RegisterOnShutdown(stopStreams)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.once.Do(func() { close(a.ready) })
	access := "this machine only"
	if a.opt.Secret != "" {
		access = "with the access secret (invite link)"
	}
	a.log.Info("playground listening", "url", "http://"+ln.Addr().String()+"/", "access", access, "admins", a.opt.Admins)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	return err
}

// Handler is the playground's HTTP handler, for tests that serve it
// themselves; streams end when stop ends.
func (a *Adapter) Handler(h bot.Handler, stop context.Context) http.Handler {
	return a.handler(h, stop)
}

func (a *Adapter) handler(h bot.Handler, stop context.Context) http.Handler {
	if a.hub.chat != nil {
		go a.hub.chat.run(stop) // the histories' copies, written while served
	}
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("POST /api/login", a.login)
	mux.HandleFunc("POST /api/logout", a.logout)
	mux.HandleFunc("POST /api/link", a.newLink)
	mux.HandleFunc("GET /api/me", a.whoami)
	mux.HandleFunc("GET /api/events", func(w http.ResponseWriter, r *http.Request) { a.events(w, r, stop) })
	mux.HandleFunc("POST /api/send", func(w http.ResponseWriter, r *http.Request) { a.send(w, r, h) })
	mux.HandleFunc("GET /api/suggest", func(w http.ResponseWriter, r *http.Request) { a.suggest(w, r, h) })
	mux.HandleFunc("GET /img/{id}/{name}", a.image)
	mux.HandleFunc("GET /file/{id}/{name}", a.file)
	return a.guard(mux)
}

// Post sends a reminder to a playground channel.
func (a *Adapter) Post(_ context.Context, ch storage.Channel, r bot.Reply) error {
	if r.Empty() {
		return nil
	}
	a.hub.publish(a.event(ch.ID, "", "", 0, r))
	return nil
}

// event turns a reply into an event of channel, shown to user's tab only
// when the reply is ephemeral.
func (a *Adapter) event(channel, user, tab string, replyTo int64, r bot.Reply) Event {
	r = r.Sendable()
	e := Event{Channel: channel, From: BotName, Bot: true, Text: r.Text, Mentions: r.Mentions, ReplyTo: replyTo, Stale: r.Stale}
	if r.Ephemeral {
		e.To, e.toUser = tab, user
	}
	urls := map[string]string{}
	for _, img := range r.Images {
		id := a.hub.addImage(img.PNG)
		urls[img.Name] = "/img/" + id + "/" + img.Name
		e.Images = append(e.Images, Picture{URL: urls[img.Name], Name: img.Name, Alt: img.Alt, Screen: img.Screen})
	}
	for i, img := range r.Images {
		if img.Opens != "" {
			e.Images[i].Opens = urls[img.Opens]
		}
	}
	var files []Picture
	for _, f := range r.Files {
		id := a.hub.addImage(f.Data)
		files = append(files, Picture{URL: "/file/" + id + "/" + f.Name, Name: f.Name})
	}
	if len(files) > 0 {
		e.Files = &files
	}
	for _, b := range r.Buttons {
		e.Buttons = append(e.Buttons, Choice{Label: b.Label, Command: b.Value(), Danger: b.Danger})
	}
	var menus []Menu
	for _, m := range r.Menus {
		if len(m.Options) == 0 {
			continue
		}
		menu := Menu{Placeholder: cmp.Or(m.Placeholder, "Choose…")}
		for _, o := range m.Options {
			menu.Options = append(menu.Options, MenuChoice{Label: cmp.Or(o.Label, o.Command), Command: o.Value(m.At),
				Description: o.Description})
		}
		menus = append(menus, menu)
	}
	if len(menus) > 0 {
		e.Menus = &menus
	}
	return e
}

// cleanName trims a channel or user name to something safe to show.
func cleanName(s string, max int) string {
	s = strings.TrimSpace(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, s))
	if len([]rune(s)) > max {
		s = string([]rune(s)[:max])
	}
	return s
}
