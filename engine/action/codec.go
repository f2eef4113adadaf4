package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
)

// object is a JSON object as it was read: its keys in first-seen order and the
// raw value of each key. Raw values of list fields are dropped after decoding
// (only their presence matters for re-encoding), scalars are kept so that a
// value such as null or false can be written back exactly.
type object struct {
	keys []string
	vals map[string]json.RawMessage
}

// has reports whether key was present in the input.
func (o *object) has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.vals[key]
	return ok
}

// raw returns the input's value for key, if it was present and kept.
func (o *object) raw(key string) (json.RawMessage, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[key]
	return v, ok && v != nil
}

// parseObject reads one JSON object, keeping key order. A repeated key keeps
// its first position and its last value, as encoding/json does.
func parseObject(data []byte) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("expected a JSON object, got %v", tok)
	}
	o := &object{vals: map[string]json.RawMessage{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("expected an object key, got %v", tok)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		if _, dup := o.vals[key]; !dup {
			o.keys = append(o.keys, key)
		}
		o.vals[key] = v
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON object")
	}
	return o, nil
}

// record is a JSON object type that keeps its unknown fields and its input.
type record interface {
	// codecFields reads or writes each modelled field through c.
	codecFields(c *codec)
	// rawState returns the places of the unknown fields and of the input object.
	rawState() (extra *map[string]json.RawMessage, src **object)
}

// codec reads fields out of an object, or writes them into a new one. One
// fields method per type serves both directions.
type codec struct {
	enc  bool
	src  *object         // input object (decoding), or the one a value was read from (encoding)
	used map[string]bool // decoding: keys consumed by modelled fields
	out  []kv            // encoding: fields written
	err  error
	// depth is how deeply the record being decoded is nested in action lists.
	depth int
}

type kv struct {
	key string
	val json.RawMessage
}

// decodeRecord fills r from data.
func decodeRecord(data []byte, r record) error {
	o, err := parseObject(data)
	if err != nil {
		return err
	}
	return decodeObject(o, r, 0)
}

// decodeObject fills r from an already parsed object found at the given
// action-list nesting depth.
func decodeObject(o *object, r record, depth int) error {
	c := &codec{src: o, used: map[string]bool{}, depth: depth}
	r.codecFields(c)
	if c.err != nil {
		return c.err
	}
	extra, src := r.rawState()
	*extra = nil
	for _, k := range o.keys {
		if !c.used[k] {
			if *extra == nil {
				*extra = map[string]json.RawMessage{}
			}
			(*extra)[k] = o.vals[k]
		}
	}
	*src = o
	return nil
}

// encodeRecord writes r as a compact JSON object. Keys the input had come first,
// in input order; new keys follow in field order, then unknown ones sorted.
func encodeRecord(r record) ([]byte, error) {
	extra, src := r.rawState()
	c := &codec{enc: true, src: *src}
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

func (c *codec) fail(key string, err error) {
	if c.err == nil {
		c.err = fmt.Errorf("%q: %w", key, err)
	}
}

// take returns the input value of key for decoding and marks it consumed.
func (c *codec) take(key string) (json.RawMessage, bool) {
	v, ok := c.src.raw(key)
	if c.src.has(key) {
		c.used[key] = true
	}
	return v, ok
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

// scalar codes a field of a comparable type. It is written when the input had
// it or the value is not the zero value; an unchanged value is written exactly
// as it was read (so null stays null).
func scalar[T comparable](c *codec, key string, p *T) {
	scalarFunc(c, key, p, func(b []byte, v *T) error { return json.Unmarshal(b, v) })
}

// scalarFunc is scalar with a custom decoding function.
func scalarFunc[T comparable](c *codec, key string, p *T, decode func([]byte, *T) error) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			if err := decode(b, p); err != nil {
				c.fail(key, err)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok {
		var old T
		if decode(b, &old) == nil && old == *p {
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
			if err := json.Unmarshal(b, p); err != nil {
				c.fail(key, err)
			}
		}
		return
	}
	if b, ok := c.src.raw(key); ok {
		var old *int
		if json.Unmarshal(b, &old) == nil && (old == nil) == (*p == nil) && (old == nil || *old == **p) {
			c.out = append(c.out, kv{key, b})
			return
		}
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}

// rawValue codes a field kept as raw JSON; it is written when not empty.
func rawValue(c *codec, key string, p *json.RawMessage) {
	if !c.enc {
		if b, ok := c.take(key); ok {
			*p = slices.Clone(b)
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
		if b, ok := c.take(key); ok {
			if err := json.Unmarshal(b, p); err != nil {
				c.fail(key, err)
			}
			c.src.vals[key] = nil // presence is enough from now on
		}
		return
	}
	if c.src.has(key) || *p != nil {
		c.emit(key, *p)
	}
}
