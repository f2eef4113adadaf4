package session

import "pbc/commands/notation"

// joinByName writes a bare `join` in a game with free seats (an import) as
// `join NAME` when a free seat has the sender's name, so that it takes
// that seat rather than the first free one. The caller holds s.mu.
func (s *Session) joinByName(req Request, cmd *notation.Command) (Request, *notation.Command) {
	if cmd == nil || cmd.Verb != notation.Join || cmd.Text != "" || req.User.Name == "" {
		return req, cmd
	}
	for _, st := range s.seats {
		if st.UserID == "" && sameName(st.DisplayName, req.User.Name) {
			c := *cmd
			c.Text = st.DisplayName
			req.Text = string(notation.Join) + " " + st.DisplayName
			return req, &c
		}
	}
	return req, cmd
}
