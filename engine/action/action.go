// Package action models the actions of 18xx.games game logs for the 1822PNW
// and 1822CA titles (docs/action-log-format.md, section 3).
//
// Every action type is a pointer type embedding Envelope. Decode reads one
// action; json.Marshal writes it back in the site's format. Fields this
// package does not model are kept in Envelope.Extra, values it reads loosely
// (null, false) are written back as read, and keys keep their input order, so
// a log re-encodes to the same JSON.
//
// Decoding scans the bytes itself rather than building generic values: it
// validates the input once, as encoding/json would, then fills each record's
// fields straight from the bytes of its members. A decoded record keeps no
// raw JSON but what it needs to be written back as it was read: a shared
// description of its key order and of the few values its fields would not
// reproduce (see source). Writing compares the fields with that description,
// so a changed, added or removed field is written as encoding/json would.
package action

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Entity types as written in "entity_type".
const (
	EntityPlayer      = "player"
	EntityCorporation = "corporation"
	EntityCompany     = "company"
)

// Action is one entry of a game's action log.
type Action interface {
	// Env returns the fields every action has.
	Env() *Envelope
}

// Envelope holds the fields every action has. The JSON tags name the fields;
// the actual encoding is done by each action type's MarshalJSON.
type Envelope struct {
	Type       string   `json:"type"`
	ID         int      `json:"id,omitempty"` // absent on auto actions
	Entity     EntityID `json:"entity"`
	EntityType string   `json:"entity_type"`
	// CreatedAt, User and OriginalID are kept as raw JSON; nil when absent.
	CreatedAt  json.RawMessage `json:"created_at,omitempty"`
	User       json.RawMessage `json:"user,omitempty"`
	OriginalID json.RawMessage `json:"original_id,omitempty"`
	// AutoActions are the follow-up actions the site generated (section 3.7).
	AutoActions []Action `json:"auto_actions,omitempty"`
	// Extra holds fields this package does not model, by JSON key.
	Extra map[string]json.RawMessage `json:"-"`

	src *source // how the action was written, if it was decoded
}

// Env returns e itself; every action type gets it by embedding Envelope.
func (e *Envelope) Env() *Envelope { return e }

// HasID reports whether the action carries an "id" (auto actions do not).
func (e *Envelope) HasID() bool { return e.ID != 0 || e.src.has("id") }

// actionFields codes the type-specific fields; types with fields override it.
func (e *Envelope) actionFields(*codec) {}

// typed is an action whose type-specific fields this package can code.
type typed interface {
	Action
	actionFields(c *codec)
}

// constructors maps each modelled "type" to a constructor of its Go type.
var constructors = map[string]func() Action{
	TypePass:                    func() Action { return new(Pass) },
	TypeBid:                     func() Action { return new(Bid) },
	TypeLayTile:                 func() Action { return new(LayTile) },
	TypeRunRoutes:               func() Action { return new(RunRoutes) },
	TypeUndo:                    func() Action { return new(Undo) },
	TypeRedo:                    func() Action { return new(Redo) },
	TypeChoose:                  func() Action { return new(Choose) },
	TypeChooseAbility:           func() Action { return new(ChooseAbility) },
	TypeDividend:                func() Action { return new(Dividend) },
	TypeBuyTrain:                func() Action { return new(BuyTrain) },
	TypeBuyShares:               func() Action { return new(BuyShares) },
	TypeSellShares:              func() Action { return new(SellShares) },
	TypePar:                     func() Action { return new(Par) },
	TypeAcquireCompany:          func() Action { return new(AcquireCompany) },
	TypeMerge:                   func() Action { return new(Merge) },
	TypePlaceToken:              func() Action { return new(PlaceToken) },
	TypeRemoveToken:             func() Action { return new(RemoveToken) },
	TypeHexToken:                func() Action { return new(HexToken) },
	TypeDiscardTrain:            func() Action { return new(DiscardTrain) },
	TypePayoffPlayerDebt:        func() Action { return new(PayoffPlayerDebt) },
	TypePayoffPlayerDebtPartial: func() Action { return new(PayoffPlayerDebtPartial) },
	TypeLog:                     func() Action { return new(Log) },
	TypeMessage:                 func() Action { return new(Message) },
	TypeAssign:                  func() Action { return new(Assign) },
	TypeEndGame:                 func() Action { return new(EndGame) },
	TypeProgramSharePass:        func() Action { return new(ProgramSharePass) },
	TypeProgramBuyShares:        func() Action { return new(ProgramBuyShares) },
	TypeProgramDisable:          func() Action { return new(ProgramDisable) },
	TypeProgramMergerPass:       func() Action { return new(ProgramMergerPass) },
}

// typeNames maps each modelled Go type to its "type" string.
var typeNames = func() map[reflect.Type]string {
	m := make(map[reflect.Type]string, len(constructors))
	for name, mk := range constructors {
		m[reflect.TypeOf(mk())] = name
	}
	return m
}()

// TypeName returns the "type" string of a: its Type field, or when that is
// empty the name that belongs to its Go type ("" for Unknown).
func TypeName(a Action) string {
	if t := a.Env().Type; t != "" {
		return t
	}
	return typeNames[reflect.TypeOf(a)]
}

// maxDepth bounds how deeply auto actions may nest (real logs nest one level).
const maxDepth = 16

// Decode reads one action, including its auto actions. Types this package does
// not model decode to *Unknown.
func Decode(raw []byte) (Action, error) {
	d := newDecoder(raw)
	defer d.release()
	i := skipSpace(raw, 0)
	end, err := skipValue(raw, i, 0)
	switch {
	case i < len(raw) && raw[i] != '{':
		return nil, fmt.Errorf("action: %w", errNotObject)
	case err != nil:
		return nil, fmt.Errorf("action: %w", err)
	case skipSpace(raw, end) != len(raw):
		return nil, fmt.Errorf("action: %w", errTrailing)
	}
	d.valid = true
	a, _, err := d.action(i, 0)
	return a, err
}

// action reads the action starting at data[i], nested depth levels deep in
// action lists, and returns the index just after it.
func (d *decoder) action(i, depth int) (Action, int, error) {
	if depth > maxDepth {
		return nil, 0, fmt.Errorf("action: auto_actions nested more than %d deep", maxDepth)
	}
	end, base, err := d.object(i)
	if err != nil {
		return nil, 0, fmt.Errorf("action: %w", err)
	}
	mk, err := d.constructor(base)
	if err != nil {
		d.members = d.members[:base]
		return nil, 0, err
	}
	var a Action
	if mk != nil {
		a = mk()
	} else {
		a = new(Unknown)
	}
	if err := d.fill(base, a.Env(), a, depth); err != nil {
		return nil, 0, fmt.Errorf("%s action: %w", a.Env().Type, err)
	}
	return a, end, nil
}

// constructor returns the constructor of the type named by the "type" among
// the members from base up, nil for a type not modelled.
func (d *decoder) constructor(base int) (func() Action, error) {
	for _, m := range d.members[base:] {
		if string(m.key) != "type" {
			continue
		}
		b := d.data[m.start:m.end]
		if len(b) >= 2 && b[0] == '"' {
			if lit, _ := plain(b[1 : len(b)-1]); lit {
				return constructors[string(b[1:len(b)-1])], nil
			}
		}
		var typ string
		if err := json.Unmarshal(b, &typ); err != nil {
			return nil, fmt.Errorf("action type: %w", err)
		}
		return constructors[typ], nil
	}
	return nil, errors.New(`action: no "type"`)
}

// unmarshalAction is the UnmarshalJSON of every action type.
func unmarshalAction(a Action, b []byte) error {
	want := typeNames[reflect.TypeOf(a)]
	if err := decodeRecord(b, a.Env(), a); err != nil {
		return fmt.Errorf("%s action: %w", want, err)
	}
	if got := a.Env().Type; want != "" && got != want {
		return fmt.Errorf("action: cannot decode type %q into %T", got, a)
	}
	return nil
}

// marshalAction is the MarshalJSON of every action type.
func marshalAction(a Action) ([]byte, error) {
	return encode(a.Env(), a)
}

// The envelope of an action is the record the codec codes for it, with the
// action as the codec's act: its codecFields codes the action's own fields
// too. (An Action is not a record itself: that would take an allocation.)

func (e *Envelope) rawState() (*map[string]json.RawMessage, **source) {
	return &e.Extra, &e.src
}

func (e *Envelope) codecFields(c *codec) {
	if c.enc {
		typ := TypeName(c.act)
		scalar(c, "type", &typ)
	} else {
		scalar(c, "type", &e.Type)
	}
	scalar(c, "entity", &e.Entity)
	scalar(c, "entity_type", &e.EntityType)
	scalar(c, "id", &e.ID)
	rawValue(c, "user", &e.User)
	rawValue(c, "created_at", &e.CreatedAt)
	actionList(c, "auto_actions", &e.AutoActions)
	if t, ok := c.act.(typed); ok {
		t.actionFields(c)
	}
	rawValue(c, "original_id", &e.OriginalID)
}

// actionList codes a list of actions (auto_actions, a log's actions).
func actionList(c *codec, key string, p *[]Action) {
	if !c.enc {
		start, end, ok := c.takeAt(key)
		if !ok {
			return
		}
		data := c.d.data
		switch data[start] {
		case 'n':
			return
		case '[':
		default:
			var raws []json.RawMessage // for encoding/json's error
			c.fail(key, json.Unmarshal(data[start:end], &raws))
			return
		}
		d := c.d
		base := len(d.actions)
		defer func() {
			clear(d.actions[base:])
			d.actions = d.actions[:base]
		}()
		for i := skipSpace(data, start+1); data[i] != ']'; {
			a, next, err := d.action(i, c.depth+1)
			if err != nil {
				c.fail(key, fmt.Errorf("%d: %w", len(d.actions)-base, err))
				return
			}
			d.actions = append(d.actions, a)
			if i = skipSpace(data, next); data[i] == ',' {
				i = skipSpace(data, i+1)
			}
		}
		*p = clone(d.actions[base:])
		return
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}
