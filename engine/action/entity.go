package action

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// EntityID is the acting entity of an action: a player id (a JSON integer) or a
// corporation or company id (a JSON string). The zero value means "none".
type EntityID struct {
	text   string // the id; for players the integer exactly as written
	player bool
}

// PlayerEntity returns the EntityID of the player with the given id.
func PlayerEntity(id int) EntityID { return EntityID{text: strconv.Itoa(id), player: true} }

// NamedEntity returns the EntityID of a corporation or company ("CPR", "6", "P1").
func NamedEntity(id string) EntityID { return EntityID{text: id} }

// String returns the id as text: "5840" for a player, "CPR" for a corporation.
func (e EntityID) String() string { return e.text }

// IsPlayer reports whether the entity is a player (its JSON is an integer).
func (e EntityID) IsPlayer() bool { return e.player }

// IsZero reports whether no entity is set.
func (e EntityID) IsZero() bool { return e == EntityID{} }

// PlayerID returns the player id, and false when the entity is not a player.
func (e EntityID) PlayerID() (int, bool) {
	if !e.player {
		return 0, false
	}
	n, err := strconv.Atoi(e.text)
	return n, err == nil
}

// MarshalJSON writes a player as a JSON integer and any other entity as a string.
func (e EntityID) MarshalJSON() ([]byte, error) {
	if e.player {
		return []byte(e.text), nil
	}
	if e.IsZero() {
		return []byte("null"), nil
	}
	return marshal(e.text)
}

// UnmarshalJSON reads a JSON integer (player), a string or null.
func (e *EntityID) UnmarshalJSON(b []byte) error {
	_, err := e.decode(nil, b)
	return err
}

// decode is UnmarshalJSON that also reports whether MarshalJSON gives b back;
// d, when not nil, is the decoder whose strings the id may share.
func (e *EntityID) decode(d *decoder, b []byte) (exact bool, err error) {
	text, number, exact, err := d.stringOrInteger(b)
	if err != nil {
		return false, fmt.Errorf("entity: %w", err)
	}
	*e = EntityID{text: text, player: number}
	return exact, nil
}

// GameID is a game id, which the site writes as a JSON integer or a string.
type GameID struct {
	text   string
	number bool
}

// String returns the id as text.
func (g GameID) String() string { return g.text }

// IsNumber reports whether the id is written as a JSON integer.
func (g GameID) IsNumber() bool { return g.number }

// MarshalJSON writes the id as it was read.
func (g GameID) MarshalJSON() ([]byte, error) {
	if g.number {
		return []byte(g.text), nil
	}
	if g == (GameID{}) {
		return []byte("null"), nil
	}
	return marshal(g.text)
}

// UnmarshalJSON reads a JSON integer, a string or null.
func (g *GameID) UnmarshalJSON(b []byte) error {
	text, number, _, err := (*decoder)(nil).stringOrInteger(b)
	if err != nil {
		return fmt.Errorf("game id: %w", err)
	}
	*g = GameID{text: text, number: number}
	return nil
}

// stringOrInteger decodes a JSON string, integer or null; an integer is
// returned as its literal text so that it can be written back unchanged.
// exact reports whether the value, written back (the empty string as null),
// gives b.
func (d *decoder) stringOrInteger(b []byte) (text string, number, exact bool, err error) {
	trimmed := bytes.TrimSpace(b)
	exact = len(trimmed) == len(b)
	b = trimmed
	switch {
	case len(b) == 0:
		return "", false, false, fmt.Errorf("empty value")
	case string(b) == "null":
		return "", false, exact, nil
	case b[0] == '"':
		if len(b) >= 2 && b[len(b)-1] == '"' {
			if lit, ex := plain(b[1 : len(b)-1]); lit {
				return d.str(b[1 : len(b)-1]), false, exact && ex && len(b) > 2, nil
			}
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return "", false, false, err
		}
		return s, false, exact && s != "" && exactJSON(b, s), nil
	}
	digits := b
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || (len(digits) > 1 && digits[0] == '0') {
		return "", false, false, fmt.Errorf("want an integer or a string, got %s", b)
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return "", false, false, fmt.Errorf("want an integer or a string, got %s", b)
		}
	}
	return d.str(b), true, exact, nil
}
