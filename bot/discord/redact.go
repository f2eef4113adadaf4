package discord

import "strings"

// redactedError is an error whose text has secrets (the bot token, an
// interaction token) blanked out; Unwrap still gives the original, for
// errors.Is.
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redact blanks the bot token and the given interaction tokens out of
// err's text: discordgo's errors quote request URLs, and an interaction's
// URL holds its token, which lets anyone answer for the bot for 15 minutes.
func (a *Adapter) redact(err error, tokens ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, t := range append(tokens, a.opt.Token) {
		if t != "" {
			msg = strings.ReplaceAll(msg, t, "[redacted]")
		}
	}
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}
