package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math/big"
	"strconv"
)

// GameLog is a game as 18xx.games exports it: metadata, settings, the action
// log and the final result (section 1.1).
type GameLog struct {
	ID            GameID
	Title         string
	Players       []Player // in seat order
	Settings      Settings
	Actions       []Action
	Result        map[string]int // final value per player id
	GameEndReason string
	// Extra holds the top-level fields this package does not model, by JSON key.
	Extra map[string]json.RawMessage

	src *source
}

// Player is an entry of a game's players list.
type Player struct {
	ID   int
	Name string
	// Extra holds fields this package does not model, by JSON key.
	Extra map[string]json.RawMessage

	src *source
}

// Settings holds a game's settings.
type Settings struct {
	// Seed is the raw "seed": a number, "", null, or nil when absent; see GameLog.Seed.
	Seed          json.RawMessage
	OptionalRules []string
	// Extra holds fields this package does not model, by JSON key.
	Extra map[string]json.RawMessage

	src *source
}

// ReadGameLog reads an exported game.
func ReadGameLog(r io.Reader) (*GameLog, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, err
	}
	l := new(GameLog)
	if err := l.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return l, nil
}

// readAll is io.ReadAll reading into one buffer of the right size when r
// tells its length (an in-memory reader or a file).
func readAll(r io.Reader) ([]byte, error) {
	size := -1
	switch r := r.(type) {
	case interface{ Len() int }:
		size = r.Len()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := r.Stat(); err == nil && fi.Mode().IsRegular() {
			size = int(fi.Size())
		}
	}
	if size < 0 {
		return io.ReadAll(r)
	}
	var buf bytes.Buffer
	buf.Grow(size + bytes.MinRead)
	_, err := buf.ReadFrom(r)
	return buf.Bytes(), err
}

// Write writes the game as compact JSON in the site's format, without a
// trailing newline, as the site exports it.
func (l *GameLog) Write(w io.Writer) error {
	b, err := encodeRecord(l)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// MarshalJSON writes the game in the 18xx.games format.
func (l *GameLog) MarshalJSON() ([]byte, error) { return encodeRecord(l) }

// UnmarshalJSON reads the game from the 18xx.games format.
func (l *GameLog) UnmarshalJSON(b []byte) error {
	if err := decodeRecord(b, l, nil); err != nil {
		return fmt.Errorf("game log: %w", err)
	}
	return nil
}

// Seed returns the setup seed (section 2.1): settings.seed when present and not
// "" or null, else the first run of digits in the game id (0 if none). A seed
// that does not fit in an int64 is returned modulo 2^31, which is all the
// generator uses; a seed string of digits counts as that number.
func (l *GameLog) Seed() int64 {
	if s, ok := parseSeed(bytes.TrimSpace(l.Settings.Seed)); ok {
		return s
	}
	id := l.ID.String()
	start := -1
	for i, c := range id {
		isDigit := c >= '0' && c <= '9'
		if start < 0 && isDigit {
			start = i
		} else if start >= 0 && !isDigit {
			return seedInt(id[start:i])
		}
	}
	if start < 0 {
		return 0
	}
	return seedInt(id[start:])
}

// parseSeed reads settings.seed; false means "use the id".
func parseSeed(b []byte) (int64, bool) {
	if len(b) == 0 || string(b) == "null" {
		return 0, false
	}
	text := string(b)
	if b[0] == '"' {
		if err := json.Unmarshal(b, &text); err != nil || text == "" {
			return 0, false
		}
	}
	if _, ok := new(big.Int).SetString(text, 10); !ok {
		return 0, false
	}
	return seedInt(text), true
}

// seedInt parses a decimal integer, reducing it modulo 2^31 if it overflows.
func seedInt(s string) int64 {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n
	}
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return 0
	}
	return n.Mod(n, big.NewInt(1<<31)).Int64()
}

func (l *GameLog) rawState() (*map[string]json.RawMessage, **source) { return &l.Extra, &l.src }

func (l *GameLog) codecFields(c *codec) {
	scalar(c, "id", &l.ID)
	scalar(c, "title", &l.Title)
	list(c, "players", &l.Players)
	nested(c, "settings", &l.Settings, l.Settings.isZero())
	actionList(c, "actions", &l.Actions)
	intMap(c, "result", &l.Result)
	scalar(c, "game_end_reason", &l.GameEndReason)
}

// MarshalJSON writes the player in the 18xx.games format.
func (p Player) MarshalJSON() ([]byte, error) { return encodeRecord(&p) }

// UnmarshalJSON reads the player from the 18xx.games format.
func (p *Player) UnmarshalJSON(b []byte) error { return decodeRecord(b, p, nil) }

func (p *Player) rawState() (*map[string]json.RawMessage, **source) { return &p.Extra, &p.src }

func (p *Player) codecFields(c *codec) {
	scalar(c, "id", &p.ID)
	scalar(c, "name", &p.Name)
}

func (s *Settings) rawState() (*map[string]json.RawMessage, **source) { return &s.Extra, &s.src }

func (s *Settings) codecFields(c *codec) {
	rawValue(c, "seed", &s.Seed)
	list(c, "optional_rules", &s.OptionalRules)
}

func (s *Settings) isZero() bool {
	return s.Seed == nil && s.OptionalRules == nil && len(s.Extra) == 0 && s.src == nil
}

// nested codes a field holding a JSON object (null reads as the zero value
// and is written back when the value is still zero).
func nested(c *codec, key string, r record, zero bool) {
	if !c.enc {
		if start, end, ok := c.takeAt(key); ok {
			if b := c.d.data[start:end]; string(b) == "null" {
				c.keep(key, b)
			} else if _, err := c.d.record(start, r, 0); err != nil {
				c.fail(key, err)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok && zero { // still the null that was read
		c.out = append(c.out, kv{key, b})
		return
	}
	if c.src.has(key) || !zero {
		b, err := encodeRecord(r)
		if err != nil {
			c.fail(key, err)
			return
		}
		c.out = append(c.out, kv{key, b})
	}
}

// intMap codes a map of integers; an unchanged map is written as it was read,
// keeping its key order.
func intMap(c *codec, key string, p *map[string]int) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			if err := json.Unmarshal(b, p); err != nil {
				c.fail(key, err)
			} else if !exactJSON(b, *p) {
				c.keep(key, b)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok {
		var old map[string]int
		if json.Unmarshal(b, &old) == nil && (old == nil) == (*p == nil) && maps.Equal(old, *p) {
			c.out = append(c.out, kv{key, b})
			return
		}
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}
