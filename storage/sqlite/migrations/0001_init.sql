-- Games, seats, the append-only action log, channel settings and reminders.
-- Times are Unix milliseconds (UTC).

CREATE TABLE games (
	id               INTEGER PRIMARY KEY,
	platform         TEXT    NOT NULL CHECK (platform IN ('discord', 'slack', 'local')),
	workspace        TEXT    NOT NULL DEFAULT '',
	channel          TEXT    NOT NULL CHECK (channel <> ''),
	title            TEXT    NOT NULL CHECK (title <> ''),
	options          TEXT    NOT NULL DEFAULT '[]', -- JSON array of optional rules
	seed             INTEGER NOT NULL,
	status           TEXT    NOT NULL CHECK (status IN ('forming', 'active', 'finished', 'abandoned')),
	creator          TEXT    NOT NULL,
	result           TEXT,                          -- JSON object: player id -> final value
	end_reason       TEXT    NOT NULL DEFAULT '',
	import_header    TEXT,                          -- the imported log without its actions
	imported_actions INTEGER NOT NULL DEFAULT 0,
	created_at       INTEGER NOT NULL,
	updated_at       INTEGER NOT NULL,
	ended_at         INTEGER
);

-- At most one open (forming or active) game per channel.
CREATE UNIQUE INDEX games_one_open_per_channel
	ON games (platform, workspace, channel) WHERE status IN ('forming', 'active');
CREATE INDEX games_by_channel ON games (platform, workspace, channel, id);
CREATE INDEX games_by_status ON games (status, id);

CREATE TABLE seats (
	game_id      INTEGER NOT NULL REFERENCES games (id),
	seat         INTEGER NOT NULL CHECK (seat >= 0),
	player_id    INTEGER NOT NULL,
	user_id      TEXT    NOT NULL,
	display_name TEXT    NOT NULL,
	since        INTEGER NOT NULL,
	until        INTEGER                            -- NULL while the user holds the seat
);

CREATE UNIQUE INDEX seats_current ON seats (game_id, seat) WHERE until IS NULL;
CREATE UNIQUE INDEX seats_current_player ON seats (game_id, player_id) WHERE until IS NULL;
CREATE INDEX seats_by_game ON seats (game_id, seat, since);

CREATE TABLE actions (
	game_id    INTEGER NOT NULL REFERENCES games (id),
	seq        INTEGER NOT NULL CHECK (seq > 0),
	data       TEXT    NOT NULL,                    -- the action as 18xx.games JSON
	user_id    TEXT    NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL,
	PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The log has no gaps: each action takes the next sequence number.
CREATE TRIGGER actions_next_seq BEFORE INSERT ON actions
WHEN NEW.seq <> (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = NEW.game_id)
BEGIN
	SELECT RAISE(ABORT, 'pbc: action out of sequence');
END;

-- The log is append-only.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
	SELECT RAISE(ABORT, 'pbc: the action log is append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
	SELECT RAISE(ABORT, 'pbc: the action log is append-only');
END;

CREATE TABLE channel_settings (
	platform          TEXT    NOT NULL,
	workspace         TEXT    NOT NULL,
	channel           TEXT    NOT NULL,
	reminder_every_ms INTEGER NOT NULL DEFAULT 0,
	quiet_from        INTEGER NOT NULL DEFAULT 0 CHECK (quiet_from BETWEEN 0 AND 1439),
	quiet_to          INTEGER NOT NULL DEFAULT 0 CHECK (quiet_to BETWEEN 0 AND 1439),
	quiet_tz          TEXT    NOT NULL DEFAULT '',
	images            TEXT    NOT NULL DEFAULT '{}', -- JSON ImagePrefs
	updated_at        INTEGER NOT NULL,
	PRIMARY KEY (platform, workspace, channel)
);

CREATE TABLE reminders (
	game_id  INTEGER PRIMARY KEY REFERENCES games (id),
	next_due INTEGER NOT NULL
);

CREATE INDEX reminders_by_due ON reminders (next_due);
