package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"pbc/bot"
)

func TestShardIDs(t *testing.T) {
	for _, tc := range []struct {
		name  string
		count int
		ids   []int
		want  []int
		ok    bool
	}{
		{"none", 0, nil, nil, true},
		{"one shard", 1, []int{0}, nil, true},
		{"all by default", 3, nil, []int{0, 1, 2}, true},
		{"some, sorted", 4, []int{3, 1}, []int{1, 3}, true},
		{"out of range", 2, []int{2}, nil, false},
		{"negative", 2, []int{-1}, nil, false},
		{"twice", 3, []int{1, 1}, nil, false},
		{"ids without a count", 0, []int{1}, nil, false},
		{"negative count", -2, nil, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := shardIDs(tc.count, tc.ids)
			if (err == nil) != tc.ok || !slices.Equal(got, tc.want) {
				t.Errorf("shardIDs(%d, %v) = %v, %v; want %v, ok %v", tc.count, tc.ids, got, err, tc.want, tc.ok)
			}
		})
	}
}

// shardGateway is a gateway that takes several connections, recording the
// shard each identifies as.
type shardGateway struct {
	srv   *httptest.Server
	mu    sync.Mutex
	conns map[int]*websocket.Conn // by shard id
	ids   chan [2]int
}

func newShardGateway(t *testing.T) *shardGateway {
	g := &shardGateway{conns: map[int]*websocket.Conn{}, ids: make(chan [2]int, 8)}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v10/gateway", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(map[string]string{"url": "ws" + strings.TrimPrefix(g.srv.URL, "http") + "/gateway"})
	})
	mux.HandleFunc("/gateway/", g.gateway)
	mux.HandleFunc("/api/v10/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodPut {
			_, _ = w.Write([]byte("[]"))
			return
		}
		_, _ = w.Write([]byte("{}"))
	})
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	setEndpoints(g.srv.URL + "/")
	t.Cleanup(func() { setEndpoints("https://discord.com/") })
	return g
}

func (g *shardGateway) gateway(w http.ResponseWriter, r *http.Request) {
	up := websocket.Upgrader{}
	c, err := up.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	var wmu sync.Mutex
	write := func(v any) {
		wmu.Lock()
		defer wmu.Unlock()
		_ = c.WriteJSON(v)
	}
	write(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}})
	for {
		_, msg, err := c.ReadMessage()
		if err != nil {
			return
		}
		var p struct {
			Op int `json:"op"`
			D  struct {
				Shard *[2]int `json:"shard"`
			} `json:"d"`
		}
		_ = json.Unmarshal(msg, &p)
		switch p.Op {
		case 1:
			write(map[string]any{"op": 11})
		case 2:
			shard := [2]int{0, 1}
			if p.D.Shard != nil {
				shard = *p.D.Shard
			}
			g.mu.Lock()
			g.conns[shard[0]] = c
			g.mu.Unlock()
			write(map[string]any{"op": 0, "s": 1, "t": "READY", "d": map[string]any{
				"v": 9, "session_id": "sess", "shard": shard,
				"user":        map[string]any{"id": "bot1", "username": "pbc", "bot": true},
				"application": map[string]any{"id": "app1"}, "guilds": []any{},
			}})
			g.ids <- shard
		}
	}
}

// TestShardsEachHaveAGatewaySession runs two of three shards in one
// adapter: each identifies as its shard, and an event on either reaches
// the handler.
func TestShardsEachHaveAGatewaySession(t *testing.T) {
	defer func(d time.Duration) { identifyGap = d }(identifyGap)
	identifyGap = 10 * time.Millisecond
	g := newShardGateway(t)
	a, err := New(Options{Token: "secret-token", GuildID: "g1", ShardCount: 3, ShardIDs: []int{2, 0}})
	if err != nil {
		t.Fatal(err)
	}
	h := &stubHandler{got: make(chan bot.Message, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx, h) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	var got [][2]int
	for range 2 {
		select {
		case id := <-g.ids:
			got = append(got, id)
		case err := <-done:
			t.Fatalf("Run ended: %v", err)
		case <-time.After(10 * time.Second):
			t.Fatalf("identified as %v; want shards 0 and 2 of 3", got)
		}
	}
	if want := [][2]int{{0, 3}, {2, 3}}; !slices.Equal(got, want) {
		t.Fatalf("identified as %v, want %v", got, want)
	}
	select {
	case id := <-g.ids:
		t.Fatalf("a third session identified as %v", id)
	case <-time.After(50 * time.Millisecond):
	}
	g.mu.Lock()
	c := g.conns[2]
	g.mu.Unlock()
	ev := map[string]any{"op": 0, "s": 2, "t": "INTERACTION_CREATE", "d": interaction(2, map[string]any{
		"id": "cmd1", "name": "pbc", "type": 1, "options": []any{map[string]any{"type": 1, "name": "status"}}})}
	if err := c.WriteJSON(ev); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-h.got:
		if m.Text != "status" {
			t.Errorf("the second shard's interaction came as %q, want status", m.Text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the second shard's interaction did not reach the handler")
	}
}
