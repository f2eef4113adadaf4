package main

import (
	"flag"
	"fmt"
	"strings"
	"time"

	"pbc/bot"
)

// envReminderTick sets how often due reminders are looked for.
const envReminderTick = "PBC_REMINDER_TICK"

// tickFlag registers --reminder-tick on fs; the value is checked by
// reminderTick once the flags are parsed.
func tickFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	def := strings.TrimSpace(getenv(envReminderTick))
	if def == "" {
		def = bot.DefaultReminderTick.String()
	}
	return fs.String("reminder-tick", def, "how often due reminders are looked for, a `span` like 1m ["+envReminderTick+"]")
}

// reminderTick parses the --reminder-tick value.
func reminderTick(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("reminder tick %q: use a positive span like 1m or 500ms", s)
	}
	return d, nil
}
