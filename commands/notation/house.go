package notation

// House is the word that gives a seat of a game being set up to the house
// player; `replace NAME house` gives it a running game's seat.
const House Verb = "house"
