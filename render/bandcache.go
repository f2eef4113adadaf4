package render

import (
	"hash/maphash"
	"image"
	"slices"
	"sync"
)

// bandRows is the height of a band of PNG rows compressed on its own.
const bandRows = 64

// band is the compressed data of a band of rows, with the Adler-32 checksum
// and length of the filtered rows.
type band struct {
	data []byte
	sum  uint32
	n    int
}

// bandKey identifies a band by what its compressed data depends on: its
// pixels and the row above them (the Up filter), whether it is the image's
// first and last band, and its size; two hashes make a mix-up of bands
// practically impossible.
type bandKey struct {
	h1, h2      uint64
	width, rows int
	first, last bool
}

var bandSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// bands caches compressed bands: redrawing a board after a move changes a
// few of them only. It is bounded by the bytes it holds.
var bands = struct {
	sync.Mutex
	m     map[bandKey]*band
	bytes int
}{m: map[bandKey]*band{}}

const maxBandBytes = 16 << 20

// compressBand returns the compressed rows y0..y1 of img, from the cache if
// they were compressed before.
func compressBand(img *image.RGBA, y0, y1 int, last bool) *band {
	b := img.Bounds()
	key := bandKey{width: b.Dx(), rows: y1 - y0, first: y0 == b.Min.Y, last: last}
	from := max(y0-1, b.Min.Y)
	for i, p := range []*uint64{&key.h1, &key.h2} {
		var h maphash.Hash
		h.SetSeed(bandSeeds[i])
		for y := from; y < y1; y++ {
			off := img.PixOffset(b.Min.X, y)
			h.Write(img.Pix[off : off+4*b.Dx()])
		}
		*p = h.Sum64()
	}
	bands.Lock()
	bd := bands.m[key]
	bands.Unlock()
	if bd != nil {
		return bd
	}
	d := deflaters.Get().(*deflater)
	defer deflaters.Put(d)
	deflateRows(d, img, y0, y1, last)
	bd = &band{data: slices.Clone(d.data()), sum: d.sum(), n: d.n}
	bands.Lock()
	defer bands.Unlock()
	if bands.bytes+len(bd.data) > maxBandBytes {
		// Forget about half, in no particular order.
		for k, v := range bands.m {
			if bands.bytes <= maxBandBytes/2 {
				break
			}
			delete(bands.m, k)
			bands.bytes -= len(v.data)
		}
	}
	if _, ok := bands.m[key]; !ok {
		bands.m[key] = bd
		bands.bytes += len(bd.data)
	}
	return bd
}
