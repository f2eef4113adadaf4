package action

// LayTile lays tile Tile on hex Hex turned Rotation steps; ComboEntities lists privates combined with the acting one.
type LayTile struct {
	Envelope
	Hex           string
	Tile          string
	Rotation      int
	ComboEntities []string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *LayTile) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *LayTile) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *LayTile) actionFields(c *codec) {
	scalar(c, "hex", &a.Hex)
	scalar(c, "tile", &a.Tile)
	required(c, "rotation", &a.Rotation)
	list(c, "combo_entities", &a.ComboEntities)
}

// Dividend pays out, half-pays or withholds a major's revenue; Kind is payout, half or withhold.
type Dividend struct {
	Envelope
	Kind string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Dividend) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Dividend) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Dividend) actionFields(c *codec) {
	scalar(c, "kind", &a.Kind)
}

// BuyTrain buys Train for Price as Variant; Exchange names a traded-in train (the L to 2 upgrade).
type BuyTrain struct {
	Envelope
	Train    string
	Price    int
	Variant  string
	Exchange string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *BuyTrain) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *BuyTrain) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *BuyTrain) actionFields(c *codec) {
	scalar(c, "train", &a.Train)
	required(c, "price", &a.Price)
	scalar(c, "variant", &a.Variant)
	scalar(c, "exchange", &a.Exchange)
}

// AcquireCompany makes the operating corporation take private Company from its owner.
type AcquireCompany struct {
	Envelope
	Company string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *AcquireCompany) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *AcquireCompany) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *AcquireCompany) actionFields(c *codec) {
	scalar(c, "company", &a.Company)
}

// Merge acquires (OR) or merges with (PNW Merger round) minor or regional Corporation.
type Merge struct {
	Envelope
	Corporation string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Merge) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Merge) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Merge) actionFields(c *codec) {
	scalar(c, "corporation", &a.Corporation)
}

// PlaceToken places Tokener's token in City at Slot; Slot and Tokener may be absent.
type PlaceToken struct {
	Envelope
	City      string
	Slot      *int
	Tokener   string
	TokenType string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *PlaceToken) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *PlaceToken) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *PlaceToken) actionFields(c *codec) {
	scalar(c, "city", &a.City)
	intPtr(c, "slot", &a.Slot)
	scalar(c, "tokener", &a.Tokener)
	scalar(c, "token_type", &a.TokenType)
}

// HexToken places a destination token on Hex, the city chosen by the engine.
type HexToken struct {
	Envelope
	Hex       string
	Cost      *int
	TokenType string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *HexToken) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *HexToken) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *HexToken) actionFields(c *codec) {
	scalar(c, "hex", &a.Hex)
	intPtr(c, "cost", &a.Cost)
	scalar(c, "token_type", &a.TokenType)
}

// DiscardTrain discards Train from a corporation over its train limit.
type DiscardTrain struct {
	Envelope
	Train string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *DiscardTrain) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *DiscardTrain) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *DiscardTrain) actionFields(c *codec) {
	scalar(c, "train", &a.Train)
}

// Assign assigns a company to Target, of kind TargetType ("hex").
type Assign struct {
	Envelope
	Target     string
	TargetType string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Assign) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Assign) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Assign) actionFields(c *codec) {
	scalar(c, "target", &a.Target)
	scalar(c, "target_type", &a.TargetType)
}
