package multiproc

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// event is what the playground's API says of a message or reply.
type event struct {
	ID       int64    `json:"id"`
	Channel  string   `json:"channel"`
	From     string   `json:"from"`
	Bot      bool     `json:"bot"`
	Stale    bool     `json:"stale"`
	Text     string   `json:"text"`
	Buttons  []choice `json:"buttons"`
	Menus    []menu   `json:"menus"`
	Mentions []string `json:"mentions"`
	ReplyTo  int64    `json:"reply_to"`
	At       string   `json:"at"`
}

type choice struct {
	Label   string `json:"label"`
	Command string `json:"command"`
}

type menu struct {
	Options []option `json:"options"`
}

type option struct {
	Label       string `json:"label"`
	Command     string `json:"command"`
	Description string `json:"description"`
}

// client talks to the playgrounds. A user's sign-in is kept in the
// shared store, so one token serves them on every process and across
// restarts (another browser could not claim the name again).
type client struct {
	http *http.Client

	mu     sync.Mutex
	tokens map[string]string // user → session token
	login  sync.Mutex        // one sign-in at a time: two at once would race for the name
}

func newClient() *client {
	tr := &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}
	// A move waits for its reply; only a killed process fails it, and a
	// long timeout keeps a slow reply from passing for one that was lost.
	return &client{http: &http.Client{Transport: tr, Timeout: 90 * time.Second}, tokens: map[string]string{}}
}

// post sends a JSON body; it returns the status, the body and the cookies set.
func (c *client) post(ctx context.Context, u, cookie string, body any) (int, []byte, []*http.Cookie, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, nil, nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if cookie != "" {
		req.AddCookie(&http.Cookie{Name: "pbc_session", Value: cookie})
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, data, resp.Cookies(), err
}

// session is user's session token at p's current start, claimed if needed.
func (c *client) session(ctx context.Context, p *proc, user string) (string, string, error) {
	base, gen, ok := p.view()
	if !ok {
		return "", "", errDown
	}
	c.login.Lock()
	defer c.login.Unlock()
	c.mu.Lock()
	tok := c.tokens[user]
	c.mu.Unlock()
	if tok != "" {
		return base, tok, nil
	}
	code, body, cookies, err := c.post(ctx, base+"/api/login", "", map[string]string{"name": user})
	if err != nil {
		return "", "", err
	}
	if code != http.StatusOK {
		return "", "", fmt.Errorf("login %s: %d %s", user, code, body)
	}
	for _, ck := range cookies {
		if ck.Name == "pbc_session" {
			tok = ck.Value
		}
	}
	if tok == "" {
		return "", "", fmt.Errorf("login %s: no session cookie", user)
	}
	c.mu.Lock()
	c.tokens[user] = tok
	c.mu.Unlock()
	_ = gen
	return base, tok, nil
}

// send posts a command as user and waits for its replies. id names the
// delivery: the same id sent again is the same command.
func (c *client) send(ctx context.Context, p *proc, user, channel, text string, button bool, id string) ([]event, error) {
	base, tok, err := c.session(ctx, p, user)
	if err != nil {
		return nil, err
	}
	body := map[string]any{"channel": channel, "text": text, "button": button, "wait": true, "id": id}
	code, data, _, err := c.post(ctx, base+"/api/send", tok, body)
	if err != nil {
		return nil, err
	}
	if code != http.StatusOK {
		return nil, fmt.Errorf("send %q as %s: %d %s", text, user, code, strings.TrimSpace(string(data)))
	}
	var resp struct {
		Replies []event `json:"replies"`
	}
	if err := json.Unmarshal(data, &resp); err != nil {
		return nil, fmt.Errorf("send %q: %w", text, err)
	}
	return resp.Replies, nil
}

// watch streams channel's events from p as user until the stream ends
// (the process stops) or ctx does, calling f with each.
func (c *client) watch(ctx context.Context, p *proc, user, channel string, f func(event)) error {
	base, tok, err := c.session(ctx, p, user)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events?channel="+url.QueryEscape(channel), nil)
	if err != nil {
		return err
	}
	req.AddCookie(&http.Cookie{Name: "pbc_session", Value: tok})
	stream := &http.Client{Transport: c.http.Transport} // no timeout: it stays open
	resp, err := stream.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("events of %s: %s", channel, resp.Status)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var e event
		if json.Unmarshal([]byte(data), &e) == nil {
			f(e)
		}
	}
	return sc.Err()
}
