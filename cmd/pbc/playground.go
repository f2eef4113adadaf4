package main

import (
	"errors"
	"fmt"
	"strings"

	"pbc/bot/local"
)

// Environment variables of the playground, read at start.
const (
	envPlaygroundSecret = "PBC_PLAYGROUND_SECRET" // the access secret (the invite link's key)
	envPlaygroundAdmins = "PBC_PLAYGROUND_ADMINS" // names with admin rights, comma-separated
	envPlaygroundHosts  = "PBC_PLAYGROUND_HOSTS"  // host names it answers to besides IPs and localhost
	// envPlaygroundAdminKey is the key admins sign in with (the admin link): an
	// admin's name alone gives no rights.
	envPlaygroundAdminKey = "PBC_PLAYGROUND_ADMIN_KEY"
)

// playgroundOptions reads the playground's settings and refuses to serve it
// open to the network: on an address other machines can reach it needs an
// access secret. The zero Options and no error when it does not run.
func playgroundOptions(cfg serveConfig, getenv func(string) string) (local.Options, error) {
	if !cfg.Playground() {
		return local.Options{}, nil
	}
	opt := local.Options{
		Addr:   cfg.Local.Listen,
		Secret: strings.TrimSpace(getenv(envPlaygroundSecret)),
		Admins: list(getenv(envPlaygroundAdmins)),
		Hosts:  list(getenv(envPlaygroundHosts)),

		AdminKey: strings.TrimSpace(getenv(envPlaygroundAdminKey)),
	}
	if opt.AdminKey != "" && len(opt.AdminKey) < local.MinSecretLen {
		return opt, fmt.Errorf("%s is %d characters long; use %d or more", envPlaygroundAdminKey, len(opt.AdminKey), local.MinSecretLen)
	}
	err := local.CheckExposure(opt.Addr, opt.Secret)
	switch {
	case errors.Is(err, local.ErrNoSecret):
		return opt, fmt.Errorf("the playground would listen on %s, where other machines can reach it, with no access secret: "+
			"anyone reaching the port could play as anyone. Set %s (%d characters or more, e.g. from `openssl rand -hex 16`) "+
			"to serve it to those you give the invite link printed at start, or listen on 127.0.0.1 (%s), "+
			"or set DISCORD_TOKEN or the Slack tokens to run the bot without the playground",
			opt.Addr, envPlaygroundSecret, local.MinSecretLen, local.EnvListen)
	case err != nil:
		return opt, fmt.Errorf("%s: %w", envPlaygroundSecret, err)
	}
	return opt, nil
}

// list splits a comma-separated setting, dropping empty entries.
func list(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
