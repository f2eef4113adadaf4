package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"image"
	"image/png"
	"io"
	"testing"
)

// TestEncodePNG round-trips images through encodePNG and image/png, and
// checks the zlib stream (with its Adler-32 checksum) joined from parallel
// bands.
func TestEncodePNG(t *testing.T) {
	for _, size := range []image.Point{{1, 1}, {7, 3}, {300, 200}, {513, 1031}} {
		img := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
		for i := range img.Pix {
			if i%4 == 3 {
				img.Pix[i] = 0xFF
			} else {
				img.Pix[i] = byte((i*7 + i/97*13) % 251)
			}
		}
		var buf bytes.Buffer
		if err := encodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%v: %v", size, err)
		}
		if n, _ := diffPixels(img, got, 0); n != 0 {
			t.Errorf("%v: %d pixels differ after the round trip", size, n)
		}
		// Join the IDAT chunks and read the zlib stream to its end, which
		// verifies the checksum.
		var idat []byte
		data := buf.Bytes()[8:]
		for len(data) >= 12 {
			n := binary.BigEndian.Uint32(data[:4])
			if string(data[4:8]) == "IDAT" {
				idat = append(idat, data[8:8+n]...)
			}
			data = data[12+n:]
		}
		zr, err := zlib.NewReader(bytes.NewReader(idat))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%v: zlib stream: %v", size, err)
		}
		if want := size.Y * (1 + 3*size.X); len(raw) != want {
			t.Errorf("%v: %d bytes of rows, want %d", size, len(raw), want)
		}
	}
}
