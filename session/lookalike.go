package session

import (
	"fmt"

	"pbc/internal/names"
	"pbc/storage"
)

// lookAlike refuses a seat to a user whose name is, by names.Same, the
// name of another user seated there: the table could not tell them apart
// (Cyrillic а for a, full-width letters, case). "" when there is none.
func lookAlike(seats []storage.Seat, u User) string {
	for _, s := range seats {
		if s.UserID != "" && s.UserID != u.ID && names.Same(s.DisplayName, u.Name) {
			return fmt.Sprintf("%s looks the same as %s, who already sits at this game: players could not tell you apart. "+
				"Change your display name, then `join`.", u.Name, s.DisplayName)
		}
	}
	return ""
}
