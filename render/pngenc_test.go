package render

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"
)

// TestEncodePNG round-trips images through encodePNG and image/png, and
// reads the zlib stream (joined from bands compressed in parallel) to its
// end, which checks its Adler-32 checksum.
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

// TestDeflater round-trips data the PNG rows rarely have through the
// deflater and compress/flate: lines longer than the window, long runs of
// one value, repeats at odd distances and noise; and checks its Adler-32
// checksum.
func TestDeflater(t *testing.T) {
	var want []byte
	d := new(deflater)
	for _, lineLen := range []int{1, 5, 40000} {
		want = want[:0]
		d.reset(lineLen)
		seed := uint32(lineLen)
		for y := 0; y < 300000/lineLen+3; y++ {
			line := d.line(lineLen)
			for i := range line {
				seed = seed*1664525 + 1013904223
				switch (i / 997) % 4 {
				case 0:
					line[i] = 0
				case 1:
					line[i] = byte(seed >> 24)
				case 2:
					line[i] = byte(i % 7)
				default:
					line[i] = byte(y)
				}
			}
			want = append(want, line...)
			d.compress(lineLen)
		}
		d.end(true)
		got, err := io.ReadAll(flate.NewReader(bytes.NewReader(d.data())))
		if err != nil {
			t.Fatalf("line length %d: %v", lineLen, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("line length %d: the round trip differs", lineLen)
		}
		if d.sum() != adler32.Checksum(want) || d.n != len(want) {
			t.Errorf("line length %d: checksum %x of %d bytes, want %x of %d", lineLen, d.sum(), d.n, adler32.Checksum(want), len(want))
		}
	}
}

// TestHuffLengths checks that codes are complete (Kraft sum 1) and within
// their length limit, also for skewed frequencies.
func TestHuffLengths(t *testing.T) {
	fib := make([]uint32, 30)
	fib[0], fib[1] = 1, 1
	for i := 2; i < len(fib); i++ {
		fib[i] = fib[i-1] + fib[i-2]
	}
	for _, tc := range []struct {
		freq []uint32
		max  int
	}{
		{[]uint32{5, 0, 0}, 15},
		{[]uint32{0, 0, 7}, 15},
		{[]uint32{3, 1, 4, 1, 5, 9, 2, 6}, 15},
		{fib, 15},
		{fib[:19], 7},
	} {
		lens := make([]uint8, len(tc.freq))
		huffLengths(tc.freq, tc.max, lens)
		sum := 0.0
		for s, l := range lens {
			if int(l) > tc.max || (tc.freq[s] > 0 && l == 0) {
				t.Errorf("%v: symbol %d has length %d", tc.freq, s, l)
			}
			if l > 0 {
				sum += 1 / float64(uint(1)<<l)
			}
		}
		if sum != 1 {
			t.Errorf("%v: Kraft sum %v, want 1 (lengths %v)", tc.freq, sum, lens)
		}
	}
}

// resetBands empties the cache of compressed bands.
func resetBands() {
	bands.Lock()
	defer bands.Unlock()
	bands.m, bands.bytes = map[bandKey]*band{}, 0
}

// TestBandCache checks that a PNG made partly from cached bands is the one
// made afresh, and shows the change.
func TestBandCache(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 301, 5*bandRows+7))
	for i := range img.Pix {
		img.Pix[i] = 0xFF
		if i%4 != 3 && (i/4)%301 < 40 {
			img.Pix[i] = byte(i / 1201)
		}
	}
	encode := func() []byte {
		var b bytes.Buffer
		if err := encodePNG(&b, img); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	resetBands()
	cold := encode()
	if warm := encode(); !bytes.Equal(warm, cold) {
		t.Error("the PNG made from cached bands differs")
	}
	// Change one pixel in the third band: that band and the next (whose
	// first row is filtered against it) are made anew.
	img.SetRGBA(150, 2*bandRows+bandRows-1, color.RGBA{1, 2, 3, 0xFF})
	partly := encode()
	resetBands()
	if fresh := encode(); !bytes.Equal(partly, fresh) {
		t.Error("the PNG made partly from cached bands differs from one made afresh")
	}
	got, err := png.Decode(bytes.NewReader(partly))
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := diffPixels(img, got, 0); n != 0 {
		t.Errorf("%d pixels differ after the round trip", n)
	}
}

// FuzzDeflater round-trips any data, cut into lines of any length, through
// the deflater and compress/flate, and checks the Adler-32 checksum: a
// wrong byte here would be a corrupt picture in the players' chat.
func FuzzDeflater(f *testing.F) {
	f.Add([]byte("aaaaaaaaaabababababab0123012301230123"), uint16(7), uint8(3))
	f.Add(bytes.Repeat([]byte{0, 255, 0, 255, 1}, 3000), uint16(1), uint8(40))
	f.Add([]byte{}, uint16(1), uint8(0))
	f.Fuzz(func(t *testing.T, seed []byte, lineLen uint16, repeat uint8) {
		n := int(lineLen)%5000 + 1
		var want []byte
		for range int(repeat)%64 + 1 {
			if len(want) > 1<<18 {
				break // keep each run quick: big inputs only slow the fuzzer down
			}
			want = append(want, seed...)
		}
		d := new(deflater)
		d.reset(n)
		for i := 0; i < len(want); i += n {
			k := min(n, len(want)-i)
			copy(d.line(k), want[i:i+k])
			d.compress(k)
		}
		d.end(true)
		got, err := io.ReadAll(flate.NewReader(bytes.NewReader(d.data())))
		if err != nil {
			t.Fatalf("%d bytes in lines of %d: %v", len(want), n, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%d bytes in lines of %d: the round trip differs", len(want), n)
		}
		if d.sum() != adler32.Checksum(want) {
			t.Fatalf("checksum %x, want %x", d.sum(), adler32.Checksum(want))
		}
	})
}
