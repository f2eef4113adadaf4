package action

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sync"
)

// A decoder reads records straight from the bytes of one JSON text. The
// input is validated once; then the members of each object are found in one
// pass over it (the values skipped), and each modelled field is decoded from
// its member's bytes. Nothing of the input is retained: decoded strings and
// raw values are copies, and the way each record was written is kept as a
// shared *source.

// member is a key of an object being decoded and where its value is.
type member struct {
	key        []byte // unescaped; usually a sub-slice of the input
	start, end int    // the value is data[start:end]
	used       bool   // consumed by a modelled field
}

// decoder holds the input and the scratch space of one decoding.
type decoder struct {
	data []byte
	// valid is set once the whole input has been validated, so that the
	// objects nested in it are scanned without checking them again.
	valid bool
	// members is a stack: a record's members are pushed above those of the
	// records it is nested in, and popped when it is decoded.
	members []member
	index   map[string]int // member position by key, while scanning a large object
	codecs  []*codec       // free codecs
	sig     []byte         // scratch for source signatures
	// Stacks of the lists being decoded, which nest like the members.
	actions []Action
	strings []string
	lists   [][]string
	// strs holds the short strings handed out, to hand them out again; it is
	// kept with the pooled decoder, so the rows of a stored game share them too.
	strs map[string]string
	// recent holds the last string handed out for each hash of its text: a
	// log repeats a few dozen strings, and most are found here before the map.
	recent [256]string
	// arena is where short raw values are copied, many to an allocation.
	arena []byte
}

var decoders = sync.Pool{New: func() any {
	d := &decoder{index: map[string]int{}}
	d.resetStrings()
	return d
}}

// Strings longer than maxInterned bytes are not shared; a decoder forgets
// its strings when it holds maxStrings.
const (
	maxInterned = 32
	maxStrings  = 2048
)

// names are the strings every decoder shares: action and entity types.
var names = func() map[string]string {
	m := map[string]string{EntityPlayer: EntityPlayer, EntityCorporation: EntityCorporation, EntityCompany: EntityCompany}
	for name := range constructors {
		m[name] = name
	}
	return m
}()

func (d *decoder) resetStrings() {
	if d.strs == nil {
		d.strs = make(map[string]string, len(names))
	}
	clear(d.strs)
	maps.Copy(d.strs, names)
}

// Raw values of at most maxArenaValue bytes are copied into chunks of
// arenaChunk bytes: a log's created_at values take one allocation per chunk
// instead of one each.
const (
	maxArenaValue = 64
	arenaChunk    = 1024
)

// rawCopy returns a copy of the raw value b.
func (d *decoder) rawCopy(b []byte) json.RawMessage {
	if len(b) > maxArenaValue {
		return slices.Clone(b)
	}
	if cap(d.arena)-len(d.arena) < len(b) {
		d.arena = make([]byte, 0, arenaChunk)
	}
	n := len(d.arena)
	d.arena = append(d.arena, b...)
	return d.arena[n:len(d.arena):len(d.arena)] // appending to it copies
}

// str returns b as a string, the same string for the same text where it can.
func (d *decoder) str(b []byte) string {
	if d == nil {
		if s, ok := names[string(b)]; ok {
			return s
		}
		return string(b)
	}
	if len(b) > maxInterned {
		return string(b)
	}
	h := uint32(len(b))
	for _, c := range b {
		h = h*31 + uint32(c)
	}
	slot := &d.recent[h%uint32(len(d.recent))]
	if *slot == string(b) {
		return *slot
	}
	if s, ok := d.strs[string(b)]; ok {
		*slot = s
		return s
	}
	s := string(b)
	if len(d.strs) >= maxStrings {
		d.resetStrings()
	}
	d.strs[s] = s
	*slot = s
	return s
}

// newDecoder returns a decoder of data; release it when done.
func newDecoder(data []byte) *decoder {
	d := decoders.Get().(*decoder)
	d.data = data
	return d
}

// release returns d to the pool, dropping its reference to the input.
func (d *decoder) release() {
	d.data, d.valid = nil, false
	clear(d.members[:cap(d.members)])
	d.members = d.members[:0]
	decoders.Put(d)
}

var (
	errNotObject = errors.New("expected a JSON object")
	errTrailing  = errors.New("unexpected data after the JSON object")
)

// linearKeys is how many keys an object may have before duplicates are
// looked up in a map rather than by comparing with every earlier key.
const linearKeys = 16

// object scans the object starting at data[i] and pushes its members: each
// key once, at its first position, with its last value (as encoding/json
// decodes a repeated key). It returns the index just after the object and the
// stack position of its first member.
func (d *decoder) object(i int) (end, base int, err error) {
	data := d.data
	base = len(d.members)
	if i >= len(data) {
		return 0, base, errEOF
	}
	if data[i] != '{' {
		return 0, base, errNotObject
	}
	defer func() {
		if err != nil {
			d.members = d.members[:base]
		}
	}()
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, base, nil
	}
	var seen uint64 // keys met, by keyBit
	for {
		if i >= len(data) || data[i] != '"' {
			return 0, base, syntaxError(data, i, "looking for beginning of object key string")
		}
		var keyEnd int
		if d.valid {
			keyEnd = skipValidString(data, i)
		} else if keyEnd, err = scanString(data, i); err != nil {
			return 0, base, err
		}
		key := data[i+1 : keyEnd-1]
		if lit, _ := plain(key); !lit { // escaped, or not UTF-8
			var s string
			if err := json.Unmarshal(data[i:keyEnd], &s); err != nil {
				return 0, base, err
			}
			key = []byte(s)
		}
		if i = skipSpace(data, keyEnd); i >= len(data) || data[i] != ':' {
			return 0, base, syntaxError(data, i, "after object key")
		}
		start := skipSpace(data, i+1)
		var valEnd int
		if d.valid {
			valEnd = skipValid(data, start)
		} else if valEnd, err = skipValue(data, start, 1); err != nil {
			return 0, base, err
		}
		if bit := keyBit(key); seen&bit == 0 && len(d.members)-base+1 < linearKeys {
			d.members = append(d.members, member{key: key, start: start, end: valEnd})
			seen |= bit
		} else {
			d.add(base, key, start, valEnd)
			seen |= bit
		}
		switch i = skipSpace(data, valEnd); {
		case i >= len(data):
			return 0, base, errEOF
		case data[i] == ',':
			i = skipSpace(data, i+1)
		case data[i] == '}':
			return i + 1, base, nil
		default:
			return 0, base, syntaxError(data, i, "after object key:value pair")
		}
	}
}

// keyBit is a bit that the same key always sets, so that a key whose bit is
// not yet set needs no search for an earlier one.
func keyBit(key []byte) uint64 {
	h := uint(len(key))
	if len(key) > 0 {
		h = h*7 + uint(key[0]) + uint(key[len(key)-1])*3
	}
	return 1 << (h & 63)
}

// indexMembers indexes the members from base up by key, once an object has
// so many that searching them one by one would be slow.
func (d *decoder) indexMembers(base int) {
	clear(d.index)
	for j := base; j < len(d.members); j++ {
		d.index[string(d.members[j].key)] = j
	}
}

// add pushes a member of the object whose members start at base, or gives
// an earlier member of the same key its new value.
func (d *decoder) add(base int, key []byte, start, end int) {
	n := len(d.members) - base
	if n < linearKeys {
		for j := base; j < len(d.members); j++ {
			if string(d.members[j].key) == string(key) {
				d.members[j].start, d.members[j].end = start, end
				return
			}
		}
		d.members = append(d.members, member{key: key, start: start, end: end})
		if n+1 == linearKeys {
			d.indexMembers(base)
		}
		return
	}
	if j, ok := d.index[string(key)]; ok {
		d.members[j].start, d.members[j].end = start, end
		return
	}
	d.index[string(key)] = len(d.members)
	d.members = append(d.members, member{key: key, start: start, end: end})
}

// record decodes the object starting at data[i] into r, found depth levels
// deep in action lists, and returns the index just after it.
func (d *decoder) record(i int, r record, depth int) (int, error) {
	end, base, err := d.object(i)
	if err != nil {
		return 0, err
	}
	return end, d.fill(base, r, nil, depth)
}

// fill decodes r (the Envelope of act when act is not nil) from the members
// on the stack from base up, and pops them.
func (d *decoder) fill(base int, r record, act Action, depth int) error {
	top := len(d.members)
	defer func() { d.members = d.members[:base] }()
	c := d.codec(base, top, depth)
	c.act = act
	defer d.freeCodec(c)
	r.codecFields(c)
	if c.err != nil {
		return c.err
	}
	extra, src := r.rawState()
	*extra = nil
	unused := 0
	for _, m := range d.members[base:top] {
		if !m.used {
			unused++
		}
	}
	if unused > 0 {
		*extra = make(map[string]json.RawMessage, unused)
		for _, m := range d.members[base:top] {
			if !m.used {
				(*extra)[d.str(m.key)] = d.rawCopy(d.data[m.start:m.end])
			}
		}
	}
	*src = d.source(base, top, c.kept)
	return nil
}

// codec returns a decoding codec over the members base to top.
func (d *decoder) codec(base, top, depth int) *codec {
	var c *codec
	if n := len(d.codecs); n > 0 {
		c, d.codecs = d.codecs[n-1], d.codecs[:n-1]
	} else {
		c = new(codec)
	}
	c.d, c.base, c.top, c.depth = d, base, top, depth
	return c
}

func (d *decoder) freeCodec(c *codec) {
	clear(c.kept) // they point into the input
	*c = codec{kept: c.kept[:0]}
	d.codecs = append(d.codecs, c)
}

// source is how a record was written, for writing it back the same way: its
// keys in input order, and the raw values of those scalar fields whose
// decoded value would not be written back as read (null, false, escapes).
// Sources never change once made, so records written alike share one.
type source struct {
	keys []string
	kept []kv
}

// has reports whether key was present in the input.
func (s *source) has(key string) bool {
	if s == nil {
		return false
	}
	return slices.Contains(s.keys, key)
}

// raw returns the value kept for key, if any.
func (s *source) raw(key string) (json.RawMessage, bool) {
	if s == nil {
		return nil, false
	}
	for _, f := range s.kept {
		if f.key == key {
			return f.val, true
		}
	}
	return nil, false
}

// Shared sources, by signature. The table is bounded so that odd input
// cannot grow it without end; records of other shapes get their own source.
var sources = struct {
	sync.RWMutex
	m map[string]*source
}{m: map[string]*source{}}

const (
	maxSources   = 1024
	maxSignature = 1024
)

// source returns the source of the record whose members are base to top.
func (d *decoder) source(base, top int, kept []kv) *source {
	sig := binary.AppendUvarint(d.sig[:0], uint64(top-base))
	for _, m := range d.members[base:top] {
		sig = binary.AppendUvarint(sig, uint64(len(m.key)))
		sig = append(sig, m.key...)
	}
	for _, f := range kept {
		sig = binary.AppendUvarint(sig, uint64(len(f.key)))
		sig = append(sig, f.key...)
		sig = binary.AppendUvarint(sig, uint64(len(f.val)))
		sig = append(sig, f.val...)
	}
	d.sig = sig
	if len(sig) > maxSignature {
		return d.newSource(base, top, kept)
	}
	sources.RLock()
	s := sources.m[string(sig)]
	sources.RUnlock()
	if s != nil {
		return s
	}
	s = d.newSource(base, top, kept)
	sources.Lock()
	defer sources.Unlock()
	if old := sources.m[string(sig)]; old != nil {
		return old
	}
	if len(sources.m) < maxSources {
		sources.m[string(sig)] = s
	}
	return s
}

func (d *decoder) newSource(base, top int, kept []kv) *source {
	s := &source{keys: make([]string, top-base)}
	for j, m := range d.members[base:top] {
		s.keys[j] = string(m.key)
	}
	if len(kept) > 0 {
		s.kept = make([]kv, len(kept))
		for j, f := range kept {
			s.kept[j] = kv{f.key, slices.Clone(f.val)}
		}
	}
	return s
}

// decodeRecord fills r (the Envelope of act when act is not nil) from data,
// which must hold one JSON object.
func decodeRecord(data []byte, r record, act Action) error {
	d := newDecoder(data)
	defer d.release()
	i := skipSpace(data, 0)
	end, base, err := d.object(i)
	if err != nil {
		return err
	}
	d.valid = true
	if err := d.fill(base, r, act, 0); err != nil {
		return err
	}
	if skipSpace(data, end) != len(data) {
		return errTrailing
	}
	return nil
}
