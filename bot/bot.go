// Package bot is the platform-neutral core of the play-by-chat bot: it takes
// messages from chat adapters (Discord, Slack, the local playground, the
// console), runs them through the command layer against the channel's stored
// game, and answers with text, the map and the market as PNG images,
// mentioning whoever must act next. It also sends turn reminders and
// catch-up summaries.
//
// An Adapter connects one chat platform. It receives messages and
// interactions and passes each to a Handler (the Core) as a Message with a
// Responder to answer it; it sends unsolicited messages (reminders) with
// Post, and writes mentions its platform's way. The Core handles one
// channel's messages one at a time, in order, and different channels in
// parallel:
//
//	core := bot.New(bot.Options{Store: st, Commands: cmds, Adapters: []bot.Adapter{discord}})
//	err := core.Run(ctx) // until ctx ends; then finishes the messages in hand
package bot

import (
	"context"
	"io"
	"strconv"
	"strings"

	"pbc/session"
	"pbc/storage"
)

// User is a chat user as an adapter sees them.
type User struct {
	ID    string // the platform's user id
	Name  string // display name
	Admin bool   // may administer the channel (kick, replace, end games)
}

// Kind says how a message reached the bot.
type Kind int

// The ways a message reaches the bot.
const (
	KindTyped  Kind = iota // a plain chat message (prefixed or mentioning the bot)
	KindSlash              // a /pbc application or slash command
	KindButton             // a button or menu choice from an earlier reply
)

// String names the kind for logs.
func (k Kind) String() string {
	switch k {
	case KindSlash:
		return "slash"
	case KindButton:
		return "button"
	}
	return "typed"
}

// Message is one command for the bot, from one user in one channel.
type Message struct {
	Channel storage.Channel
	User    User
	// Text is the command as the user wrote it, without the bot's mention,
	// prefix or slash-command name: "lay 57 D23 r1", "pass", "status".
	Text string
	Kind Kind
	// At is the position the button or menu choice was offered at (see
	// Button.At); 0 for typed and slash commands.
	At int
	// EventID is the platform's id of the delivery (an interaction or event
	// id): a second delivery of the same event is dropped. "" if none.
	EventID string
	// Attachments are files sent with the message (an 18xx.games log to
	// import); adapters fill them in, the core opens them only when a
	// command reads a file.
	Attachments []Attachment
	// Screens says which forms of the pictures the platform shows: a
	// phone's only (the zero value) or every form, marked, for a page
	// that picks the one fitting its reader's screen.
	Screens session.Screens
	// Respond answers the message; it may be called more than once (a
	// catch-up summary, then the reply).
	Respond Responder
}

// Responder answers one message. An ephemeral reply is shown to the sender
// only where the platform can do that.
type Responder interface {
	Respond(ctx context.Context, r Reply) error
}

// Finisher is implemented by responders that want to know when the core is
// done with their message (after its last Respond).
type Finisher interface {
	Finish()
}

// ResponderFunc adapts a function to Responder.
type ResponderFunc func(ctx context.Context, r Reply) error

// Respond calls f.
func (f ResponderFunc) Respond(ctx context.Context, r Reply) error { return f(ctx, r) }

// Image is a PNG to attach to a reply (file name, a short description and
// the picture), as the session draws it.
type Image = session.Image

// Button is a short choice offered under a reply; choosing it sends Command
// as if the user had typed it, with the position it was offered at.
type Button struct {
	Label   string
	Command string
	Danger  bool // drawn as a destructive choice
	// At marks the game's log position when the button was offered
	// (session.Offer): pressed after the game moved on, it is refused
	// instead of acting on a state its user did not see. 0 for buttons that
	// are always current.
	At int
}

// Value is what an adapter carries for the button (a custom id, an action
// value): the command and the position it was offered at.
func (b Button) Value() string {
	if b.At <= 0 {
		return b.Command
	}
	return "@" + strconv.Itoa(b.At) + " " + b.Command
}

// ParseValue reads a button's Value back into the command and position.
func ParseValue(v string) (command string, at int) {
	if rest, ok := strings.CutPrefix(v, "@"); ok {
		n, cmd, ok := strings.Cut(rest, " ")
		if at, err := strconv.Atoi(n); ok && err == nil && at > 0 {
			return cmd, at
		}
	}
	return v, 0
}

// Attachment is a file a user sent with a message.
type Attachment struct {
	Name string // file name as the user gave it
	Type string // media type if the platform says, e.g. "application/json"
	Size int64  // bytes, if the platform says; 0 if unknown
	// Open reads the file (a download for Discord and Slack).
	Open func(ctx context.Context) (io.ReadCloser, error)
}

// Menu is a long choice offered under a reply (a select menu): choosing an
// option sends its Command as if the user had typed it.
type Menu struct {
	Placeholder string // shown before a choice is made, e.g. "Bid on…"
	Options     []MenuOption
	// At is the position the menu was offered at, as for Button.At.
	At int
}

// MenuOption is one entry of a Menu.
type MenuOption struct {
	Label       string
	Command     string
	Description string // optional second line
}

// Value is what an adapter carries for the option, as Button.Value.
func (o MenuOption) Value(at int) string {
	return Button{Command: o.Command, At: at}.Value()
}

// File is an attachment other than a picture (an exported game log), as
// the session makes it.
type File = session.File

// Reply is what the bot sends: text with mentions already written the
// platform's way (Mentioner), images, buttons for short choices.
type Reply struct {
	Text    string
	Images  []Image
	Files   []File
	Buttons []Button
	Menus   []Menu
	// Ping is the line of Text that mentions who must act next ("Your
	// turn: …"), or "": a platform where an edited or deferred reply does
	// not notify sends it as a new message.
	Ping string
	// Mentions are the users mentioned in Text: the only ones a platform
	// that supports it lets the message notify.
	Mentions []string
	// Ephemeral replies (errors, catch-ups) go to the sender only.
	Ephemeral bool
	// Stale says the reply refuses a button or menu choice offered before
	// the game moved on: an adapter disables the components it came from.
	Stale bool
}

// Adapter connects the bot to one chat platform.
type Adapter interface {
	// Platform names the chat platform.
	Platform() storage.Platform
	// Run receives messages and interactions, passes each to h, and returns
	// when ctx ends (nil) or the connection fails for good.
	Run(ctx context.Context, h Handler) error
	// Post sends an unsolicited message (a reminder) to a channel.
	Post(ctx context.Context, ch storage.Channel, r Reply) error
}

// What differs by platform is an optional interface an adapter may
// implement; the core asks for it and does without: Mentioner (mentions),
// DirectMessenger (direct messages), ChannelLinker (channel links),
// Connector (connection state). Threads are the
// adapters' own: each opens and follows them in its package.

// Mentioner writes mentions the platform's way; without it the core
// writes "@name".
type Mentioner interface {
	// Mention writes a mention of the user in the platform's syntax.
	Mention(userID string) string
}

// Handler is what adapters feed: the Core.
type Handler interface {
	// Submit queues a message; it returns at once and m.Respond is called
	// when the message has been handled.
	Submit(m Message)
	// Suggest returns up to 25 completions of a command's argument (hexes,
	// tiles, companies, trains, amounts) for autocompletion, quickly.
	Suggest(ctx context.Context, q Query) []Choice
}

// Query asks for completions of one argument of a command being typed.
type Query struct {
	Channel storage.Channel
	User    User
	// Command is the subcommand ("lay", "buy", ...), Field the argument
	// being typed ("hex", "tile", "company", "train", "amount"), and
	// Prefix what has been typed of it so far.
	Command, Field, Prefix string
}

// Choice is one completion: the text to show and the value to insert.
type Choice struct {
	Label, Value string
}

// StripPrefix returns the command in a typed chat message and whether the
// message is meant for the bot: it starts with "!", "pbc " or "/pbc ", or
// with one of the given mentions of the bot.
func StripPrefix(text string, mentions ...string) (string, bool) {
	t := strings.TrimSpace(text)
	for _, m := range mentions {
		if m != "" && strings.HasPrefix(t, m) {
			return strings.TrimSpace(strings.TrimPrefix(t, m)), true
		}
	}
	if rest, ok := strings.CutPrefix(t, "!"); ok && rest != "" && rest[0] != ' ' {
		return strings.TrimSpace(rest), true
	}
	lower := strings.ToLower(t)
	for _, p := range []string{"/pbc ", "pbc "} {
		if strings.HasPrefix(lower, p) {
			return strings.TrimSpace(t[len(p):]), true
		}
	}
	return "", false
}
