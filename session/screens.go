package session

// Screens says which forms of the pictures a reply carries. A phone reads
// a region of the map and the table as cards; a wider screen the whole map
// and the table as tables.
type Screens int

const (
	// PhoneScreens draws each picture in its phone form only: chat
	// platforms cannot tell a reader's screen, and their phone clients
	// show a picture at the phone's width, so the form a phone can read
	// is the one posted (the whole map stays a `map` away).
	PhoneScreens Screens = iota
	// EveryScreen draws both forms, each marked (Image.Screen), for a
	// page that shows the one that fits the reader's screen and opens
	// the whole map from a region (Image.Opens).
	EveryScreen
	// WideScreens draws each picture in its wide form only (the whole
	// map; a region only of a board too wide for any screen), for a
	// reader at a computer's screen (the console's picture files).
	WideScreens
)

// The screens a picture is for (Image.Screen); "" is every screen.
const (
	ScreenPhone = "phone"
	ScreenWide  = "wide"
	ScreenTap   = "tap"
)

// Picture names of the phone forms.
const (
	regionPicture     = "map-region.png"
	phoneTablePicture = "table-phone.png"
)
