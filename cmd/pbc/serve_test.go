package main

import (
	"flag"
	"io"
	"log/slog"
	"slices"
	"testing"

	"pbc/bot"
)

// TestSlackOptionsInPlace: the channels the configuration names as
// playing in place reach the Slack adapter's options, with the tokens.
func TestSlackOptionsInPlace(t *testing.T) {
	env := map[string]string{bot.EnvSlackBotToken: "xoxb-1", bot.EnvSlackAppToken: "xapp-1", bot.EnvSlackInPlace: "C1,C2"}
	fs := flag.NewFlagSet("pbc", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg, err := bot.ParseConfig(fs, nil, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	opt := slackOptions(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if !slices.Equal(opt.InPlace, []string{"C1", "C2"}) || opt.BotToken != "xoxb-1" || opt.AppToken != "xapp-1" {
		t.Errorf("the Slack options are %+v", opt)
	}
}
