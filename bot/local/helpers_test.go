package local

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
)

// browserClient is a browser of its own: a client with its own cookies.
func browserClient(t testing.TB) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &http.Client{Jar: jar}
}

// request sends method path (relative to base) with a JSON body (nil for
// none) and the given Host header ("" for the URL's).
func request(t testing.TB, c *http.Client, method, base, path, host string, body []byte) *http.Response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, base+strings.TrimPrefix(path, "/"), rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if host != "" {
		req.Host = host
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// drain reads and closes a response, returning its body.
func drain(r *http.Response) string {
	b, _ := io.ReadAll(r.Body)
	r.Body.Close()
	return string(b)
}

// claim signs a browser in as name; it fails the test unless that works.
func claim(t testing.TB, c *http.Client, base, host, name string) {
	t.Helper()
	body, _ := json.Marshal(loginRequest{Name: name, AdminKey: testAdminKey})
	if r := request(t, c, http.MethodPost, base, "api/login", host, body); r.StatusCode != http.StatusOK {
		t.Fatalf("claiming %s: %s: %s", name, r.Status, drain(r))
	} else {
		drain(r)
	}
}

// testAdminKey is the admin key of the tests' playgrounds that have admins;
// claim presents it, as an admin's link does.
const testAdminKey = "admin-key-admin-key"

// player is the browser of a user, signed in (through the invite link
// first when the bot has a secret) on first use.
func (r *running) player(t testing.TB, user string) *http.Client {
	t.Helper()
	if c := r.players[user]; c != nil {
		return c
	}
	c := browserClient(t)
	if r.key != "" {
		if resp := request(t, c, http.MethodGet, r.url, "?key="+r.key, r.host, nil); resp.StatusCode != http.StatusOK {
			t.Fatalf("the invite link: %s", resp.Status)
		} else {
			drain(resp)
		}
	}
	claim(t, c, r.url, r.host, user)
	r.players[user] = c
	return c
}

// post sends a JSON body to the bot with the running bot's Host header.
func (r *running) post(t testing.TB, c *http.Client, path string, body []byte) *http.Response {
	t.Helper()
	return request(t, c, http.MethodPost, r.url, path, r.host, body)
}

// farListener makes its connections report a local address other
// machines could reach, as a LAN address or a container's port mapping
// would, while the test still dials loopback.
type farListener struct{ net.Listener }

func (l farListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return farConn{c}, nil
}

type farConn struct{ net.Conn }

func (farConn) LocalAddr() net.Addr { return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8822} }
