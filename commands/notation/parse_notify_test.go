package notation

import (
	"strings"
	"testing"
	"time"
)

func TestParseNotify(t *testing.T) {
	for _, c := range []struct {
		text string
		want Notify
	}{
		{"notify", Notify{Kind: NotifyShow}},
		{"notify dm", Notify{Kind: NotifyDM}},
		{"Notify DM", Notify{Kind: NotifyDM}},
		{"notify off", Notify{Kind: NotifyOff}},
		{"notify quiet 22-7", Notify{Kind: NotifyQuiet, From: 22 * 60, To: 7 * 60}},
		{"notify quiet 22:30-07:05 Europe/Paris", Notify{Kind: NotifyQuiet, From: 22*60 + 30, To: 7*60 + 5, Zone: "Europe/Paris"}},
		{"notify quiet 9-17 utc", Notify{Kind: NotifyQuiet, From: 9 * 60, To: 17 * 60, Zone: "UTC"}},
		{"notify quiet off", Notify{Kind: NotifyQuietOff}},
		{"notify tz America/Vancouver", Notify{Kind: NotifyZone, Zone: "America/Vancouver"}},
		{"notifications timezone Europe/Paris", Notify{Kind: NotifyZone, Zone: "Europe/Paris"}},
		{"away 3d", Notify{Kind: NotifyAway, For: 72 * time.Hour}},
		{"away 12h", Notify{Kind: NotifyAway, For: 12 * time.Hour}},
		{"away 2 weeks", Notify{Kind: NotifyAway, For: 14 * 24 * time.Hour}},
		{"away 1d12h", Notify{Kind: NotifyAway, For: 36 * time.Hour}},
		{"back", Notify{Kind: NotifyBack}},
	} {
		t.Run(c.text, func(t *testing.T) {
			if !IsNotify(c.text) {
				t.Errorf("IsNotify(%q) = false", c.text)
			}
			got, err := ParseNotify(c.text)
			if err != nil || got != c.want {
				t.Fatalf("ParseNotify(%q) = %+v, %v; want %+v", c.text, got, err, c.want)
			}
			// Written back, it reads the same.
			if again, err := ParseNotify(got.String()); err != nil || again != got {
				t.Errorf("ParseNotify(%q) = %+v, %v; want %+v", got.String(), again, err, got)
			}
		})
	}
}

func TestParseNotifyRefuses(t *testing.T) {
	for _, c := range []struct {
		text, hint string
	}{
		{"away", "for how long"},
		{"away soon", "not a span"},
		{"away 3", "not a span"},
		{"away 0d", "not a span"},
		{"away 90d", "at most 60 days"},
		{"away " + strings.Repeat("9w", 2000), "at most 60 days"},
		{"back tomorrow", "nothing after"},
		{"notify quiet 25-7", "not a span of hours"},
		{"notify quiet 7-7", "not a span of hours"},
		{"notify quiet 22:3-7", "not a span of hours"},
		{"notify quiet 22-7 Mars/Olympus", "time zone"},
		{"notify tz Mars/Olympus", "time zone"},
		{"notify tz", "try `notify dm`"},
		{"notify loudly", "try `notify dm`"},
		{"pass", "not a notification setting"},
	} {
		t.Run(c.text, func(t *testing.T) {
			got, err := ParseNotify(c.text)
			if err == nil {
				t.Fatalf("ParseNotify(%q) = %+v, want a refusal", c.text, got)
			}
			if !strings.Contains(err.Error(), c.hint) {
				t.Errorf("ParseNotify(%q): %q, want it to say %q", c.text, err, c.hint)
			}
		})
	}
	if IsNotify("pass") || IsNotify("") {
		t.Error("IsNotify took a game command or nothing for a notification setting")
	}
}

func TestNotifyHelp(t *testing.T) {
	for _, c := range []struct {
		topic string
		want  []string
	}{
		{"", []string{"`notify dm`", "`away 3d`", "`back`", "notify."}},
		{"notify", []string{"`notify dm`", "`notify off`", "`notify quiet 22-7`", "`notify tz Europe/Paris`", "`away 3d`", "`back`", "`remind every 12h`"}},
		{"away", []string{"`away 3d`"}},
		{"quiet", []string{"`notify quiet off`", "`quiet 22:00-07:00 Europe/Paris`"}},
	} {
		t.Run(c.topic, func(t *testing.T) {
			got := HelpText(c.topic)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("help %s does not mention %s: %q", c.topic, w, got)
				}
			}
		})
	}
	// Every notification command the help shows is one the bot reads.
	for _, topic := range []string{"", "notify"} {
		parts := strings.Split(HelpText(topic), "`")
		for i := 1; i < len(parts); i += 2 {
			if IsNotify(parts[i]) {
				if _, err := ParseNotify(parts[i]); err != nil {
					t.Errorf("help %s shows %q, which is refused: %v", topic, parts[i], err)
				}
			}
		}
	}
}
