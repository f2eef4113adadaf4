package redact

import (
	"context"
	"fmt"
	"log/slog"
)

// Handler is a slog.Handler that masks the secrets in every record's
// message and attribute values (strings, errors, anything printed) before
// passing the record on.
type Handler struct {
	next slog.Handler
	r    *Redactor
}

var _ slog.Handler = (*Handler)(nil)

// NewHandler wraps next; a nil r masks the shapes of secrets only.
func NewHandler(next slog.Handler, r *Redactor) *Handler {
	if r == nil {
		r = New()
	}
	return &Handler{next: next, r: r}
}

// Enabled is next's.
func (h *Handler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

// Handle masks rec and passes it on.
func (h *Handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

// WithAttrs masks the attributes once, as they are added.
func (h *Handler) WithAttrs(as []slog.Attr) slog.Handler {
	return &Handler{next: h.next.WithAttrs(h.attrs(as)), r: h.r}
}

// WithGroup is next's, masked.
func (h *Handler) WithGroup(name string) slog.Handler {
	return &Handler{next: h.next.WithGroup(name), r: h.r}
}

func (h *Handler) attrs(as []slog.Attr) []slog.Attr {
	out := make([]slog.Attr, len(as))
	for i, a := range as {
		out[i] = h.attr(a)
	}
	return out
}

// attr masks one attribute's value; values printed by the handler from
// something else (an error, a URL) are masked as that text.
func (h *Handler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(h.r.String(v.String()))
	case slog.KindGroup:
		a.Value = slog.GroupValue(h.attrs(v.Group())...)
	case slog.KindAny:
		a.Value = h.any(v)
	default:
		a.Value = v
	}
	return a
}

// any keeps a value with no secret in its text as it is (a JSON handler
// encodes it its own way), and replaces one with a secret by its masked
// text.
func (h *Handler) any(v slog.Value) slog.Value {
	s, ok := text(v.Any())
	if !ok {
		return v
	}
	if m := h.r.String(s); m != s {
		return slog.StringValue(m)
	}
	return v
}

// text is how a handler prints x; a String or Error method that panics (a
// nil pointer) gives no text, and the value goes on for the handler to
// report as it does.
func text(x any) (s string, ok bool) {
	defer func() {
		if recover() != nil {
			s, ok = "", false
		}
	}()
	switch x := x.(type) {
	case nil:
		return "", false
	case error:
		return x.Error(), true
	case fmt.Stringer:
		return x.String(), true
	case []byte:
		return string(x), true
	}
	return fmt.Sprintf("%+v", x), true
}
