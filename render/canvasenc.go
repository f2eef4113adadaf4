package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// A canvas's PNG is compressed by band as Map's is, but each filtered row
// is cut into segments of segPixels pixels whose deflate tokens never reach
// outside the segment. A segment's tokens then depend on its bytes alone,
// so after a redraw only the segments holding changed pixels (or under
// them: the Up filter reads the row above) are tokenized again; the band's
// tokens are then coded again with fresh Huffman codes, which is quick.
// Matches cut at segment edges make the data a little larger than Map's.

// segPixels is the width of a segment.
const segPixels = 512

// segBack is how many segments before its own a segment's matches reach.
const segBack = 1

// segEncoder keeps, for every segment of a picture, its deflate tokens
// coded with its band's Huffman code, and the bands put together.
type segEncoder struct {
	width, height, nseg int
	segs                []segBits // by row*nseg + segment
	codes               []*bandCode
	bands               []*band
}

// segBits is a segment's coded tokens (nbits bits, least significant
// first) and the Adler-32 of its bytes.
type segBits struct {
	data  []byte
	nbits int
	sum   uint32
}

// bandCode is the Huffman code of a band's block and the block's header.
// Every symbol has a code, so that a segment drawn anew can be coded with
// it; the band is coded afresh when the code has grown stale.
type bandCode struct {
	litLen   [286]uint8
	litCode  [286]uint16
	distLen  [30]uint8
	distCode [30]uint16
	header   segBits
	size     int // bytes of the band when the code was made
}

func newSegEncoder(width, height int) *segEncoder {
	nseg := (width + segPixels - 1) / segPixels
	nb := (height + bandRows - 1) / bandRows
	return &segEncoder{width: width, height: height, nseg: nseg, segs: make([]segBits, height*nseg),
		codes: make([]*bandCode, nb), bands: make([]*band, nb)}
}

// bytes is the memory the encoder holds.
func (e *segEncoder) bytes() int {
	n := 48 * len(e.segs)
	for _, s := range e.segs {
		n += cap(s.data)
	}
	for k, b := range e.bands {
		if b != nil {
			n += cap(b.data) + 48 + 1024 + cap(e.codes[k].header.data)
		}
	}
	return n
}

// segLen is the number of filtered bytes of segment s (the first holds the
// row's filter type).
func (e *segEncoder) segLen(s int) int {
	n := 3 * (min((s+1)*segPixels, e.width) - s*segPixels)
	if s == 0 {
		n++
	}
	return n
}

// encode codes again the segments marked in dirty (all if nil) and puts
// together every band holding one; it returns the bands put together.
func (e *segEncoder) encode(img *image.RGBA, dirty []bool) int {
	var which []int
	for k := range e.bands {
		lo, hi := k*bandRows, min((k+1)*bandRows, e.height)
		if dirty == nil || e.bands[k] == nil || anyTrue(dirty[lo*e.nseg:hi*e.nseg]) {
			which = append(which, k)
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(which)) {
		wg.Go(func() {
			st := segStates.Get().(*segState)
			defer segStates.Put(st)
			for i := int(next.Add(1) - 1); i < len(which); i = int(next.Add(1) - 1) {
				k := which[i]
				if dirty == nil || e.codes[k] == nil || !e.patchBand(img, k, dirty, st) {
					e.codeBand(img, k, st)
				}
			}
		})
	}
	wg.Wait()
	return len(which)
}

func anyTrue(b []bool) bool {
	for _, v := range b {
		if v {
			return true
		}
	}
	return false
}

// segState is what coding needs: a hash table of recent positions,
// buffers and a bit writer.
type segState struct {
	table      [1 << hashBits]int32
	pos        int // stream position just past the last segment tokenized
	buf        []byte
	prev, line []byte
	toks       []uint32
	ends       []int // where each segment's tokens end in toks
	bw         bitWriter
}

var segStates = sync.Pool{New: func() any { return new(segState) }}

// tokenize tokenizes segment s of row y into st.toks, after the tokens
// there; seq tells that st has just tokenized segment s-1 of the row.
func (e *segEncoder) tokenize(img *image.RGBA, y, s int, seq bool, st *segState) {
	st.prev = st.prev[:0]
	if seq && segBack == 1 {
		st.prev = append(st.prev, st.line...)
	} else {
		for b := max(s-segBack, 0); b < s; b++ {
			st.prev = filterSeg(st.prev, img, y, b)
		}
		seq = false
	}
	st.line = filterSeg(st.line[:0], img, y, s)
	st.toks = st.tokens(st.toks, st.prev, st.line, seq)
	s1, s2 := adler(1, 0, st.line)
	e.segs[y*e.nseg+s].sum = uint32(s2<<16 | s1)
}

// codeBand tokenizes band k whole, makes its Huffman code and codes it.
func (e *segEncoder) codeBand(img *image.RGBA, k int, st *segState) {
	y0, y1 := k*bandRows, min((k+1)*bandRows, e.height)
	st.toks, st.ends = st.toks[:0], st.ends[:0]
	for y := y0; y < y1; y++ {
		for s := 0; s < e.nseg; s++ {
			e.tokenize(img, y, s, s > 0, st)
			st.ends = append(st.ends, len(st.toks))
		}
	}
	var lit [286]uint32
	var dist [30]uint32
	for i := range lit {
		lit[i] = 1
	}
	for i := range dist {
		dist[i] = 1
	}
	for _, t := range st.toks {
		if t < 256 {
			lit[t]++
		} else {
			lit[257+int(lengthCode[int(t>>16)-3])]++
			dist[distCode(int(t&0xFFFF))]++
		}
	}
	lit[256] = 1
	bc := e.codes[k]
	if bc == nil {
		bc = &bandCode{}
		e.codes[k] = bc
	}
	st.bw = bitWriter{out: st.bw.out[:0]}
	writeHeader(&st.bw, lit[:], dist[:], k == len(e.bands)-1, bc)
	bc.header.nbits = 8*len(st.bw.out) + int(st.bw.n)
	st.bw.align()
	bc.header.data = append(bc.header.data[:0], st.bw.out...)
	from := 0
	for j, end := range st.ends {
		e.codeSeg(y0*e.nseg+j, st.toks[from:end], bc, st)
		from = end
	}
	e.join(k)
	bc.size = len(e.bands[k].data)
}

// patchBand tokenizes and codes again the dirty segments of band k with the
// band's code and puts the band together; it returns false, leaving the
// band to be coded afresh, if the band grew too much for its code.
func (e *segEncoder) patchBand(img *image.RGBA, k int, dirty []bool, st *segState) bool {
	bc := e.codes[k]
	y0, y1 := k*bandRows, min((k+1)*bandRows, e.height)
	for y := y0; y < y1; y++ {
		seq := false
		for s := 0; s < e.nseg; s++ {
			i := y*e.nseg + s
			if !dirty[i] {
				seq = false
				continue
			}
			st.toks = st.toks[:0]
			e.tokenize(img, y, s, seq, st)
			e.codeSeg(i, st.toks, bc, st)
			seq = true
		}
	}
	e.join(k)
	return len(e.bands[k].data) <= bc.size+bc.size/16+64
}

// codeSeg codes the tokens of segment i with bc.
func (e *segEncoder) codeSeg(i int, toks []uint32, bc *bandCode, st *segState) {
	bw := &st.bw
	*bw = bitWriter{out: bw.out[:0]}
	for _, t := range toks {
		if t < 256 {
			bw.write(uint64(bc.litCode[t]), uint(bc.litLen[t]))
			continue
		}
		l, x := int(t>>16), int(t&0xFFFF)
		lc := lengthCode[l-3]
		bw.write(uint64(bc.litCode[257+int(lc)]), uint(bc.litLen[257+int(lc)]))
		if ex := lengthExtra[lc]; ex > 0 {
			bw.write(uint64(l-int(lengthBase[lc])), uint(ex))
		}
		dc := distCode(x)
		bw.write(uint64(bc.distCode[dc]), uint(bc.distLen[dc]))
		if ex := distExtra(dc); ex > 0 {
			bw.write(uint64(x+1-int(distBase[dc])), ex)
		}
	}
	sg := &e.segs[i]
	sg.nbits = 8*len(bw.out) + int(bw.n)
	bw.align()
	sg.data = append(sg.data[:0], bw.out...)
}

// join puts band k together: its header, its segments' bits and the end of
// its block, then a sync flush (or the end of the stream for the last).
func (e *segEncoder) join(k int) {
	bc := e.codes[k]
	bd := e.bands[k]
	if bd == nil {
		bd = &band{}
		e.bands[k] = bd
	}
	bw := bitWriter{out: bd.data[:0]}
	appendBits(&bw, bc.header)
	y0, y1 := k*bandRows, min((k+1)*bandRows, e.height)
	bd.sum, bd.n = 1, 0
	for i := y0 * e.nseg; i < y1*e.nseg; i++ {
		appendBits(&bw, e.segs[i])
		n := e.segLen(i % e.nseg)
		bd.sum = adler32Combine(bd.sum, e.segs[i].sum, n)
		bd.n += n
	}
	bw.write(uint64(bc.litCode[256]), uint(bc.litLen[256]))
	if k < len(e.bands)-1 {
		bw.write(0, 3)
		bw.align()
		bw.out = append(bw.out, 0, 0, 0xFF, 0xFF)
	}
	bw.align()
	bd.data = bw.out
}

// appendBits appends the bits of b to w.
func appendBits(w *bitWriter, b segBits) {
	n := b.nbits
	d := b.data
	for n >= 32 {
		w.write(uint64(binary.LittleEndian.Uint32(d)), 32)
		d, n = d[4:], n-32
	}
	for n >= 8 {
		w.write(uint64(d[0]), 8)
		d, n = d[1:], n-8
	}
	if n > 0 {
		w.write(uint64(d[0])&(1<<n-1), uint(n))
	}
}

// writeHeader makes the Huffman code of a block with these symbol
// frequencies into bc and writes the block's header.
func writeHeader(bw *bitWriter, lit, dist []uint32, final bool, bc *bandCode) {
	huffLengths(lit, 15, bc.litLen[:])
	huffLengths(dist, 15, bc.distLen[:])
	canonical(bc.litLen[:], bc.litCode[:])
	canonical(bc.distLen[:], bc.distCode[:])
	writeCodeLengths(bw, bc.litLen[:], bc.distLen[:], final)
}

// filterSeg appends to line the filtered bytes of segment s of row y: Sub
// on the first row, Up below, the filter type first in segment 0.
func filterSeg(line []byte, img *image.RGBA, y, s int) []byte {
	x0, x1 := s*segPixels, min((s+1)*segPixels, img.Rect.Dx())
	row := img.Pix[img.PixOffset(x0, y):img.PixOffset(x1, y)]
	if s == 0 {
		if y == 0 {
			line = append(line, 1)
		} else {
			line = append(line, 2)
		}
	}
	start := len(line)
	line = slices.Grow(line, 3*(x1-x0))[:start+3*(x1-x0)]
	dst := line[start:]
	if y == 0 {
		var pr, pg, pb byte
		if x0 > 0 {
			p := img.Pix[img.PixOffset(x0-1, 0):]
			pr, pg, pb = p[0], p[1], p[2]
		}
		for x := 0; 4*x < len(row); x++ {
			r, g, b := row[4*x], row[4*x+1], row[4*x+2]
			dst[3*x], dst[3*x+1], dst[3*x+2] = r-pr, g-pg, b-pb
			pr, pg, pb = r, g, b
		}
		return line
	}
	up := img.Pix[img.PixOffset(x0, y-1):img.PixOffset(x1, y-1)]
	x, n := 0, len(row)/4
	for x+16 <= n {
		if i := 4 * x; bytes.Equal(row[i:i+64], up[i:i+64]) {
			clear(dst[3*x : 3*x+48])
			x += 16
			continue
		}
		for end := x + 16; x < end; x++ {
			i, j := 4*x, 3*x
			dst[j], dst[j+1], dst[j+2] = row[i]-up[i], row[i+1]-up[i+1], row[i+2]-up[i+2]
		}
	}
	for ; x < n; x++ {
		i, j := 4*x, 3*x
		dst[j], dst[j+1], dst[j+2] = row[i]-up[i], row[i+1]-up[i+1], row[i+2]-up[i+2]
	}
	return line
}

// tokens appends to dst the deflate tokens of cur, which follows prev in
// the stream, as deflater.compress finds them but with matches reaching
// back into prev and no further. If seq, st has just tokenized prev and
// its table holds prev's positions; otherwise they are entered first.
func (st *segState) tokens(dst []uint32, prev, cur []byte, seq bool) []uint32 {
	if st.pos > 1<<30 {
		st.pos, seq = 0, false
		clear(st.table[:])
	}
	if !seq {
		// Start past every position in the table, so that none is taken.
		st.pos += len(prev) + 1
		for j := 0; j+4 <= len(prev); j++ {
			k := (binary.LittleEndian.Uint32(prev[j:]) * 0x1e35a7bd) >> (32 - hashBits)
			st.table[k] = int32(st.pos - len(prev) + j + 1)
		}
	}
	h := append(append(st.buf[:0], prev...), cur...)
	st.buf = h
	base := st.pos - len(prev) // stream position of h[0]
	for i := len(prev); i < len(h); {
		limit := min(258, len(h)-i)
		best, dist := 0, 0
		if limit >= minMatch && i >= 3 {
			cur := binary.LittleEndian.Uint32(h[i:])
			if cur == binary.LittleEndian.Uint32(h[i-1:]) {
				if cur == 0 && bytes.Equal(h[i:i+limit], zeros[:limit]) {
					best, dist = limit, 1
				} else {
					best, dist = matchLen(h[i:i+limit], h[i-1:]), 1
				}
			}
			if best < limit && cur == binary.LittleEndian.Uint32(h[i-3:]) {
				if l := matchLen(h[i:i+limit], h[i-3:]); l > best {
					best, dist = l, 3
				}
			}
			if best < minMatch {
				k := (cur * 0x1e35a7bd) >> (32 - hashBits)
				cand := int(st.table[k]) - 1 - base
				st.table[k] = int32(base + i + 1)
				if cand >= 0 && cand < i && binary.LittleEndian.Uint32(h[cand:]) == cur {
					if l := matchLen(h[i:i+limit], h[cand:]); l > best {
						best, dist = l, i-cand
					}
				}
			}
		}
		if best < minMatch {
			dst = append(dst, uint32(h[i]))
			i++
		} else {
			dst = append(dst, uint32(best)<<16|uint32(dist-1))
			i += best
		}
	}
	st.pos = base + len(h)
	return dst
}

// markDirty marks the segments whose bytes or whose tokens may differ once
// the pixels of l changed: the segments of their rows and of the rows under
// them (the Up filter), and the segment after each (whose matches reach
// into it); the first row is redone whole (its Sub filter runs across
// segments).
func (e *segEncoder) markDirty(l rectList) []bool {
	dirty := make([]bool, e.height*e.nseg)
	for _, r := range l {
		s0, s1 := r.x0/segPixels, min((r.x1-1)/segPixels+segBack, e.nseg-1)
		for y := r.y0; y <= r.y1 && y < e.height; y++ {
			if y == 0 {
				for s := range e.nseg {
					dirty[s] = true
				}
				continue
			}
			for s := s0; s <= s1; s++ {
				dirty[y*e.nseg+s] = true
			}
		}
	}
	return dirty
}
