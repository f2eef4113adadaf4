package main

import (
	"flag"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"pbc/bot/discord"
	"pbc/bot/slack"
)

// TestSlackOptionsInPlace: the channels the configuration names as
// playing in place reach the Slack adapter's options, with the tokens.
func TestSlackOptionsInPlace(t *testing.T) {
	env := map[string]string{slack.EnvBotToken: "xoxb-1", slack.EnvAppToken: "xapp-1", slack.EnvInPlace: "C1,C2"}
	fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg, err := parseServeConfig(fs, nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	opt := cfg.Slack.Options(slog.New(slog.NewTextHandler(io.Discard, nil)))
	if !slices.Equal(opt.InPlace, []string{"C1", "C2"}) || opt.BotToken != "xoxb-1" || opt.AppToken != "xapp-1" {
		t.Errorf("the Slack options are %+v", opt)
	}
}

// TestDiscordOptions: the game-master role and the channels that play in
// place reach the Discord adapter's options from the environment or the
// flags (which win).
func TestDiscordOptions(t *testing.T) {
	for _, c := range []struct {
		name        string
		args        []string
		wantRole    string
		wantInPlace []string
	}{
		{"environment", nil, "game master", []string{"111", "222"}},
		{"flags", []string{"--discord-gm-role", "gm", "--discord-in-place", "333"}, "gm", []string{"333"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := map[string]string{discord.EnvToken: "Tk.s3cret", discord.EnvGMRole: "game master", discord.EnvInPlace: "111, 222,111"}
			fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			cfg, err := parseServeConfig(fs, c.args, func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			opt := cfg.Discord.Options(slog.New(slog.NewTextHandler(io.Discard, nil)))
			if opt.GMRole != c.wantRole || !slices.Equal(opt.InPlace, c.wantInPlace) || opt.Token != "Tk.s3cret" {
				t.Errorf("the Discord options are GMRole %q InPlace %q Token %q", opt.GMRole, opt.InPlace, opt.Token)
			}
			for _, s := range append([]string{c.wantRole}, c.wantInPlace...) {
				if !strings.Contains(cfg.String(), s) {
					t.Errorf("the logged configuration %s does not show %q", cfg, s)
				}
			}
			if strings.Contains(cfg.String(), "s3cret") {
				t.Errorf("the logged configuration %s shows the token", cfg)
			}
		})
	}
}
