package render

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math/bits"
	"slices"
)

// A deflater compresses filtered PNG rows of flat-colour pictures into raw
// deflate data. Such rows are mostly runs (of zeros, or of one repeated
// pixel) with a few short literal stretches where edges and text are. It
// looks for runs at distances 1 and 3 only, and for other matches (a glyph
// or an edge seen earlier) only where no run starts, through a one-entry
// hash table. That skips over the long runs a general compressor hashes
// byte by byte, compressing a map several times faster than compress/flate's
// fastest level, and smaller.
type deflater struct {
	bw bitWriter // holds the compressed data
	// hist holds the last window of data and the line being compressed;
	// base is the stream position of hist[0].
	hist  []byte
	base  int
	table [1 << hashBits]int32 // stream position+1 of a recent literal, by hash
	toks  []uint32             // literal byte, or length<<16 | distance-1
	lit   [286]uint32          // literal/length code frequencies of the block
	dist  [30]uint32           // distance code frequencies of the block
	s1    uint64               // Adler-32 sums
	s2    uint64
	n     int // bytes compressed
}

const (
	window      = 1 << 15
	hashBits    = 14
	blockTokens = 1 << 14
	minMatch    = 4
)

// reset prepares d for new data in lines of up to lineLen bytes.
func (d *deflater) reset(lineLen int) {
	d.bw = bitWriter{out: d.bw.out[:0]}
	if need := window + max(4*lineLen, 1<<17); cap(d.hist) < need {
		d.hist = make([]byte, 0, need)
	}
	d.hist, d.base = d.hist[:0], 0
	clear(d.table[:])
	d.toks = d.toks[:0]
	d.lit, d.dist = [286]uint32{}, [30]uint32{}
	d.s1, d.s2, d.n = 1, 0, 0
}

// line returns room for the next n bytes of data, to be filled and then
// compressed by compress.
func (d *deflater) line(n int) []byte {
	if len(d.hist)+n > cap(d.hist) {
		keep := min(window, len(d.hist))
		d.base += len(d.hist) - keep
		d.hist = d.hist[:copy(d.hist, d.hist[len(d.hist)-keep:])]
		if d.base > 1<<30 {
			// Positions in the table are int32: forget them before they
			// overflow.
			d.base = 0
			clear(d.table[:])
		}
	}
	start := len(d.hist)
	d.hist = d.hist[:start+n]
	return d.hist[start:]
}

// compress tokenizes the line last returned by line (n bytes).
func (d *deflater) compress(n int) {
	h := d.hist
	end := len(h)
	d.s1, d.s2 = adler(d.s1, d.s2, h[end-n:])
	d.n += n
	for i := end - n; i < end; {
		limit := min(258, end-i)
		best, dist := 0, 0
		if limit >= minMatch && i >= 3 {
			// Matches shorter than minMatch are not taken, so comparing
			// the first four bytes rules most places out at once.
			cur := binary.LittleEndian.Uint32(h[i:])
			if cur == binary.LittleEndian.Uint32(h[i-1:]) {
				if cur == 0 && bytes.Equal(h[i:i+limit], zeros[:limit]) {
					// The common case: a whole run of zeros.
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
				cand := int(d.table[k]) - 1 - d.base
				d.table[k] = int32(d.base + i + 1)
				if cand >= 0 && i-cand <= window && binary.LittleEndian.Uint32(h[cand:]) == cur {
					if l := matchLen(h[i:i+limit], h[cand:]); l > best {
						best, dist = l, i-cand
					}
				}
			}
		}
		if best < minMatch {
			d.toks = append(d.toks, uint32(h[i]))
			d.lit[h[i]]++
			i++
		} else {
			d.toks = append(d.toks, uint32(best)<<16|uint32(dist-1))
			d.lit[257+int(lengthCode[best-3])]++
			d.dist[distCode(dist-1)]++
			i += best
		}
		if len(d.toks) >= blockTokens {
			d.writeBlock(false)
		}
	}
}

// zeros is a run of zeros to compare with.
var zeros [258]byte

// adler adds p to the Adler-32 sums s1, s2 (reduced), skipping quickly over
// zeros, which only add s1 to s2.
func adler(s1, s2 uint64, p []byte) (uint64, uint64) {
	const nmax = 1 << 20 // bytes between reductions, far from overflowing
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		for len(q) > 0 {
			if len(q) >= 64 && bytes.Equal(q[:64], zeros[:64]) {
				s2 += 64 * s1
				q = q[64:]
				continue
			}
			for _, b := range q[:min(len(q), 64)] {
				s1 += uint64(b)
				s2 += s1
			}
			q = q[min(len(q), 64):]
		}
		s1, s2 = s1%65521, s2%65521
	}
	return s1, s2
}

// end writes what is pending: the final block of a stream if last, else a
// block ending on a byte boundary (an empty stored block, as a sync flush
// does), so that another deflater's data may follow.
func (d *deflater) end(last bool) {
	d.writeBlock(last)
	if !last {
		d.bw.write(0, 3)
		d.bw.align()
		d.bw.out = append(d.bw.out, 0, 0, 0xFF, 0xFF)
	}
	d.bw.align()
}

// sum is the Adler-32 checksum of the data compressed.
func (d *deflater) sum() uint32 { return uint32(d.s2<<16 | d.s1) }

// data is the compressed data written so far.
func (d *deflater) data() []byte { return d.bw.out }

// matchLen returns how many leading bytes of a equal those of b (b is at
// least as long as a).
func matchLen(a, b []byte) int {
	n := 0
	for len(a) >= 8 {
		if x := binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b); x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		a, b, n = a[8:], b[8:], n+8
	}
	for i := range a {
		if a[i] != b[i] {
			return n + i
		}
	}
	return n + len(a)
}

// Deflate's length and distance codes (RFC 1951, 3.2.5).
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	lengthCode  = func() (t [256]uint8) {
		for c := range lengthBase {
			for l := int(lengthBase[c]); l < int(lengthBase[c])+1<<lengthExtra[c] && l <= 258; l++ {
				t[l-3] = uint8(c)
			}
		}
		return t
	}()
	// clOrder is the order of the code length code's lengths in a header.
	clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
)

// distCode is the code of distance x+1.
func distCode(x int) int {
	if x < 4 {
		return x
	}
	nb := bits.Len32(uint32(x)) - 1
	return 2*nb + (x>>(nb-1))&1
}

// distExtra is the number of extra bits of distance code c.
func distExtra(c int) uint {
	if c < 4 {
		return 0
	}
	return uint(c/2 - 1)
}

// writeBlock writes the pending tokens as one block with its own Huffman
// codes.
func (d *deflater) writeBlock(final bool) {
	d.lit[256]++ // end of block
	var litLen [286]uint8
	var distLen [30]uint8
	huffLengths(d.lit[:], 15, litLen[:])
	huffLengths(d.dist[:], 15, distLen[:])
	writeCodeLengths(&d.bw, litLen[:], distLen[:], final)
	var litCode [286]uint16
	var distCodes [30]uint16
	canonical(litLen[:], litCode[:])
	canonical(distLen[:], distCodes[:])
	bw := &d.bw
	for _, t := range d.toks {
		if t < 256 {
			bw.write(uint64(litCode[t]), uint(litLen[t]))
			continue
		}
		l, x := int(t>>16), int(t&0xFFFF)
		lc := lengthCode[l-3]
		bw.write(uint64(litCode[257+int(lc)]), uint(litLen[257+int(lc)]))
		if e := lengthExtra[lc]; e > 0 {
			bw.write(uint64(l-int(lengthBase[lc])), uint(e))
		}
		dc := distCode(x)
		bw.write(uint64(distCodes[dc]), uint(distLen[dc]))
		if e := distExtra(dc); e > 0 {
			bw.write(uint64(x+1-int(distBase[dc])), e)
		}
	}
	bw.write(uint64(litCode[256]), uint(litLen[256]))
	d.toks = d.toks[:0]
	d.lit, d.dist = [286]uint32{}, [30]uint32{}
}

// writeCodeLengths writes the header of a block coded with dynamic Huffman
// codes of these code lengths.
func writeCodeLengths(bw *bitWriter, litLen, distLen []uint8, final bool) {
	nLit, nDist := 286, 30
	for nLit > 257 && litLen[nLit-1] == 0 {
		nLit--
	}
	for nDist > 1 && distLen[nDist-1] == 0 {
		nDist--
	}
	// The code lengths of both codes, run-length coded.
	var all [286 + 30]uint8
	lens := append(append(all[:0], litLen[:nLit]...), distLen[:nDist]...)
	var clSyms [286 + 30]uint16 // symbol | extra<<8
	syms := clSyms[:0]
	var clFreq [19]uint32
	for i := 0; i < len(lens); {
		v := lens[i]
		run := 1
		for i+run < len(lens) && lens[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 3 {
				if run >= 11 {
					n := min(run, 138)
					syms = append(syms, 18|uint16(n-11)<<8)
					clFreq[18]++
					run -= n
				} else {
					syms = append(syms, 17|uint16(run-3)<<8)
					clFreq[17]++
					run = 0
				}
			}
		} else {
			syms = append(syms, uint16(v))
			clFreq[v]++
			run--
			for run >= 3 {
				n := min(run, 6)
				syms = append(syms, 16|uint16(n-3)<<8)
				clFreq[16]++
				run -= n
			}
		}
		for ; run > 0; run-- {
			syms = append(syms, uint16(v))
			clFreq[v]++
		}
	}
	var clLen [19]uint8
	huffLengths(clFreq[:], 7, clLen[:])
	nCL := 19
	for nCL > 4 && clLen[clOrder[nCL-1]] == 0 {
		nCL--
	}
	var clCode [19]uint16
	canonical(clLen[:], clCode[:])

	fin := uint64(0)
	if final {
		fin = 1
	}
	bw.write(fin|2<<1, 3) // dynamic Huffman codes
	bw.write(uint64(nLit-257), 5)
	bw.write(uint64(nDist-1), 5)
	bw.write(uint64(nCL-4), 4)
	for _, s := range clOrder[:nCL] {
		bw.write(uint64(clLen[s]), 3)
	}
	for _, s := range syms {
		c := s & 0xFF
		bw.write(uint64(clCode[c]), uint(clLen[c]))
		switch c {
		case 16:
			bw.write(uint64(s>>8), 2)
		case 17:
			bw.write(uint64(s>>8), 3)
		case 18:
			bw.write(uint64(s>>8), 7)
		}
	}
}

// huffLengths sets lens to the code lengths of a Huffman code for freq, none
// longer than maxBits. Every code has at least two symbols, so that it is
// complete as decoders require.
func huffLengths(freq []uint32, maxBits int, lens []uint8) {
	type leaf struct {
		f   uint64
		sym int
	}
	var buf [286]leaf
	leaves := buf[:0]
	for s, f := range freq {
		if f > 0 {
			leaves = append(leaves, leaf{uint64(f), s})
		}
	}
	for s := 0; len(leaves) < 2; s++ {
		if freq[s] == 0 {
			leaves = append(leaves, leaf{1, s})
		}
	}
	slices.SortFunc(leaves, func(a, b leaf) int {
		if c := cmp.Compare(a.f, b.f); c != 0 {
			return c
		}
		return a.sym - b.sym
	})
	clear(lens)
	n := len(leaves)
	var fs [2 * 286]uint64
	var parent [2 * 286]int
	var depth [2 * 286]uint8
	for shift := uint(0); ; shift++ {
		// Two queues: the sorted leaves and the internal nodes, made in
		// increasing order of weight.
		for i, l := range leaves {
			fs[i] = max(l.f>>shift, 1)
		}
		next, li, ii := n, 0, n
		pick := func() int {
			if li < n && (ii >= next || fs[li] <= fs[ii]) {
				li++
				return li - 1
			}
			ii++
			return ii - 1
		}
		for ; next < 2*n-1; next++ {
			a, b := pick(), pick()
			fs[next] = fs[a] + fs[b]
			parent[a], parent[b] = next, next
		}
		depth[2*n-2] = 0
		longest := uint8(0)
		for i := 2*n - 3; i >= 0; i-- {
			depth[i] = depth[parent[i]] + 1
			longest = max(longest, depth[i])
		}
		if int(longest) <= maxBits {
			break
		}
	}
	for i, l := range leaves {
		lens[l.sym] = depth[i]
	}
}

// canonical assigns the canonical codes of lens, bit-reversed for writing
// least significant bit first.
func canonical(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l > 0 {
			codes[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
}

// bitWriter packs bits least significant first.
type bitWriter struct {
	acc uint64
	n   uint
	out []byte
}

// write appends the low nb bits of v (nb at most 32).
func (w *bitWriter) write(v uint64, nb uint) {
	w.acc |= v << w.n
	w.n += nb
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// align pads the bits written to a whole byte and moves them to out.
func (w *bitWriter) align() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= min(w.n, 8)
	}
	w.acc = 0
}
