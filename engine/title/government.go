package title

// GovernmentRules describe a government railway (1822MX's NdeM): a major
// whose shares start in the pool and count toward no certificate limit,
// which takes the place of a minor at set-up, gains the shares and tokens of
// minors left unsold, receives the trains they export, has its track laid
// by its shareholders in turn, runs last, and is cashed out at CloseEvent
// with its tokens auctioned. The zero value is no government railway.
type GovernmentRules struct {
	Corp string // the government railway's id; "" for none
	// ReplacesFirstOf: at set-up the first of these minors in the shuffled
	// deck leaves the game and the government railway takes its home.
	ReplacesFirstOf []string
	ParPrice        int    // its starting share price
	CloseEvent      string // the train event that cashes it out
}
