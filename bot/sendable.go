package bot

import "strings"

// Sendable is the reply as a platform may send it: a button or menu option
// with no label is labelled with its command, one with neither is left
// out, as is a menu left with no option. Discord's schema and Slack's
// documentation refuse an empty label; no adapter sends one.
func (r Reply) Sendable() Reply {
	var buttons []Button
	for _, b := range r.Buttons {
		b.Label = labelOf(b.Label, b.Command)
		if b.Label != "" && strings.TrimSpace(b.Command) != "" {
			buttons = append(buttons, b)
		}
	}
	var menus []Menu
	for _, m := range r.Menus {
		var opts []MenuOption
		for _, o := range m.Options {
			o.Label = labelOf(o.Label, o.Command)
			if o.Label != "" && strings.TrimSpace(o.Command) != "" {
				opts = append(opts, o)
			}
		}
		if len(opts) > 0 {
			m.Options = opts
			menus = append(menus, m)
		}
	}
	r.Buttons, r.Menus = buttons, menus
	return r
}

// Empty reports whether a reply has nothing to show: no text but blanks, no
// picture, file or choice. Platforms refuse an empty message; none is sent.
func (r Reply) Empty() bool {
	r = r.Sendable()
	return strings.TrimSpace(r.Text) == "" && len(r.Images)+len(r.Files)+len(r.Buttons)+len(r.Menus) == 0
}

// SendableChoices are completions as a platform may send them: labelled
// (with their value when they have no label), and none with an empty value.
func SendableChoices(cs []Choice) []Choice {
	out := make([]Choice, 0, len(cs))
	for _, c := range cs {
		c.Label = labelOf(c.Label, c.Value)
		if c.Label != "" && strings.TrimSpace(c.Value) != "" {
			out = append(out, c)
		}
	}
	return out
}

// labelOf is label, or the command when label is blank.
func labelOf(label, command string) string {
	if l := strings.TrimSpace(label); l != "" {
		return l
	}
	return strings.TrimSpace(command)
}
