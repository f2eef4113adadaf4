package title

// MajorRules are how a title's majors start and how they stand to their
// associated minors.
type MajorRules struct {
	// HomeViaMinor: a major's home reservation is its associated minor's,
	// so the major reserves no home of its own (PNW 5.10.8); otherwise each
	// major's home is reserved from the start (CA 5.9.8).
	HomeViaMinor bool
	// ConvertMinor: a major whose associated minor is in play is started
	// only by converting that minor, and not directly while the minor is bid
	// on or owned (PNW 4.7.2, 4.7.3).
	ConvertMinor bool
	// MergerRoundFrom is the phase (1-based) from which a merger round
	// follows every operating round (PNW 5.1.1, section 6); 0 for none.
	MergerRoundFrom int
	// HomeBesideOwnToken: a major's home token goes to its home city even
	// when it already has a token in another city of that hex (one bought
	// in a government railway's auction); otherwise it is then not placed.
	HomeBesideOwnToken bool
}

// AcquisitionRules are how a major acquires a minor in its operating turn.
type AcquisitionRules struct {
	// UnassociatedOnly: associated minors are never acquired; they join
	// their major by merger or conversion (PNW 5.18.1, 5.19.1).
	UnassociatedOnly bool
	// BonusLay gives the acquiring major one extra yellow lay or upgrade
	// (CA 5.17.13). With it 18xx.games also recomputes the acquirer's
	// routes after an exchanged token, not only after a replaced one.
	BonusLay bool
}

// StockRules are a title's share price movements beyond the family's.
type StockRules struct {
	// TripleJumpUpTo: a major paying at least three times its share price
	// moves three spaces while its price is at most this (PNW 1.7.5,
	// 5.13.12); 0 for no triple jump.
	TripleJumpUpTo int
	// OtherSalesDropFrom is the fewest players with whom a sale by anyone
	// but the president moves the price one space (4.4.9); with fewer only
	// the president's sales move it, as 18xx.games plays 1822CA with two
	// players. 0 means any number.
	OtherSalesDropFrom int
	// SaleDropsPerShare: every sale, whoever sells, moves the price one step
	// down per share sold (1822); otherwise a president's sale drops one
	// step per share and anyone else's one step (OtherSalesDropFrom).
	SaleDropsPerShare bool
	// SellInParts: the shares of one company may be sold in several sales in
	// one turn (1822); otherwise they are sold in one block per turn.
	SellInParts bool
	// UpElseDownRight: on a market of several rows, a company that should
	// move up but has no cell above moves down-right instead (1822's
	// sold-out companies on the top row).
	UpElseDownRight bool
}
