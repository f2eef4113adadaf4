package render

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
)

// deflaters are reused: each holds a window, a hash table and buffers worth
// a few hundred kilobytes.
var deflaters = sync.Pool{New: func() any { return new(deflater) }}

// encodePNG writes an opaque img as an 8-bit RGB PNG. image/png tries five
// filters on every row and compresses with compress/flate, which together
// took more time than drawing a big map; these images are mostly flat
// colour, so one fixed filter (Sub on the first row, Up below it) and a
// deflater made for such rows (deflate.go) give smaller files many times
// faster.
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	// Bands of rows are compressed in parallel, each into deflate data that
	// ends on a byte boundary, and joined into one zlib stream. A band
	// drawn before (most of a board is the same from one move to the next)
	// is taken from the cache.
	bands := make([]*band, (b.Dy()+bandRows-1)/bandRows)
	all := make([]int, len(bands))
	for k := range all {
		all[k] = k
	}
	compressBands(img, bands, all, compressBand)
	return writePNG(w, b.Dx(), b.Dy(), bands)
}

// compressBands sets bands[k], for each k of which, to band k of img as
// compress gives it, in parallel.
func compressBands(img *image.RGBA, bands []*band, which []int, compress func(img *image.RGBA, y0, y1 int, last bool) *band) {
	b := img.Bounds()
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(which)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(which); i = int(next.Add(1) - 1) {
				k := which[i]
				y0, y1 := b.Min.Y+k*bandRows, min(b.Min.Y+(k+1)*bandRows, b.Max.Y)
				bands[k] = compress(img, y0, y1, k == len(bands)-1)
			}
		})
	}
	wg.Wait()
}

// pngWriters are reused: each holds buffers worth a few hundred kilobytes.
var pngWriters = sync.Pool{New: func() any {
	return &pngWriter{bw: bufio.NewWriterSize(nil, 64<<10), buf: make([]byte, 0, 256<<10)}
}}

type pngWriter struct {
	bw  *bufio.Writer
	buf []byte
}

// writePNG writes a width×height PNG of compressed bands.
func writePNG(w io.Writer, width, height int, bands []*band) error {
	pw := pngWriters.Get().(*pngWriter)
	defer pngWriters.Put(pw)
	pw.bw.Reset(w)
	defer pw.bw.Reset(nil)
	bw := pw.bw
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, truecolour
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return err
	}
	cw := &chunkWriter{w: bw, typ: "IDAT", buf: pw.buf[:0]}
	cw.Write([]byte{0x78, 0x01}) // zlib: deflate, 32K window, fastest
	sum := bands[0].sum
	for k, bd := range bands {
		cw.Write(bd.data)
		if k > 0 {
			sum = adler32Combine(sum, bd.sum, bd.n)
		}
	}
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], sum)
	cw.Write(tail[:])
	if err := cw.flush(); err != nil {
		return err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

// deflateRows filters rows y0..y1 of img and compresses them with d, ending
// the stream if last.
func deflateRows(d *deflater, img *image.RGBA, y0, y1 int, last bool) {
	b := img.Bounds()
	width := b.Dx()
	n := 1 + 3*width
	d.reset(n)
	for y := y0; y < y1; y++ {
		off := img.PixOffset(b.Min.X, y)
		row := img.Pix[off : off+4*width]
		line := d.line(n)
		if y == b.Min.Y {
			filterSub(line, row)
		} else {
			filterUp(line, row, img.Pix[off-img.Stride:off-img.Stride+4*width])
		}
		d.compress(n)
	}
	d.end(last)
}

// adler32Combine returns the Adler-32 checksum of A followed by B from
// their checksums and B's length (as zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const base = 65521
	rem := uint32(lenB % base)
	sum1 := a & 0xffff
	sum2 := (rem * sum1) % base
	sum1 += (b & 0xffff) + base - 1
	sum2 += (a >> 16) + (b >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}

// filterSub writes the RGB bytes of row with the Sub filter into line.
func filterSub(line, row []byte) {
	line[0] = 1
	dst := line[1:]
	var pr, pg, pb byte
	for x := 0; 4*x < len(row); x++ {
		r, g, bl := row[4*x], row[4*x+1], row[4*x+2]
		dst[3*x], dst[3*x+1], dst[3*x+2] = r-pr, g-pg, bl-pb
		pr, pg, pb = r, g, bl
	}
}

// filterUp writes the RGB bytes of row with the Up filter into line. Most
// pixels equal the ones above: stretches of 16 pixels are compared at once,
// then pairs.
func filterUp(line, row, up []byte) {
	line[0] = 2
	dst := line[1:]
	x, n := 0, len(row)/4
	for x+16 <= n {
		i, j := 4*x, 3*x
		if bytes.Equal(row[i:i+64], up[i:i+64]) {
			clear(dst[j : j+48])
			x += 16
			continue
		}
		for end := x + 16; x < end; x += 2 {
			i, j := 4*x, 3*x
			r, u, d := row[i:i+8], up[i:i+8], dst[j:j+6]
			if binary.LittleEndian.Uint64(r) == binary.LittleEndian.Uint64(u) {
				d[0], d[1], d[2], d[3], d[4], d[5] = 0, 0, 0, 0, 0, 0
				continue
			}
			d[0], d[1], d[2] = r[0]-u[0], r[1]-u[1], r[2]-u[2]
			d[3], d[4], d[5] = r[4]-u[4], r[5]-u[5], r[6]-u[6]
		}
	}
	for ; x < n; x++ {
		i, j := 4*x, 3*x
		dst[j], dst[j+1], dst[j+2] = row[i]-up[i], row[i+1]-up[i+1], row[i+2]-up[i+2]
	}
}

// writeChunk writes one PNG chunk.
func writeChunk(w io.Writer, typ string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	for _, p := range [][]byte{hdr[:], data, sum[:]} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// chunkWriter buffers compressed data into IDAT chunks; it keeps the first
// error, which flush returns.
type chunkWriter struct {
	w   io.Writer
	typ string
	buf []byte
	err error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 && c.err == nil {
		k := min(cap(c.buf)-len(c.buf), len(p))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == cap(c.buf) {
			c.flush()
		}
	}
	return n, c.err
}

func (c *chunkWriter) flush() error {
	if len(c.buf) > 0 && c.err == nil {
		c.err = writeChunk(c.w, c.typ, c.buf)
	}
	c.buf = c.buf[:0]
	return c.err
}
