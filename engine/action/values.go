package action

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// Fast decoders of the values of 18xx.games logs. Each reads the common
// spellings itself and leaves anything else (escapes, odd types, errors) to
// encoding/json, so that a value decodes exactly as encoding/json decodes it.

// plain reports whether the bytes s of a JSON string (between its quotes)
// decode to themselves, and whether encoding/json would also write them back
// unchanged (it escapes U+2028 and U+2029).
func plain(s []byte) (literal, exact bool) {
	high := false
	for _, c := range s {
		if c == '\\' {
			return false, false
		}
		if c >= utf8.RuneSelf {
			high = true
		}
	}
	if !high {
		return true, true
	}
	if !utf8.Valid(s) {
		return false, false
	}
	return true, !bytes.Contains(s, []byte("\u2028")) && !bytes.Contains(s, []byte("\u2029"))
}

// decodeString reads a JSON string; null leaves *p as it is.
func (d *decoder) decodeString(b []byte, p *string) (exact bool, err error) {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		if lit, exact := plain(b[1 : len(b)-1]); lit {
			*p = d.str(b[1 : len(b)-1])
			return exact, nil
		}
	}
	if err := json.Unmarshal(b, p); err != nil {
		return false, err
	}
	return exactJSON(b, *p), nil
}

// parseInt reads a JSON number without fraction or exponent that surely fits
// in an int.
func parseInt(b []byte) (int, bool) {
	digits := b
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	n := 0
	for _, c := range digits {
		if !isDigit(c) {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if len(digits) < len(b) {
		n = -n
	}
	return n, true
}

// decodeInt reads a JSON integer; null leaves *p as it is.
func decodeInt(b []byte, p *int) (exact bool, err error) {
	if n, ok := parseInt(b); ok {
		*p = n
		return !bytes.HasPrefix(b, []byte("-0")), nil
	}
	if err := json.Unmarshal(b, p); err != nil {
		return false, err
	}
	return exactJSON(b, *p), nil
}

// decodeList reads the list data[start:end] of d into *p.
func decodeList[T any](d *decoder, start, end int, p *[]T) error {
	ok, err := false, error(nil)
	switch p := any(p).(type) {
	case *[]string:
		var next int
		*p, next, ok = d.decodeStrings(start)
		ok = ok && next == end
	case *[][]string:
		ok = d.decodeStringLists(start, p)
	case *[]Route:
		ok, err = decodeRecords(d, start, p)
	case *[]Player:
		ok, err = decodeRecords(d, start, p)
	}
	if ok || err != nil {
		return err
	}
	return json.Unmarshal(d.data[start:end], p)
}

// decodeStrings reads the list of plain strings or null starting at data[i]
// and returns the index after it; false means the list is not that simple.
func (d *decoder) decodeStrings(i int) (out []string, end int, ok bool) {
	data := d.data
	if data[i] == 'n' {
		return nil, i + len("null"), true
	}
	if data[i] != '[' {
		return nil, 0, false
	}
	base := len(d.strings)
	defer func() {
		clear(d.strings[base:])
		d.strings = d.strings[:base]
	}()
	i = skipSpace(data, i+1)
	for data[i] != ']' {
		if data[i] != '"' {
			return nil, 0, false
		}
		j := bytes.IndexByte(data[i+1:], '"') + i + 1
		s := data[i+1 : j]
		if lit, _ := plain(s); !lit {
			return nil, 0, false
		}
		d.strings = append(d.strings, d.str(s))
		if i = skipSpace(data, j+1); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	return clone(d.strings[base:]), i + 1, true
}

// decodeStringLists reads a list of lists of plain strings (or null)
// starting at data[i]; false means it is not that simple.
func (d *decoder) decodeStringLists(i int, p *[][]string) bool {
	data := d.data
	if data[i] == 'n' {
		*p = nil
		return true
	}
	if data[i] != '[' {
		return false
	}
	base := len(d.lists)
	defer func() {
		clear(d.lists[base:])
		d.lists = d.lists[:base]
	}()
	i = skipSpace(data, i+1)
	for data[i] != ']' {
		l, next, ok := d.decodeStrings(i)
		if !ok {
			return false
		}
		d.lists = append(d.lists, l)
		if i = skipSpace(data, next); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	*p = clone(d.lists[base:])
	return true
}

// recordPtr is a pointer to a record type T.
type recordPtr[T any] interface {
	*T
	record
}

// decodeRecords reads a list of objects (or null) starting at data[i] into
// *p; false means the list holds something else.
func decodeRecords[T any, P recordPtr[T]](d *decoder, i int, p *[]T) (bool, error) {
	data := d.data
	if data[i] == 'n' {
		*p = nil
		return true, nil
	}
	if data[i] != '[' {
		return false, nil
	}
	out := make([]T, countElements(data, i))
	i = skipSpace(data, i+1)
	for k := range out {
		if data[i] != '{' {
			return false, nil
		}
		end, err := d.record(i, P(&out[k]), 0)
		if err != nil {
			return true, err
		}
		if i = skipSpace(data, end); data[i] == ',' {
			i = skipSpace(data, i+1)
		}
	}
	*p = out
	return true, nil
}

// clone copies s into a new slice of its length, never nil.
func clone[T any](s []T) []T {
	out := make([]T, len(s))
	copy(out, s)
	return out
}
