// Package console is the bot in a terminal: commands are read from an input
// (stdin), replies written to an output (stdout), and pictures saved as PNG
// files in a folder. It plays in one channel of the local platform, so a
// game started in the console can be continued in the playground.
//
// Every button and menu option of a reply is printed as a numbered line
// with the command it sends; typing the number alone sends that command.
// Lines beginning with "/" talk to the console itself: "/as NAME" changes
// who you are, "/channel NAME" changes channel, "/quit" ends. "import PATH"
// imports the 18xx.games log in that file, as an attachment would.
package console

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"pbc/bot"
	"pbc/session"
	"pbc/storage"
)

// Options configure an Adapter.
type Options struct {
	In      io.Reader
	Out     io.Writer
	Images  string // folder for pictures ("" for none)
	User    string // who you are at first
	Channel string // the playground channel to play in
	Prompt  bool   // print a prompt before each line
}

// Adapter is the terminal front end. It implements bot.Adapter.
type Adapter struct {
	opt Options

	mu  sync.Mutex // guards out, n and choices
	out io.Writer
	n   int // pictures saved so far
	// choices are the commands of the buttons and menu options printed
	// since the last command was read, numbered from 1: typing a number
	// sends its command.
	choices []string
}

var _ bot.Adapter = (*Adapter)(nil)

// New returns a console adapter.
func New(opt Options) *Adapter {
	if opt.User == "" {
		opt.User = "player1"
	}
	if opt.Channel == "" {
		opt.Channel = "console"
	}
	return &Adapter{opt: opt, out: opt.Out}
}

// Platform is storage.Local: the console shares the playground's channels.
func (a *Adapter) Platform() storage.Platform { return storage.Local }

// Mention writes a mention: local user ids are names.
func (a *Adapter) Mention(userID string) string { return "@" + userID }

// Run reads commands until the input ends, "/quit", or ctx ends; each
// command is answered before the next is read.
func (a *Adapter) Run(ctx context.Context, h bot.Handler) error {
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		readErr <- readLines(ctx, a.opt.In, maxLine(), lines)
	}()
	user, channel := a.opt.User, a.opt.Channel
	a.printf("pbc console: you are %s in #%s. Type help, or /as NAME to be someone else, /quit to leave.\n", user, channel)
	for {
		if a.opt.Prompt {
			a.printf("%s@%s> ", user, channel)
		}
		var line string
		select {
		case <-ctx.Done():
			return nil
		case err := <-readErr:
			return err
		case line = <-lines:
		}
		line = strings.TrimSpace(line)
		switch {
		case line == "":
			continue
		case line == "/quit" || line == "/exit":
			return nil
		case strings.HasPrefix(line, "/as "):
			user = strings.TrimSpace(strings.TrimPrefix(line, "/as "))
			a.printf("you are %s\n", user)
			continue
		case strings.HasPrefix(line, "/channel "):
			channel = strings.TrimSpace(strings.TrimPrefix(line, "/channel "))
			a.printf("now in #%s\n", channel)
			continue
		case line == tooLong:
			a.printf("pbc (to you): that line is over %d bytes; it was not read.\n", maxLine())
			continue
		}
		if cmd, ok := a.choice(line); ok {
			a.printf("(%s)\n", cmd)
			line = cmd
		}
		a.resetChoices()
		text, files, problem := importFile(line)
		if problem != "" {
			a.printf("pbc (to you): %s\n", problem)
			continue
		}
		done := make(chan struct{})
		h.Submit(bot.Message{
			Channel:     storage.Channel{Platform: storage.Local, ID: channel},
			User:        bot.User{ID: user, Name: user, Admin: true},
			Text:        text,
			Kind:        bot.KindTyped,
			Attachments: files,
			Respond:     &responder{a: a, done: done},
			// Picture files are opened on a computer's screen.
			Screens: session.WideScreens,
		})
		select {
		case <-done:
		case <-ctx.Done():
			return nil
		}
	}
}

// Post prints a reminder.
func (a *Adapter) Post(_ context.Context, ch storage.Channel, r bot.Reply) error {
	return a.write("#"+ch.ID, r)
}

// write prints a reply and saves its pictures.
func (a *Adapter) write(prefix string, r bot.Reply) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	tag := "pbc"
	if r.Ephemeral {
		tag = "pbc (to you)"
	}
	if prefix != "" {
		tag += " " + prefix
	}
	if _, err := fmt.Fprintf(a.out, "%s: %s\n", tag, strings.ReplaceAll(r.Text, "\n", "\n    ")); err != nil {
		return err
	}
	a.writeChoices(r)
	for _, f := range r.Files { // asked for (an export): saved even without a pictures folder
		dir := a.opt.Images
		if dir == "" {
			dir = "."
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		path := filepath.Join(dir, filepath.Base(f.Name))
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "    file: %s\n", path)
	}
	if a.opt.Images == "" {
		return nil
	}
	for _, img := range r.Images {
		if err := os.MkdirAll(a.opt.Images, 0o755); err != nil {
			return err
		}
		a.n++
		path := filepath.Join(a.opt.Images, fmt.Sprintf("%03d-%s", a.n, img.Name))
		if err := os.WriteFile(path, img.PNG, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(a.out, "    picture: %s\n", path)
	}
	return nil
}

func (a *Adapter) printf(format string, args ...any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	fmt.Fprintf(a.out, format, args...)
}

// responder prints the replies to one command.
type responder struct {
	a    *Adapter
	done chan struct{}
	once sync.Once
}

// Respond prints a reply.
func (r *responder) Respond(_ context.Context, rep bot.Reply) error { return r.a.write("", rep) }

// Finish lets the console read the next line.
func (r *responder) Finish() { r.once.Do(func() { close(r.done) }) }
