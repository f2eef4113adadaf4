package slack

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"

	"pbc/bot"
)

// TestConfigSlackInPlace: the Slack channels that play in place come from
// PBC_SLACK_IN_PLACE or --slack-in-place (which wins), comma-separated,
// blanks and repeats dropped.
func TestConfigSlackInPlace(t *testing.T) {
	for _, c := range []struct {
		name, env string
		args      []string
		want      []string
	}{
		{"unset", "", nil, nil},
		{"one", "C0123", nil, []string{"C0123"}},
		{"a list", " C1, C2,,C1 ,", nil, []string{"C1", "C2"}},
		{"the flag wins", "C1,C2", []string{"--slack-in-place", "G9"}, []string{"G9"}},
		{"blank", " , ", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			var sc Config
			cfg, err := bot.ParseConfig(fs, c.args, func(k string) string {
				if k == EnvInPlace {
					return c.env
				}
				return ""
			}, &sc)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(sc.InPlace, c.want) {
				t.Errorf("InPlace = %q, want %q", sc.InPlace, c.want)
			}
			if len(c.want) > 0 && !strings.Contains(cfg.String(), c.want[0]) {
				t.Errorf("the logged configuration %s does not show the channels", cfg)
			}
		})
	}
}

// TestConfigNeedsBothTokens: one Slack token without the other is a
// configuration error naming both variables.
func TestConfigNeedsBothTokens(t *testing.T) {
	fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var sc Config
	_, err := bot.ParseConfig(fs, nil, func(k string) string {
		if k == EnvBotToken {
			return "xoxb-1"
		}
		return ""
	}, &sc)
	if err == nil || !strings.Contains(err.Error(), EnvAppToken) {
		t.Errorf("a bot token alone: %v", err)
	}
}
