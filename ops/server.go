package ops

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"pbc/bot"
)

// healthTimeout bounds the store check of one /healthz request.
const healthTimeout = 3 * time.Second

// Options configure the operator's endpoints.
type Options struct {
	Core    *bot.Core
	Metrics *Metrics // nil: no /metrics
	// Redact rewrites the errors /healthz shows (they may quote a URL
	// with a token); nil leaves them.
	Redact func(string) string
	Log    *slog.Logger // slog.Default() if nil
}

// Handler serves GET /healthz and GET /metrics.
func Handler(o Options) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", healthHandler(o))
	if o.Metrics != nil {
		mux.Handle("GET /metrics", o.Metrics.Handler())
	}
	return mux
}

// healthHandler answers the core's Health as JSON: 200 when the store
// answers and every platform is connected, 503 otherwise.
func healthHandler(o Options) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		h := o.Core.Health(ctx)
		if o.Redact != nil {
			h.Store = o.Redact(h.Store)
			for i := range h.Platforms {
				h.Platforms[i].LastError = o.Redact(h.Platforms[i].LastError)
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if !h.OK {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(h)
	})
}

// Serve serves Handler(o) on ln until ctx ends (the caller listens, so
// that an address in use is reported at start).
func Serve(ctx context.Context, ln net.Listener, o Options) error {
	log := o.Log
	if log == nil {
		log = slog.Default()
	}
	srv := &http.Server{Handler: Handler(o), ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
	}()
	err := srv.Serve(ln)
	if errors.Is(err, http.ErrServerClosed) {
		<-stopped
		return nil
	}
	return fmt.Errorf("ops: serving: %w", err)
}
