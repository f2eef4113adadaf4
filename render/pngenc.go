package render

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"io"
	"runtime"
	"sync"
)

// encodePNG writes an opaque img as an 8-bit RGB PNG. image/png tries five
// filters on every row and took about half the drawing time of a big map;
// these images are mostly flat colour, so one fixed filter (Sub on the first
// row, Up below it) with fast deflate gives files of about the same size
// several times faster. The rows are compressed in parallel bands, each a
// deflate stream ended by a sync flush, joined into one zlib stream.
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	bw := bufio.NewWriterSize(w, 64<<10)
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
	bands := max(1, min(runtime.GOMAXPROCS(0), height/64))
	outs := make([]bytes.Buffer, bands)
	sums := make([]uint32, bands)
	lens := make([]int, bands)
	errs := make([]error, bands)
	var wg sync.WaitGroup
	for k := 0; k < bands; k++ {
		y0, y1 := b.Min.Y+height*k/bands, b.Min.Y+height*(k+1)/bands
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[k], lens[k], errs[k] = deflateRows(&outs[k], img, y0, y1, k == bands-1)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	sum := sums[0]
	for k := 1; k < bands; k++ {
		sum = adler32Combine(sum, sums[k], lens[k])
	}
	cw := &chunkWriter{w: bw, typ: "IDAT", buf: make([]byte, 0, 256<<10)}
	cw.Write([]byte{0x78, 0x01}) // zlib header: deflate, 32K window, fastest
	for k := range outs {
		cw.Write(outs[k].Bytes())
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

// deflateRows filters rows y0..y1 of img and deflates them into out, closing
// the stream if last and ending it with a sync flush otherwise; it returns
// the Adler-32 checksum and length of the filtered data.
func deflateRows(out *bytes.Buffer, img *image.RGBA, y0, y1 int, last bool) (uint32, int, error) {
	b := img.Bounds()
	width := b.Dx()
	fw, err := flate.NewWriter(out, flate.BestSpeed)
	if err != nil {
		return 0, 0, err
	}
	sum := adler32.New()
	line := make([]byte, 1+3*width)
	n := 0
	for y := y0; y < y1; y++ {
		off := (y-img.Rect.Min.Y)*img.Stride + (b.Min.X-img.Rect.Min.X)*4
		row := img.Pix[off : off+4*width]
		dst := line[1:]
		if y == b.Min.Y {
			line[0] = 1 // Sub
			var pr, pg, pb byte
			for x := 0; x < width; x++ {
				r, g, bl := row[4*x], row[4*x+1], row[4*x+2]
				dst[3*x], dst[3*x+1], dst[3*x+2] = r-pr, g-pg, bl-pb
				pr, pg, pb = r, g, bl
			}
		} else {
			line[0] = 2 // Up
			up := img.Pix[off-img.Stride : off-img.Stride+4*width]
			for x := 0; x < width; x++ {
				i, j := 4*x, 3*x
				dst[j], dst[j+1], dst[j+2] = row[i]-up[i], row[i+1]-up[i+1], row[i+2]-up[i+2]
			}
		}
		sum.Write(line)
		n += len(line)
		if _, err := fw.Write(line); err != nil {
			return 0, 0, err
		}
	}
	if last {
		err = fw.Close()
	} else {
		err = fw.Flush()
	}
	return sum.Sum32(), n, err
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

// chunkWriter buffers compressed data into IDAT chunks.
type chunkWriter struct {
	w   io.Writer
	typ string
	buf []byte
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := min(cap(c.buf)-len(c.buf), len(p))
		c.buf = append(c.buf, p[:k]...)
		p = p[k:]
		if len(c.buf) == cap(c.buf) {
			if err := c.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (c *chunkWriter) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	err := writeChunk(c.w, c.typ, c.buf)
	c.buf = c.buf[:0]
	return err
}
