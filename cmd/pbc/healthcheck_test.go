package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHealthcheck: the subcommand exits 0 on a 200 from /healthz, 1 on a
// 503 or no answer, 2 on a usage error; the address comes from the
// argument or PBC_OPS_LISTEN.
func TestHealthcheck(t *testing.T) {
	code := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			http.NotFound(w, r)
			return
		}
		w.WriteHeader(code)
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	_, port, _ := net.SplitHostPort(addr)
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := closed.Addr().String()
	closed.Close()

	for _, c := range []struct {
		name   string
		status int
		args   []string
		env    string
		want   int
	}{
		{"healthy, from the environment", http.StatusOK, nil, addr, 0},
		{"healthy, listening everywhere", http.StatusOK, nil, "0.0.0.0:" + port, 0},
		{"healthy, from the argument", http.StatusOK, []string{addr}, "", 0},
		{"unhealthy", http.StatusServiceUnavailable, nil, addr, 1},
		{"nobody listening", http.StatusOK, []string{gone}, "", 1},
		{"no address", http.StatusOK, nil, "", 2},
		{"a bad address", http.StatusOK, []string{"nowhere"}, "", 2},
		{"too many arguments", http.StatusOK, []string{addr, addr}, "", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			code = c.status
			var out, errb strings.Builder
			rc := cmdHealthcheck(c.args, func(k string) string {
				if k == envOpsListen {
					return c.env
				}
				return ""
			}, &out, &errb)
			if rc != c.want {
				t.Errorf("exit %d, want %d; out %q err %q", rc, c.want, out.String(), errb.String())
			}
		})
	}
}
