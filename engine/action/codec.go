package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// record is a JSON object type that keeps its unknown fields and its source.
type record interface {
	// codecFields reads or writes each modelled field through c.
	codecFields(c *codec)
	// rawState returns the places of the unknown fields and of the source.
	rawState() (extra *map[string]json.RawMessage, src **source)
}

// codec reads fields out of an object being decoded, or writes them into a
// new one. One fields method per type serves both directions.
type codec struct {
	enc bool
	// Decoding: the record's members are d.members[base:top]; kept collects
	// the raw values the source must keep.
	d         *decoder
	base, top int
	kept      []kv
	// Encoding: the source of the value (nil if built in Go), the fields written.
	src *source
	out []kv
	err error
	// depth is how deeply the record being decoded is nested in action lists.
	depth int
	// act is the action whose Envelope is the record, if it is one.
	act Action
}

type kv struct {
	key string
	val json.RawMessage
}

// encodeRecord writes r as a compact JSON object. Keys the input had come first,
// in input order; new keys follow in field order, then unknown ones sorted.
func encodeRecord(r record) ([]byte, error) { return encode(r, nil) }

// encode is encodeRecord of r, the Envelope of act when act is not nil.
func encode(r record, act Action) ([]byte, error) {
	extra, src := r.rawState()
	c := &codec{enc: true, src: *src, act: act}
	r.codecFields(c)
	if c.err != nil {
		return nil, c.err
	}
	written := make(map[string]json.RawMessage, len(c.out)+len(*extra))
	order := make([]string, 0, len(c.out)+len(*extra))
	for _, f := range c.out {
		written[f.key] = f.val
		order = append(order, f.key)
	}
	for _, k := range slices.Sorted(maps.Keys(*extra)) {
		if _, modelled := written[k]; modelled {
			continue
		}
		v := (*extra)[k]
		if !json.Valid(v) {
			return nil, fmt.Errorf("%q: invalid raw JSON in Extra", k)
		}
		written[k] = v
		order = append(order, k)
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	put := func(k string) {
		if !first {
			buf.WriteByte(',')
		}
		first = false
		kb, _ := marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(written[k])
		delete(written, k)
	}
	if *src != nil {
		for _, k := range (*src).keys {
			if _, ok := written[k]; ok {
				put(k)
			}
		}
	}
	for _, k := range order {
		if _, ok := written[k]; ok {
			put(k)
		}
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// marshal is json.Marshal without HTML escaping, as the site writes its JSON.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'}), nil
}

// exactJSON reports whether v is written back as b.
func exactJSON(b []byte, v any) bool {
	out, err := marshal(v)
	return err == nil && bytes.Equal(out, b)
}

func (c *codec) fail(key string, err error) {
	if c.err == nil {
		c.err = fmt.Errorf("%q: %w", key, err)
	}
}

// takeAt finds the input value of key for decoding, at data[start:end], and
// marks it consumed.
func (c *codec) takeAt(key string) (start, end int, ok bool) {
	for j := c.base; j < c.top; j++ {
		if m := &c.d.members[j]; string(m.key) == key {
			m.used = true
			return m.start, m.end, true
		}
	}
	return 0, 0, false
}

// take returns the input value of key for decoding and marks it consumed.
func (c *codec) take(key string) ([]byte, bool) {
	start, end, ok := c.takeAt(key)
	return c.d.data[start:end], ok
}

// keep records that the source must keep the raw value b of key (a
// sub-slice of the input; the source copies it).
func (c *codec) keep(key string, b []byte) {
	c.kept = append(c.kept, kv{key, b})
}

// emit writes key with the JSON encoding of v.
func (c *codec) emit(key string, v any) {
	b, err := marshal(v)
	if err != nil {
		c.fail(key, err)
		return
	}
	c.out = append(c.out, kv{key, b})
}

// A decodeFunc reads a scalar from its JSON b into *p; exact reports whether
// encoding *p gives back b, so that the source need not keep b. d, when not
// nil, is the decoder whose strings the value may share.
type decodeFunc[T any] func(d *decoder, b []byte, p *T) (exact bool, err error)

// scalar codes a field of a comparable type. It is written when the input had
// it or the value is not the zero value; an unchanged value is written exactly
// as it was read (so null stays null).
func scalar[T comparable](c *codec, key string, p *T) {
	scalarFunc(c, key, p, decodeScalar[T])
}

// decodeScalar reads the scalar types of this package quickly, others with
// encoding/json.
func decodeScalar[T any](d *decoder, b []byte, p *T) (bool, error) {
	switch p := any(p).(type) {
	case *string:
		return d.decodeString(b, p)
	case *int:
		return decodeInt(b, p)
	case *EntityID:
		return p.decode(d, b)
	}
	if err := json.Unmarshal(b, p); err != nil {
		return false, err
	}
	return exactJSON(b, *p), nil
}

// scalarFunc is scalar with a custom decoding function.
func scalarFunc[T comparable](c *codec, key string, p *T, decode decodeFunc[T]) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			exact, err := decode(c.d, b, p)
			if err != nil {
				c.fail(key, err)
			} else if !exact {
				c.keep(key, b)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok {
		var old T
		if _, err := decode(nil, b, &old); err == nil && old == *p {
			c.out = append(c.out, kv{key, b})
			return
		}
	}
	var zero T
	if c.src.has(key) || *p != zero {
		c.emit(key, *p)
	}
}

// required codes a field 18xx.games refuses an action without, even when its
// value is zero (a $0 bid, rotation 0). An action read from a log keeps the
// keys it had, so that it writes back byte for byte.
func required[T comparable](c *codec, key string, p *T) {
	if c.enc && c.src == nil {
		c.emit(key, *p)
		return
	}
	scalar(c, key, p)
}

// intPtr codes an optional integer: nil when absent or null.
func intPtr(c *codec, key string, p **int) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			exact, err := decodeIntPtr(b, p)
			if err != nil {
				c.fail(key, err)
			} else if !exact {
				c.keep(key, b)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok {
		var old *int
		if _, err := decodeIntPtr(b, &old); err == nil && (old == nil) == (*p == nil) && (old == nil || *old == **p) {
			c.out = append(c.out, kv{key, b})
			return
		}
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}

// decodeIntPtr reads an integer or null.
func decodeIntPtr(b []byte, p **int) (bool, error) {
	if string(b) == "null" {
		*p = nil
		return true, nil
	}
	n := new(int)
	exact, err := decodeInt(b, n)
	if err != nil {
		return false, err
	}
	*p = n
	return exact, nil
}

// rawValue codes a field kept as raw JSON; it is written when not empty.
func rawValue(c *codec, key string, p *json.RawMessage) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			*p = c.d.rawCopy(b)
		}
		return
	}
	if len(*p) > 0 {
		if !json.Valid(*p) {
			c.fail(key, errors.New("invalid raw JSON"))
			return
		}
		c.out = append(c.out, kv{key, *p})
	}
}

// list codes a list field (or any non-scalar decoded by encoding/json). It is
// written when the input had it or the value is not nil, so [] and null survive.
func list[T any](c *codec, key string, p *[]T) {
	if !c.enc {
		if start, end, ok := c.takeAt(key); ok {
			if err := decodeList(c.d, start, end, p); err != nil {
				c.fail(key, err)
			}
		}
		return
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}
