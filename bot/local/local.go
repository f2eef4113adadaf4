// Package local is the bot's local playground: a web page on localhost that
// behaves like a chat channel. Each browser tab chooses who it is, types
// commands and sees every reply with the map and market inline; several tabs
// are several players. It needs no account anywhere and uses the same core
// and database as the real bot.
//
// The page talks to a small HTTP API, which tests and scripts can use too:
//
//	GET  /                         the page
//	GET  /api/events?channel=C&tab=T  server-sent events: the channel's history, then new events
//	POST /api/send                 {"channel","user","tab","text","wait"}: a command; with
//	                               "wait" the answer lists the replies once the bot is done
//	GET  /api/suggest?channel=C&user=U&command=lay&field=hex&prefix=D2  completions
//	GET  /img/ID/NAME.png          a reply's picture
//	GET  /file/ID/NAME             a reply's attachment (an exported log)
package local

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
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
}

// DefaultAddr is the playground's address unless told otherwise.
const DefaultAddr = "127.0.0.1:8822"

// Adapter serves the playground. It implements bot.Adapter.
type Adapter struct {
	opt   Options
	log   *slog.Logger
	hub   *hub
	ready chan struct{}
	addr  net.Addr
	once  sync.Once
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
	return &Adapter{opt: opt, log: opt.Logger, hub: newHub(), ready: make(chan struct{})}
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

// Run serves the playground until ctx ends.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	ln := a.opt.Listener
	if ln == nil {
		var err error
		if ln, err = net.Listen("tcp", a.opt.Addr); err != nil {
			return err
		}
	}
	a.addr = ln.Addr()
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
	a.log.Info("playground listening", "url", "http://"+ln.Addr().String()+"/")
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
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/events", func(w http.ResponseWriter, r *http.Request) { a.events(w, r, stop) })
	mux.HandleFunc("POST /api/send", func(w http.ResponseWriter, r *http.Request) { a.send(w, r, h) })
	mux.HandleFunc("GET /api/suggest", func(w http.ResponseWriter, r *http.Request) { a.suggest(w, r, h) })
	mux.HandleFunc("GET /img/{id}/{name}", a.image)
	mux.HandleFunc("GET /file/{id}/{name}", a.file)
	return guard(mux)
}

// guard keeps the playground to the pages it serves: other sites may not
// post commands (a JSON body forces a CORS preflight, and a foreign Origin
// is refused), and on a loopback address only loopback host names are
// answered (no DNS rebinding).
func guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'")
		if local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && isLoopback(local) && !loopbackHost(r.Host) {
			http.Error(w, "forbidden host", http.StatusForbidden)
			return
		}
		if r.Method == http.MethodPost {
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				http.Error(w, "send JSON", http.StatusUnsupportedMediaType)
				return
			}
			if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
				http.Error(w, "forbidden origin", http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// isLoopback reports whether a listening address is a loopback one.
func isLoopback(a net.Addr) bool {
	host, _, err := net.SplitHostPort(a.String())
	ip := net.ParseIP(host)
	return err == nil && ip != nil && ip.IsLoopback()
}

// loopbackHost reports whether a Host header names this machine.
func loopbackHost(hostport string) bool {
	host, _, err := net.SplitHostPort(hostport)
	if err != nil {
		host = hostport
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// Post sends a reminder to a playground channel.
func (a *Adapter) Post(_ context.Context, ch storage.Channel, r bot.Reply) error {
	a.hub.publish(a.event(ch.ID, "", 0, r))
	return nil
}

// event turns a reply into an event of channel, shown to tab only when the
// reply is ephemeral.
func (a *Adapter) event(channel, tab string, replyTo int64, r bot.Reply) Event {
	e := Event{Channel: channel, From: BotName, Bot: true, Text: r.Text, Mentions: r.Mentions, ReplyTo: replyTo}
	if r.Ephemeral {
		e.To = tab
	}
	for _, img := range r.Images {
		id := a.hub.addImage(img.PNG)
		e.Images = append(e.Images, Picture{URL: "/img/" + id + "/" + img.Name, Name: img.Name, Alt: img.Alt})
	}
	for _, f := range r.Files {
		id := a.hub.addImage(f.Data)
		e.Files = append(e.Files, Picture{URL: "/file/" + id + "/" + f.Name, Name: f.Name})
	}
	for _, b := range r.Buttons {
		e.Buttons = append(e.Buttons, Choice{Label: b.Label, Command: b.Value(), Danger: b.Danger})
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
