package action

import (
	"errors"
	"fmt"
)

// The scanner validates JSON as encoding/json does (RFC 8259 syntax; bytes
// of strings are not checked as UTF-8) and finds the extent of values, so that
// a log is read in one pass over its bytes without building generic values.

// maxNesting is how deeply arrays and objects may nest, as in encoding/json.
const maxNesting = 10000

var errEOF = errors.New("unexpected EOF")

// syntaxError reports the unexpected byte at data[i].
func syntaxError(data []byte, i int, context string) error {
	if i >= len(data) {
		return errEOF
	}
	return fmt.Errorf("invalid character %q %s (offset %d)", data[i], context, i)
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// scanString validates the string starting at data[i] (a '"') and returns
// the index just after its closing quote.
func scanString(data []byte, i int) (end int, err error) {
	i++
	for i < len(data) {
		c := data[i]
		switch {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			if i+1 >= len(data) {
				return 0, errEOF
			}
			switch data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				for j := i + 2; j < i+6; j++ {
					if j >= len(data) {
						return 0, errEOF
					}
					if !isHex(data[j]) {
						return 0, syntaxError(data, j, "in \\u hexadecimal character escape")
					}
				}
				i += 6
			default:
				return 0, syntaxError(data, i+1, "in string escape code")
			}
		case c < 0x20:
			return 0, syntaxError(data, i, "in string literal")
		default:
			i++
		}
	}
	return 0, errEOF
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanNumber validates the number starting at data[i] and returns the index
// just after it.
func scanNumber(data []byte, i int) (int, error) {
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i >= len(data):
		return 0, errEOF
	case data[i] == '0':
		i++
	case isDigit(data[i]):
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	default:
		return 0, syntaxError(data, i, "in numeric literal")
	}
	if i < len(data) && data[i] == '.' {
		i++
		if i >= len(data) || !isDigit(data[i]) {
			return 0, syntaxError(data, i, "after decimal point in numeric literal")
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i >= len(data) || !isDigit(data[i]) {
			return 0, syntaxError(data, i, "in exponent of numeric literal")
		}
		for i < len(data) && isDigit(data[i]) {
			i++
		}
	}
	return i, nil
}

// scanLiteral checks that data[i:] starts with lit (true, false or null).
func scanLiteral(data []byte, i int, lit string) (int, error) {
	for j := 0; j < len(lit); j++ {
		if i+j >= len(data) {
			return 0, errEOF
		}
		if data[i+j] != lit[j] {
			return 0, syntaxError(data, i+j, "in literal "+lit)
		}
	}
	return i + len(lit), nil
}

// skipValue validates the value starting at data[i] (not white space), found
// depth arrays and objects deep, and returns the index just after it.
func skipValue(data []byte, i, depth int) (int, error) {
	if i >= len(data) {
		return 0, errEOF
	}
	switch c := data[i]; {
	case c == '"':
		return scanString(data, i)
	case c == '{':
		return skipComposite(data, i, depth, '}')
	case c == '[':
		return skipComposite(data, i, depth, ']')
	case c == 't':
		return scanLiteral(data, i, "true")
	case c == 'f':
		return scanLiteral(data, i, "false")
	case c == 'n':
		return scanLiteral(data, i, "null")
	case c == '-' || isDigit(c):
		return scanNumber(data, i)
	}
	return 0, syntaxError(data, i, "looking for beginning of value")
}

// skipComposite validates the object or array starting at data[i], which
// closes with the byte closer.
func skipComposite(data []byte, i, depth int, closer byte) (int, error) {
	if depth++; depth > maxNesting {
		return 0, errors.New("exceeded max depth")
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == closer {
		return i + 1, nil
	}
	for {
		var err error
		if closer == '}' {
			if i >= len(data) || data[i] != '"' {
				return 0, syntaxError(data, i, "looking for beginning of object key string")
			}
			if i, err = scanString(data, i); err != nil {
				return 0, err
			}
			if i = skipSpace(data, i); i >= len(data) || data[i] != ':' {
				return 0, syntaxError(data, i, "after object key")
			}
			i = skipSpace(data, i+1)
		}
		if i, err = skipValue(data, i, depth); err != nil {
			return 0, err
		}
		i = skipSpace(data, i)
		switch {
		case i >= len(data):
			return 0, errEOF
		case data[i] == ',':
			i = skipSpace(data, i+1)
		case data[i] == closer:
			return i + 1, nil
		case closer == '}':
			return 0, syntaxError(data, i, "after object key:value pair")
		default:
			return 0, syntaxError(data, i, "after array element")
		}
	}
}

// The rest reads JSON already validated, without checking it again.

// skipValid returns the index just after the valid value starting at data[i].
func skipValid(data []byte, i int) int {
	switch data[i] {
	case '"':
		return skipValidString(data, i)
	case '{', '[':
		depth := 0
		for ; i < len(data); i++ {
			switch data[i] {
			case '"':
				i = skipValidString(data, i) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
		}
		return i
	}
	for ; i < len(data); i++ {
		switch data[i] {
		case ',', ']', '}', ' ', '\t', '\n', '\r':
			return i
		}
	}
	return i
}

// skipValidString returns the index just after the valid string starting at
// data[i].
func skipValidString(data []byte, i int) int {
	for i++; i < len(data); i++ {
		switch data[i] {
		case '"':
			return i + 1
		case '\\':
			i++
		}
	}
	return i
}

// countElements counts the elements of the valid array starting at data[i].
func countElements(data []byte, i int) int {
	i = skipSpace(data, i+1)
	if i >= len(data) || data[i] == ']' {
		return 0
	}
	n := 1
	for {
		i = skipSpace(data, skipValid(data, i))
		if i >= len(data) || data[i] != ',' {
			return n
		}
		n++
		i = skipSpace(data, i+1)
	}
}
