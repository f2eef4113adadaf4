package console

import (
	"fmt"
	"strconv"
	"strings"

	"pbc/bot"
)

// writeChoices prints a reply's buttons and every option of its menus as
// numbered lines, each with the command it sends; the caller holds a.mu.
func (a *Adapter) writeChoices(r bot.Reply) {
	for _, b := range r.Buttons {
		a.choices = append(a.choices, b.Command)
		fmt.Fprintf(a.out, "    %d. %s — type: %s\n", len(a.choices), b.Label, b.Command)
	}
	for _, m := range r.Menus {
		if m.Placeholder != "" {
			fmt.Fprintf(a.out, "    %s\n", m.Placeholder)
		}
		for _, o := range m.Options {
			a.choices = append(a.choices, o.Command)
			label := o.Label
			if o.Description != "" {
				label += " (" + o.Description + ")"
			}
			fmt.Fprintf(a.out, "    %d. %s — type: %s\n", len(a.choices), label, o.Command)
		}
	}
}

// choice is the command of choice number line, if line is one.
func (a *Adapter) choice(line string) (string, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(line))
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil || n < 1 || n > len(a.choices) {
		return "", false
	}
	return a.choices[n-1], true
}

// resetChoices forgets the numbered choices before a new command.
func (a *Adapter) resetChoices() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.choices = nil
}
