// Package storage keeps every channel's games: the games themselves, their
// seats, the append-only action log, per-channel settings, reminders and
// each user's notification preferences.
//
// Store is the interface the bot uses; storage/sqlite is the embedded
// implementation, storage/postgres the one several processes share, and
// storage/storetest the conformance suite both pass. A game's state is never stored: it is always the replay of
// its action log, which Load returns as an 18xx.games game log. A turn goes:
//
//	ld, err := st.Load(ctx, id)            // then engine.Replay(ld.Log, opts)
//	// ... apply the chat move to the replayed game: its actions, any seat
//	// claimed, the end of the game if the move ends it ...
//	g, err := st.Commit(ctx, id, storage.Move{
//		Entries: []storage.Entry{{Seq: len(ld.Entries) + 1, Action: raw, UserID: user}},
//		EventID: interactionID, // a redelivery is then ErrDuplicate
//		Finish:  finish,        // nil while the game goes on
//	})
//	switch {
//	case errors.Is(err, storage.ErrDuplicate): // already answered: say nothing more
//	case errors.Is(err, storage.ErrConflict): // someone else moved first:
//		// read their rows with st.Rows(ctx, id, len(ld.Entries)), replay them, retry
//	}
//
// Commit writes the whole move or nothing. A game whose last rows no longer
// load can be cut back to a good seq with Truncate, which keeps what it drops.
package storage

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"pbc/engine/action"
)

// Platform is the chat platform a game is played on.
type Platform string

// The chat platforms.
const (
	Discord Platform = "discord"
	Slack   Platform = "slack"
	Local   Platform = "local"
)

// Valid reports whether p is one of the known platforms.
func (p Platform) Valid() bool { return p == Discord || p == Slack || p == Local }

// Status is the stage of a game's life.
type Status string

// The stages of a game: forming (taking seats), active (being played),
// finished (ended by the rules) and abandoned (given up).
const (
	Forming   Status = "forming"
	Active    Status = "active"
	Finished  Status = "finished"
	Abandoned Status = "abandoned"
)

// Valid reports whether s is one of the known statuses.
func (s Status) Valid() bool {
	return s == Forming || s == Active || s == Finished || s == Abandoned
}

// Open reports whether a game in status s still occupies its channel.
func (s Status) Open() bool { return s == Forming || s == Active }

// CanBecome reports whether a game may move from status s to status to:
// forming to active, and forming or active to finished or abandoned.
func (s Status) CanBecome(to Status) bool {
	switch to {
	case Active:
		return s == Forming
	case Finished, Abandoned:
		return s.Open()
	}
	return false
}

// Channel names a chat channel: the platform, the workspace (Slack) or guild
// (Discord), "" for the local playground, and the channel id.
type Channel struct {
	Platform  Platform
	Workspace string
	ID        string
}

// GameID identifies a stored game.
type GameID int64

// Game is a stored game's record.
type Game struct {
	ID      GameID
	Channel Channel
	Title   string   // the 18xx.games title, e.g. "1822PNW"
	Options []string // optional rules and variants, as 18xx.games names them
	Seed    int64
	Status  Status
	Creator string // platform user id of whoever created or imported it
	// Result is the final value per 18xx.games player id, once finished.
	Result map[string]int
	// EndReason is why the game ended ("bank", "stock_market", ...), once finished.
	EndReason string
	Imported  bool // whether the game was imported from an 18xx.games log
	CreatedAt time.Time
	UpdatedAt time.Time
	EndedAt   time.Time // zero while open
}

// NewGame describes a game to create.
type NewGame struct {
	Channel Channel
	Title   string
	Options []string
	Seed    int64
	Creator string
}

// Seat is one player's place at a game, held by one platform user for a time.
// A replaced seat keeps its order and player id; only the user changes.
type Seat struct {
	Order       int    // 0-based seat order
	PlayerID    int    // the player's id in the game log (actions' entity)
	UserID      string // platform user id; "" while unclaimed (imported games)
	DisplayName string
	Since       time.Time
	Until       time.Time // zero while the user holds the seat
}

// Entry is one row of a game's action log.
type Entry struct {
	Seq    int             // 1-based position in the log
	Action json.RawMessage // the action as 18xx.games JSON
	UserID string          // the platform user who sent it; "" when imported
	At     time.Time
}

// Loaded is a game as loaded from storage: its record, current seats, log
// rows and the log decoded as an 18xx.games game, ready to be replayed.
type Loaded struct {
	Game    Game
	Seats   []Seat
	Entries []Entry
	Log     *action.GameLog
	// Events are the platform event ids of the game's latest moves (at most
	// RecentEvents), so that a delivery repeated after a restart is
	// recognised before it is run.
	Events []string
}

// RecentEvents is how many of a game's latest move event ids Load returns.
const RecentEvents = 256

// Filter selects games to list; zero fields match everything.
type Filter struct {
	Channel  *Channel // only games of this channel
	Statuses []Status // only games in one of these statuses
	Creator  string   // only games created by this user
	Limit    int      // at most this many, newest first; 0 for all
}

// QuietHours is a daily span in which reminders are held back. From and To
// are minutes after midnight in the time zone TZ; From == To means none.
type QuietHours struct {
	From, To int
	TZ       string // IANA name; "" for UTC
}

// ImagePrefs says how the board and market are shown in a channel.
type ImagePrefs struct {
	Off    bool   `json:"off,omitempty"`    // post text views only
	Format string `json:"format,omitempty"` // "png" (default) or "svg"
	Width  int    `json:"width,omitempty"`  // pixels; 0 for the renderer's default
}

// ChannelSettings are a channel's preferences; the zero value is the default.
type ChannelSettings struct {
	Channel       Channel
	ReminderEvery time.Duration // 0 disables reminders
	Quiet         QuietHours
	Images        ImagePrefs
}

// Reminder is the next time a game's players are to be reminded, with
// what the reminders of the current wait have done so far: they come less
// often the longer a game stalls, and once it has stalled for long an admin
// is asked to step in.
type Reminder struct {
	Game GameID
	Due  time.Time
	// Sent is how many reminders have gone unanswered since the game last
	// moved.
	Sent int
	// Since is when the game last moved (zero if not known).
	Since time.Time
	// Asked says an admin has been asked to step in during this wait.
	Asked bool
}

// UserRef names a chat user: the platform, the workspace or guild ("" for
// the local playground), and the user's id there.
type UserRef struct {
	Platform  Platform
	Workspace string
	ID        string
}

// UserPrefs are one user's notification preferences; the zero value (no
// direct messages, no quiet hours, not away) is the default.
type UserPrefs struct {
	User UserRef
	// DM asks for a direct message when it is the user's turn.
	DM bool
	// Quiet are the user's own quiet hours, in their time zone (Quiet.TZ,
	// which is kept even when they have no quiet hours).
	Quiet QuietHours
	// AwayUntil is when the user is back; zero when they are not away.
	AwayUntil time.Time
}

// Store keeps games, seats, action logs, settings and reminders. Its methods
// are safe for concurrent use.
type Store interface {
	// CreateGame creates a forming game; ErrChannelBusy if the channel has an open game.
	CreateGame(ctx context.Context, g NewGame) (Game, error)
	// Game returns a game by id, or ErrNotFound.
	Game(ctx context.Context, id GameID) (Game, error)
	// OpenGame returns the channel's forming or active game, or ErrNotFound.
	OpenGame(ctx context.Context, ch Channel) (Game, error)
	// ListGames returns the games that match f, newest first.
	ListGames(ctx context.Context, f Filter) ([]Game, error)
	// SetStatus moves a game to another status (see Status.CanBecome).
	SetStatus(ctx context.Context, id GameID, to Status) (Game, error)
	// Finish marks an open game finished with its result and end reason.
	Finish(ctx context.Context, id GameID, reason string, result map[string]int) (Game, error)
	// Reopen makes finished game id active again, without its result, end
	// reason and end time (an undo took back the move that ended it):
	// ErrStatus if it is not finished, ErrChannelBusy if its channel has
	// another open game by now.
	Reopen(ctx context.Context, id GameID) (Game, error)

	// AddSeat seats a user at a forming game; Since defaults to now.
	AddSeat(ctx context.Context, id GameID, s Seat) (Seat, error)
	// ReplaceSeat hands an open game's seat to another user.
	ReplaceSeat(ctx context.Context, id GameID, order int, userID, displayName string) (Seat, error)
	// Seats returns the current seats in seat order.
	Seats(ctx context.Context, id GameID) ([]Seat, error)
	// SeatHistory returns every holder of every seat, by seat and time.
	SeatHistory(ctx context.Context, id GameID) ([]Seat, error)

	// Append adds e to an active game's log. e.Seq must be the next sequence
	// number; otherwise nothing is written and a *ConflictError is returned.
	Append(ctx context.Context, id GameID, e Entry) (Entry, error)
	// Commit writes m to active game id in one transaction and returns the
	// game's record after it: all of m, or nothing (see Move).
	Commit(ctx context.Context, id GameID, m Move) (Game, error)
	// Rows returns game id's stored log rows with Seq > after, in order,
	// undecoded (so that a log that no longer decodes can still be exported
	// or repaired, and a session that fell behind another writer can catch up).
	Rows(ctx context.Context, id GameID, after int) ([]Entry, error)
	// Truncate drops open game id's log rows after seq keep, keeping them
	// aside with who dropped them and when, and returns how many it dropped.
	// It reads nothing of the rows, so it works on corrupt ones. The game's
	// event ids stay remembered; a session holding the game learns of the cut
	// from a ConflictError whose Next is at or below its own log's length.
	Truncate(ctx context.Context, id GameID, keep int, by string) (int, error)
	// Load returns the game with its seats and log; a bad row is a *CorruptError.
	Load(ctx context.Context, id GameID) (*Loaded, error)
	// Import stores an 18xx.games log as a new game of the channel, active
	// (or finished when the log has ended), with unclaimed seats.
	Import(ctx context.Context, ch Channel, creator string, l *action.GameLog) (Game, error)
	// Export writes the game as 18xx.games JSON.
	Export(ctx context.Context, id GameID, w io.Writer) error

	// ChannelSettings returns the channel's settings (the defaults if none).
	ChannelSettings(ctx context.Context, ch Channel) (ChannelSettings, error)
	// SetChannelSettings stores the channel's settings.
	SetChannelSettings(ctx context.Context, s ChannelSettings) error
	// SetReminder sets when the game's next reminder is due, starting a
	// new wait: it is SaveReminder with Sent 0, Since zero and Asked false.
	SetReminder(ctx context.Context, id GameID, due time.Time) error
	// SaveReminder sets the game's next reminder with its wait (r.Game
	// names the game); ErrNotFound if there is no such game.
	SaveReminder(ctx context.Context, r Reminder) error
	// ClearReminder removes the game's reminder, if any.
	ClearReminder(ctx context.Context, id GameID) error
	// DueReminders returns the reminders of active games due by now, earliest first.
	DueReminders(ctx context.Context, now time.Time) ([]Reminder, error)
	// ClaimReminders returns, earliest first, the reminders of active games
	// due by now that no one has claimed, and claims them until now+lease:
	// until then no other caller, in this process or another, gets them.
	// SetReminder and ClearReminder end a claim. A sender that dies
	// mid-send leaves its claim to expire, and the reminder is claimed again.
	ClaimReminders(ctx context.Context, now time.Time, lease time.Duration) ([]Reminder, error)

	// UserPrefs returns a user's notification preferences (the defaults if none).
	UserPrefs(ctx context.Context, u UserRef) (UserPrefs, error)
	// SetUserPrefs stores a user's notification preferences.
	SetUserPrefs(ctx context.Context, p UserPrefs) error

	// Close releases the store.
	Close() error
}

// Check validates quiet hours, as every store does before keeping them:
// minutes within a day and a known time zone.
func (q QuietHours) Check() error {
	const minutesPerDay = 24 * 60
	if q.From < 0 || q.From >= minutesPerDay || q.To < 0 || q.To >= minutesPerDay {
		return fmt.Errorf("%w: quiet hours %d-%d (minutes after midnight)", ErrInvalid, q.From, q.To)
	}
	if _, err := time.LoadLocation(q.TZ); err != nil {
		return fmt.Errorf("%w: time zone: %v", ErrInvalid, err)
	}
	return nil
}

// Check validates a user's preferences, as every store does before keeping them.
func (p UserPrefs) Check() error {
	if !p.User.Platform.Valid() {
		return fmt.Errorf("%w: platform %q", ErrInvalid, p.User.Platform)
	}
	if p.User.ID == "" {
		return fmt.Errorf("%w: empty user id", ErrInvalid)
	}
	return p.Quiet.Check()
}
