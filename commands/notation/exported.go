package notation

// IsQuery reports whether a verb only reads the game (anyone may send it,
// at any time, and it never changes anything).
func IsQuery(v Verb) bool {
	i, ok := byVerb[v]
	return ok && notation[i].Query
}

// CorpLabel names a company for players: minors, whose ids are numbers, as
// "minor 7".
func CorpLabel(id string) string {
	for _, r := range id {
		if r < '0' || r > '9' {
			return id
		}
	}
	if id == "" {
		return id
	}
	return "minor " + id
}
