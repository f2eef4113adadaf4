package title

// TrackRules are the switches of the track step (rule 5.7) where the titles
// of the family differ; the engine applies each rule once, where it is set.
type TrackRules struct {
	// UpgradeMustAddTrack: an upgrade of laid track must give the company new
	// track it can use or change a stop's value (PNW 5.7.12: some of the new
	// tile's track must form part of the company's route).
	UpgradeMustAddTrack bool
	// MostTrackUnlabelledOnly: the rule that a city upgrade uses the tile
	// with the most track that fits (CA 5.7.34-5.7.35) leaves labelled cities
	// out, whose upgrade paths trade track for revenue (CA 5.7.20);
	// otherwise it covers every city (PNW 5.7.31).
	MostTrackUnlabelledOnly bool
	// PrivateLayWholeStep: a town-removal or mountain-pass private's lay is
	// used in place of the company's whole track step, so it needs the step
	// unused and uses it up (CA 5.7.37); otherwise it is one of the step's
	// lays (PNW P7/P8, "as the track lay").
	PrivateLayWholeStep bool
	// TownRemovalWaits: the track step waits for an explicit pass while a
	// town-removal private could still lay (PNW P7/P8 are used within the
	// track step, 5.7; 18xx.games holds the step open for them).
	TownRemovalWaits bool
	// AbilityLaysWait: the track step waits for an explicit pass while any
	// private of the company could still lay track (1822: 18xx.games holds
	// the step open for P11's advanced lay as for the others).
	AbilityLaysWait bool
	// UnwalkedSpecialLays: the lays whose rotation 18xx.games checks without
	// walking the company's network (a first city tile on the city-and-town
	// hex, and the port, portage, boom town and coal mine privates' tiles,
	// PNW 5.7.4 and appendix) leave the remembered route as it was.
	UnwalkedSpecialLays bool
	// DestinationTakesNewSlot: a destination token placed beside a full
	// station is lifted during an upgrade and takes a slot the new tile adds
	// (CA 5.8.5).
	DestinationTakesNewSlot bool
}

// StepRules are the switches of the operating and stock round steps, other
// than track, where the titles of the family differ.
type StepRules struct {
	// DestinationByCity: a destination token is placed in a chosen city of
	// the destination hex, not just on the hex (CA 5.8.7-5.8.8: explicit
	// destination slots in Winnipeg and Quebec).
	DestinationByCity bool
}

// Approach is a hex beside a home city whose first track the holders of
// some companies decide (1822MX around Mexico City; 18xx.games' hidden
// blocks_hexes_consent). While a player holds one of Holders (a company
// card, or a corporation he presides), only companies of those players lay
// track there until a tile is laid (its first tile keeps the printed stub
// toward the city: HexRules.Stubs); and with MustLink, while no player
// holds one, every tile laid there also links the city, through the town
// the stub leads to, to the track beyond (1822MX 6.9.2: M22 while no one
// holds C2 or MC).
type Approach struct {
	Holders  []string
	MustLink bool
}
