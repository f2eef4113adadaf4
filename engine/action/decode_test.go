package action

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// scanInputs are JSON texts, valid or not, for the scanner tests.
var scanInputs = []string{
	``, ` `, `{}`, ` {} `, `[]`, `[1,2]`, `[1,]`, `[,1]`, `{"a":1,}`, `{"a" 1}`, `{"a":}`, `{a:1}`, `{"a":1 "b":2}`,
	`"x"`, `"\u00e9\n\"\\\/\b\f\r\t"`, `"\u00g0"`, `"\x"`, "\"a\x01\"", "\"a\x1f\"", "\"\xff\"", `"abc`, `"\`, `"\u12`,
	`0`, `-0`, `-`, `01`, `1.`, `1.5`, `.5`, `1e5`, `1E+5`, `1e-05`, `1e`, `1e+`, `-1.5e3`, `2a`,
	`true`, `tru`, `false`, `falsey`, `null`, `nul`, `nan`,
	`{"a":[1,{"b":null}],"c":"d"}`, `{"a":[1,{"b":null}],"c":"d"`, `{"a":[1,{"b":null]}}`, `[}`, `{]`,
	`{"a":1}x`, `{"a":1} {}`, "{\"a\":1}\n\t ",
	strings.Repeat("[", maxNesting) + strings.Repeat("]", maxNesting),
	strings.Repeat("[", maxNesting+1) + strings.Repeat("]", maxNesting+1),
	`{"a":` + strings.Repeat(`{"a":`, maxNesting-1) + `1` + strings.Repeat("}", maxNesting),
	`{"a":` + strings.Repeat(`{"a":`, maxNesting) + `1` + strings.Repeat("}", maxNesting+1),
}

// scanValid is the scanner's verdict on a whole JSON text.
func scanValid(data []byte) bool {
	i := skipSpace(data, 0)
	end, err := skipValue(data, i, 0)
	return err == nil && skipSpace(data, end) == len(data)
}

func checkScan(t *testing.T, data []byte) {
	t.Helper()
	valid := scanValid(data)
	if valid != json.Valid(data) {
		t.Fatalf("%.80q: scanner says valid %v, encoding/json %v", data, valid, !valid)
	}
	if !valid {
		return
	}
	i := skipSpace(data, 0)
	want, _ := skipValue(data, i, 0)
	if got := skipValid(data, i); got != want {
		t.Fatalf("%.80q: skipValid ends at %d, skipValue at %d", data, got, want)
	}
	if data[i] == '[' {
		var elems []json.RawMessage
		if err := json.Unmarshal(data, &elems); err != nil {
			t.Fatal(err)
		}
		if n := countElements(data, i); n != len(elems) {
			t.Fatalf("%.80q: countElements = %d, want %d", data, n, len(elems))
		}
	}
}

// TestScanMatchesEncodingJSON checks that the scanner accepts exactly the
// texts encoding/json accepts.
func TestScanMatchesEncodingJSON(t *testing.T) {
	for _, in := range scanInputs {
		t.Run(fmt.Sprintf("%.20q", in), func(t *testing.T) { checkScan(t, []byte(in)) })
	}
}

func FuzzScan(f *testing.F) {
	for _, in := range scanInputs {
		if len(in) < 1000 {
			f.Add([]byte(in))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkScan(t, data) })
}

// referenceObject reads an object with encoding/json's decoder, as this
// package did before it had a scanner: keys in first-seen order, the last
// value of a repeated key.
func referenceObject(data []byte) (keys []string, vals map[string]string, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil, errNotObject
	}
	vals = map[string]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, nil, fmt.Errorf("key %v", tok)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		if _, dup := vals[key]; !dup {
			keys = append(keys, key)
		}
		vals[key] = string(v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, errTrailing
	}
	return keys, vals, nil
}

// scanObject reads an object with the decoder, as referenceObject does.
func scanObject(data []byte) (keys []string, vals map[string]string, err error) {
	d := newDecoder(data)
	defer d.release()
	end, base, err := d.object(skipSpace(data, 0))
	if err != nil {
		return nil, nil, err
	}
	if skipSpace(data, end) != len(data) {
		return nil, nil, errTrailing
	}
	vals = map[string]string{}
	for _, m := range d.members[base:] {
		keys = append(keys, string(m.key))
		vals[string(m.key)] = string(data[m.start:m.end])
	}
	return keys, vals, nil
}

func checkObject(t *testing.T, data []byte) {
	t.Helper()
	wk, wv, werr := referenceObject(data)
	gk, gv, gerr := scanObject(data)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("%.80q: error %v, want %v", data, gerr, werr)
	}
	if werr == nil && (!reflect.DeepEqual(gk, wk) || !reflect.DeepEqual(gv, wv)) {
		t.Fatalf("%.80q:\n got %q %q\nwant %q %q", data, gk, gv, wk, wv)
	}
}

// manyKeys is an object with more keys than are searched one by one, some
// of them repeated.
func manyKeys() string {
	var b strings.Builder
	b.WriteString("{")
	for i := range 3 * linearKeys {
		fmt.Fprintf(&b, `"k%d":%d,`, i%(2*linearKeys), i)
	}
	b.WriteString(`"k0":"last"}`)
	return b.String()
}

// TestObjectMembers checks the members the decoder finds against
// encoding/json's tokens.
func TestObjectMembers(t *testing.T) {
	for _, in := range []string{
		`{}`, `{"a":1,"b":[2,{"c":3}],"a":"x"}`, ` {"a" : null , "b":{} } `, `{"t\u0079pe":1,"type":2}`,
		"{\"\xff\":1,\"\xef\xbf\xbd\":2}", `{"":1,"":2}`, `{"a":1}}`, `{"a":1`, `[]`, `{"a":1,"a"}`,
		`{"ab":1,"ba":2,"ab":3}`, manyKeys(),
	} {
		t.Run(fmt.Sprintf("%.20q", in), func(t *testing.T) { checkObject(t, []byte(in)) })
	}
}

func FuzzObject(f *testing.F) {
	for _, in := range []string{`{"a":1,"b":[2,{"c":3}],"a":"x"}`, `{"t\u0079pe":1,"type":2}`, manyKeys()} {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkObject(t, data) })
}

// checkScalar compares a fast decoder with encoding/json: the same value or
// error, and exact true only when encoding the value gives the input back.
func checkScalar[T comparable](t *testing.T, in []byte, decode decodeFunc[T]) {
	t.Helper()
	var got, want T
	exact, err := decode(nil, in, &got)
	werr := json.Unmarshal(in, &want)
	if (err == nil) != (werr == nil) || got != want {
		t.Fatalf("%q: %v, %v; encoding/json %v, %v", in, got, err, want, werr)
	}
	if err != nil {
		return
	}
	out, merr := marshal(got)
	if wantExact := merr == nil && bytes.Equal(out, in); exact != wantExact {
		t.Fatalf("%q: exact = %v, but it encodes as %s", in, exact, out)
	}
}

var scalarInputs = []string{
	`"a"`, `""`, `"\u0041"`, `"\n"`, `"é"`, "\"\xff\"", "\"\u2028\"", `"\u2028"`, `"<&>"`, `null`, `1`, `-0`, `-12`,
	`1.0`, `1e2`, `123456789012345678`, `1234567890123456789`, `99999999999999999999`, `true`, `[]`, `{}`,
}

func TestScalarDecoders(t *testing.T) {
	for _, in := range scalarInputs {
		t.Run(in, func(t *testing.T) {
			checkScalar(t, []byte(in), (*decoder).decodeString)
			checkScalar(t, []byte(in), func(_ *decoder, b []byte, p *int) (bool, error) { return decodeInt(b, p) })
			checkScalar(t, []byte(in), func(d *decoder, b []byte, p *EntityID) (bool, error) { return p.decode(d, b) })
		})
	}
}

func FuzzScalarDecoders(f *testing.F) {
	for _, in := range scalarInputs {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if !json.Valid(in) {
			return // decoders only ever see valid values
		}
		checkScalar(t, in, (*decoder).decodeString)
		checkScalar(t, in, func(_ *decoder, b []byte, p *int) (bool, error) { return decodeInt(b, p) })
		checkScalar(t, in, func(d *decoder, b []byte, p *EntityID) (bool, error) { return p.decode(d, b) })
	})
}

// TestDecodedOwnsItsData checks that a decoded action keeps nothing of the
// caller's bytes, and that its raw values do not share room with others'.
func TestDecodedOwnsItsData(t *testing.T) {
	in := `{"type":"lay_tile","entity":"CPR","created_at":17,"user":3,"hex":"A1","tile":"5-0","rotation":0,"zz":[1],` +
		`"auto_actions":[{"type":"pass","entity":"CPR","created_at":18}]}`
	data := []byte(in)
	a, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = ' '
	}
	if got := mustMarshal(t, a); got != in {
		t.Fatalf("after the input was overwritten, the action writes\n %s\nwant %s", got, in)
	}
	e := a.Env()
	_ = append(e.CreatedAt, '9')
	_ = append(e.User, '9')
	if got := string(e.AutoActions[0].Env().CreatedAt); got != "18" || string(e.User) != "3" {
		t.Fatalf("appending to one raw value changed another: created_at %s, user %s", got, e.User)
	}
}

// TestSourcesShared checks that actions written alike share one source.
func TestSourcesShared(t *testing.T) {
	src := func(in string) *source { return mustDecode(t, in).Env().src }
	a := src(`{"type":"pass","entity":"A","id":1}`)
	b := src(`{"type":"pass","entity":"B","id":2}`)
	c := src(`{"type":"pass","id":2,"entity":"B"}`)
	f1 := src(`{"type":"buy_shares","share_price":false}`)
	f2 := src(`{"type":"buy_shares","share_price":false}`)
	n := src(`{"type":"buy_shares","share_price":null}`)
	if a != b || f1 != f2 {
		t.Error("actions written alike have different sources")
	}
	if a == c || f1 == n {
		t.Error("actions written differently share a source")
	}
}

// TestSourcesBounded checks that the table of shared sources stops growing,
// and that actions of new shapes still write back as read.
func TestSourcesBounded(t *testing.T) {
	saved := sources.m
	sources.m = map[string]*source{}
	defer func() { sources.m = saved }()
	for i := range maxSources + 10 {
		in := fmt.Sprintf(`{"type":"pass","k%d":null}`, i)
		if got := mustMarshal(t, mustDecode(t, in)); got != in {
			t.Fatalf("got %s, want %s", got, in)
		}
	}
	if len(sources.m) != maxSources {
		t.Fatalf("%d shared sources, want %d", len(sources.m), maxSources)
	}
	long := `{"type":"pass","` + strings.Repeat("k", maxSignature) + `":1}`
	if got := mustMarshal(t, mustDecode(t, long)); got != long {
		t.Fatalf("long key: got %.60s", got)
	}
}

// TestDecoderRelease checks that a pooled decoder lets go of the input.
func TestDecoderRelease(t *testing.T) {
	data := []byte(`{"type":"buy_shares","share_price":false,"x":1}`)
	d := newDecoder(data)
	if _, _, err := d.action(0, 0); err != nil {
		t.Fatal(err)
	}
	d.release()
	if d.data != nil || len(d.members) != 0 {
		t.Fatal("released decoder keeps its input")
	}
	for _, m := range d.members[:cap(d.members)] {
		if m.key != nil {
			t.Fatal("released decoder keeps keys of its input")
		}
	}
	for _, c := range d.codecs {
		for _, f := range c.kept[:cap(c.kept)] {
			if f.val != nil {
				t.Fatal("released decoder keeps values of its input")
			}
		}
	}
}

// TestDecodeErrorsWrapped checks that errors of nested records say where.
func TestDecodeErrorsWrapped(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"actions":[{"type":"pass"},{"type":"bid","price":"x"}]}`, `"actions": 1: bid action: "price"`},
		{`{"actions":{}}`, `"actions"`},
		{`{"players":[{"id":"x"}]}`, `"players"`},
		{`{"settings":{"optional_rules":1}}`, `"settings": "optional_rules"`},
		{`{"actions":[{"type":"run_routes","routes":[{"revenue":"x"}]}]}`, `"routes": "revenue"`},
		{`{"actions":[{"type":"run_routes","routes":[null]}]}`, `"routes"`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var l GameLog
			err := l.UnmarshalJSON([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %s", err, tt.want)
			}
			var syntax *json.SyntaxError
			if errors.As(err, &syntax) {
				t.Fatalf("valid JSON reported as a syntax error: %v", err)
			}
		})
	}
}
