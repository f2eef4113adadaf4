package notation

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // players' time zones, even on a system without tzdata
)

// Personal notification commands are a player's own settings, kept by the
// bot rather than the game: `notify dm`, `notify off`, `notify quiet 22-7`,
// `notify tz Europe/Paris`, `away 3d`, `back`. ParseNotify reads them.

// NotifyKind says what a personal notification command asks.
type NotifyKind int

// The personal notification commands.
const (
	NotifyShow     NotifyKind = iota // "notify": say the player's settings
	NotifyDM                         // "notify dm": a direct message on their turn
	NotifyOff                        // "notify off": no more direct messages
	NotifyQuiet                      // "notify quiet 22-7 [Zone]": their own quiet hours
	NotifyQuietOff                   // "notify quiet off"
	NotifyZone                       // "notify tz Europe/Paris": their time zone
	NotifyAway                       // "away 3d": away for a span
	NotifyBack                       // "back": no longer away
)

// MaxAway is the longest span a player may be away for in one go.
const MaxAway = 60 * 24 * time.Hour

// Notify is a parsed personal notification command.
type Notify struct {
	Kind NotifyKind
	// From and To are NotifyQuiet's hours, in minutes after midnight.
	From, To int
	// Zone is NotifyZone's time zone, or NotifyQuiet's if given: a known
	// IANA name.
	Zone string
	// For is NotifyAway's span.
	For time.Duration
}

// isNotifyVerb reports whether v starts a personal notification command.
func isNotifyVerb(v Verb) bool { return v == Notifications || v == Away || v == Back }

// IsNotify reports whether text is a personal notification command (well
// formed or not).
func IsNotify(text string) bool {
	w, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return isNotifyVerb(VerbOf(w))
}

// ParseNotify reads a personal notification command; the error says what
// would be understood.
func ParseNotify(text string) (Notify, error) {
	words := strings.Fields(text)
	if len(words) == 0 || !isNotifyVerb(VerbOf(words[0])) {
		return Notify{}, parseErr("%q is not a notification setting; try `notify dm`, `away 3d` or `back`", Clip(text))
	}
	verb, args := VerbOf(words[0]), words[1:]
	switch verb {
	case Back:
		if len(args) > 0 {
			return Notify{}, parseErr("`back` takes nothing after it")
		}
		return Notify{Kind: NotifyBack}, nil
	case Away:
		if len(args) == 0 {
			return Notify{}, parseErr("say for how long: `away 3d`, `away 12h` or `away 2w`; `back` when you are")
		}
		d, err := notifySpan(strings.Join(args, ""))
		if err != nil {
			return Notify{}, err
		}
		return Notify{Kind: NotifyAway, For: d}, nil
	}
	if len(args) == 0 {
		return Notify{Kind: NotifyShow}, nil
	}
	switch what := strings.ToLower(args[0]); {
	case (what == "dm" || what == "on" || what == "me") && len(args) == 1:
		return Notify{Kind: NotifyDM}, nil
	case (what == "off" || what == "none") && len(args) == 1:
		return Notify{Kind: NotifyOff}, nil
	case (what == "tz" || what == "zone" || what == "timezone") && len(args) == 2:
		zone, err := notifyZone(args[1])
		return Notify{Kind: NotifyZone, Zone: zone}, err
	case what == "quiet" && len(args) == 2 && (strings.EqualFold(args[1], "off") || strings.EqualFold(args[1], "none")):
		return Notify{Kind: NotifyQuietOff}, nil
	case what == "quiet" && (len(args) == 2 || len(args) == 3):
		from, to, ok := notifyHours(args[1])
		if !ok {
			return Notify{}, parseErr("%q is not a span of hours; try `notify quiet 22-7` or `notify quiet 22:30-07:00 Europe/Paris`", Clip(args[1]))
		}
		n := Notify{Kind: NotifyQuiet, From: from, To: to}
		if len(args) == 3 {
			zone, err := notifyZone(args[2])
			if err != nil {
				return Notify{}, err
			}
			n.Zone = zone
		}
		return n, nil
	}
	return Notify{}, parseErr("try `notify dm`, `notify off`, `notify quiet 22-7`, `notify quiet off` or `notify tz Europe/Paris`")
}

// notifyZone checks a time zone's name.
func notifyZone(name string) (string, error) {
	if name == "" || strings.EqualFold(name, "local") {
		return "", parseErr("name your time zone, like Europe/Paris or America/Vancouver")
	}
	if strings.EqualFold(name, "utc") || strings.EqualFold(name, "gmt") {
		return "UTC", nil
	}
	if _, err := time.LoadLocation(name); err != nil {
		return "", parseErr("I do not know the time zone %q; use a name like Europe/Paris or America/Vancouver", Clip(name))
	}
	return name, nil
}

// notifyHours reads "22-7" or "22:30-07:00" as minutes after midnight; a
// span of no length is not one.
func notifyHours(s string) (from, to int, ok bool) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, false
	}
	from, ok1 := notifyClock(a)
	to, ok2 := notifyClock(b)
	return from, to, ok1 && ok2 && from != to
}

// notifyClock reads "7", "07", "7:30" or "07:30" as minutes after midnight.
func notifyClock(s string) (int, bool) {
	h, m, hasMin := strings.Cut(s, ":")
	hh, err := strconv.Atoi(h)
	if err != nil || hh < 0 || hh > 23 || len(h) > 2 {
		return 0, false
	}
	mm := 0
	if hasMin {
		if mm, err = strconv.Atoi(m); err != nil || mm < 0 || mm > 59 || len(m) != 2 {
			return 0, false
		}
	}
	return hh*60 + mm, true
}

// notifyUnits are the units of an away span.
var notifyUnits = map[string]time.Duration{
	"h": time.Hour, "hour": time.Hour, "hours": time.Hour,
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
	"w": 7 * 24 * time.Hour, "week": 7 * 24 * time.Hour, "weeks": 7 * 24 * time.Hour,
}

// notifySpan reads "3d", "12h", "2w", "1d12h" or "3days" (the words of the
// span already joined).
func notifySpan(s string) (time.Duration, error) {
	bad := parseErr("%q is not a span; try `away 3d`, `away 12h` or `away 2w`", Clip(s))
	s = strings.ToLower(s)
	var total time.Duration
	for s != "" {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		j := i
		for j < len(s) && (s[j] < '0' || s[j] > '9') {
			j++
		}
		n, err := strconv.Atoi(s[:i])
		unit, ok := notifyUnits[s[i:j]]
		if err != nil || !ok || n > int(MaxAway/time.Hour) {
			return 0, bad
		}
		total += time.Duration(n) * unit
		if total > MaxAway {
			break // said already; and a long list of spans must not overflow
		}
		s = s[j:]
	}
	switch {
	case total <= 0:
		return 0, bad
	case total > MaxAway:
		return 0, parseErr("at most %d days away at a time; say `away` again when it runs out", int(MaxAway/(24*time.Hour)))
	}
	return total, nil
}

// String writes the command back as a player would type it.
func (n Notify) String() string {
	switch n.Kind {
	case NotifyDM:
		return "notify dm"
	case NotifyOff:
		return "notify off"
	case NotifyQuiet:
		s := fmt.Sprintf("notify quiet %02d:%02d-%02d:%02d", n.From/60, n.From%60, n.To/60, n.To%60)
		if n.Zone != "" {
			s += " " + n.Zone
		}
		return s
	case NotifyQuietOff:
		return "notify quiet off"
	case NotifyZone:
		return "notify tz " + n.Zone
	case NotifyAway:
		return fmt.Sprintf("away %dh", int(n.For/time.Hour))
	case NotifyBack:
		return "back"
	}
	return "notify"
}
