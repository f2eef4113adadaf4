package action

import "bytes"

// Pass ends the entity's turn or step, or declines what the current step offers.
type Pass struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Pass) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Pass) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// Bid is a stock-round bid on a bid-box company; Price is the new total bid.
type Bid struct {
	Envelope
	Company string
	Price   int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Bid) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Bid) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Bid) actionFields(c *codec) {
	scalar(c, "company", &a.Company)
	required(c, "price", &a.Price)
}

// Undo takes back the latest effective action, or everything after ActionID when set (section 3.6).
type Undo struct {
	Envelope
	ActionID *int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Undo) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Undo) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Undo) actionFields(c *codec) {
	intPtr(c, "action_id", &a.ActionID)
}

// Redo restores the actions taken back by the latest undo.
type Redo struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Redo) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Redo) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// Choose answers a choice the current step offers; Choice is always a string (section 3.5).
type Choose struct {
	Envelope
	Choice string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Choose) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Choose) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Choose) actionFields(c *codec) {
	scalar(c, "choice", &a.Choice)
}

// ChooseAbility uses a company's ability with the given Choice (section 3.5).
type ChooseAbility struct {
	Envelope
	Choice string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *ChooseAbility) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *ChooseAbility) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *ChooseAbility) actionFields(c *codec) {
	scalar(c, "choice", &a.Choice)
}

// BuyShares buys the Shares bundle of Percent percent; SharePrice, when not 0, is the per-share price.
type BuyShares struct {
	Envelope
	Shares     []string
	Percent    int
	SharePrice int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *BuyShares) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *BuyShares) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *BuyShares) actionFields(c *codec) {
	shareFields(c, &a.Shares, &a.Percent, &a.SharePrice)
}

// SellShares sells (or, by a corporation, issues) the Shares bundle of Percent percent; SharePrice, when not 0, is the per-share price.
type SellShares struct {
	Envelope
	Shares     []string
	Percent    int
	SharePrice int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *SellShares) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *SellShares) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *SellShares) actionFields(c *codec) {
	shareFields(c, &a.Shares, &a.Percent, &a.SharePrice)
}

// Par starts major Corporation at the stock cell SharePrice ("100,0,9").
type Par struct {
	Envelope
	Corporation string
	SharePrice  string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Par) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Par) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Par) actionFields(c *codec) {
	scalar(c, "corporation", &a.Corporation)
	scalar(c, "share_price", &a.SharePrice)
}

// PayoffPlayerDebt pays off the player's whole debt.
type PayoffPlayerDebt struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *PayoffPlayerDebt) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *PayoffPlayerDebt) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// PayoffPlayerDebtPartial pays Amount off the player's debt.
type PayoffPlayerDebtPartial struct {
	Envelope
	Amount int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *PayoffPlayerDebtPartial) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *PayoffPlayerDebtPartial) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *PayoffPlayerDebtPartial) actionFields(c *codec) {
	required(c, "amount", &a.Amount)
}

// Log is a text note in the log; it changes no state but counts as an action for undo.
type Log struct {
	Envelope
	Message string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Log) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Log) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Log) actionFields(c *codec) {
	scalar(c, "message", &a.Message)
}

// Message is a chat message; it is never undone.
type Message struct {
	Envelope
	Message string
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *Message) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *Message) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *Message) actionFields(c *codec) {
	scalar(c, "message", &a.Message)
}

// EndGame ends the game immediately.
type EndGame struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *EndGame) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *EndGame) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// ProgramSharePass sets up programmed stock-round passes; its fields stay in Extra.
type ProgramSharePass struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *ProgramSharePass) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *ProgramSharePass) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// ProgramBuyShares sets up programmed share buys; its fields stay in Extra.
type ProgramBuyShares struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *ProgramBuyShares) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *ProgramBuyShares) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// ProgramDisable ends a player's program; its fields stay in Extra.
type ProgramDisable struct {
	Envelope
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *ProgramDisable) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *ProgramDisable) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// ProgramMergerPass sets up programmed passes in merger rounds; its fields
// (corporations_by_round, options) stay in Extra.
type ProgramMergerPass struct {
	Envelope
}

// MergerRoundKey is the corporations_by_round key of a program_merger_pass
// that names the merger round's minors.
const MergerRoundKey = "MR"

// MarshalJSON writes the action in the 18xx.games format.
func (a *ProgramMergerPass) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *ProgramMergerPass) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// Unknown is an action of a type this package does not model; all its fields stay in Extra.
type Unknown struct {
	Envelope
}

// MarshalJSON writes the action as it was read.
func (a *Unknown) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads an action of any type.
func (a *Unknown) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

// shareFields codes the share bundle of BuyShares and SellShares.
func shareFields(c *codec, shares *[]string, percent, sharePrice *int) {
	list(c, "shares", shares)
	scalar(c, "percent", percent)
	scalarFunc(c, "share_price", sharePrice, decodeSharePrice)
}

// decodeSharePrice reads a share_price that may be a number, false or null
// (false and null mean "not set", read as 0).
func decodeSharePrice(_ *decoder, b []byte, p *int) (exact bool, err error) {
	switch string(bytes.TrimSpace(b)) {
	case "false", "null":
		*p = 0
		return false, nil
	}
	return decodeInt(b, p)
}
