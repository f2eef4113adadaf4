package action

// RemoveToken takes a government railway's station token off the map to
// auction it (1822MX's NdeM at its cash-out): City is the 18xx.games city
// id ("X11-0-0") and Slot the token's slot there.
type RemoveToken struct {
	Envelope
	City string
	Slot *int
}

// MarshalJSON writes the action in the 18xx.games format.
func (a *RemoveToken) MarshalJSON() ([]byte, error) { return marshalAction(a) }

// UnmarshalJSON reads the action from the 18xx.games format.
func (a *RemoveToken) UnmarshalJSON(b []byte) error { return unmarshalAction(a, b) }

func (a *RemoveToken) actionFields(c *codec) {
	scalar(c, "city", &a.City)
	intPtr(c, "slot", &a.Slot)
}
