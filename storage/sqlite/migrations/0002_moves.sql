-- What a chat move writes, written once: the platform events a game's moves
-- answered, and the log rows an admin dropped to repair a game.

-- A move's event id is remembered so that a redelivered event is refused.
CREATE TABLE move_events (
	game_id  INTEGER NOT NULL REFERENCES games (id),
	event_id TEXT    NOT NULL CHECK (event_id <> ''),
	seq      INTEGER NOT NULL,                      -- the log's length after the move
	at       INTEGER NOT NULL,
	PRIMARY KEY (game_id, event_id)
) WITHOUT ROWID;

-- Rows cut from a log, kept as they were (corrupt ones included, so no
-- checks on them) with who cut them and when.
CREATE TABLE dropped_actions (
	id         INTEGER PRIMARY KEY,
	game_id    INTEGER NOT NULL REFERENCES games (id),
	seq        INTEGER,
	data       TEXT,
	user_id    TEXT,
	created_at INTEGER,
	dropped_at INTEGER NOT NULL,
	dropped_by TEXT    NOT NULL CHECK (dropped_by <> '')
);

CREATE INDEX dropped_actions_by_game ON dropped_actions (game_id, seq);

-- The log stays append-only, but for rows already kept in dropped_actions:
-- a row leaves the log only once it has been kept.
DROP TRIGGER actions_no_delete;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
WHEN NOT EXISTS (SELECT 1 FROM dropped_actions d
	WHERE d.game_id = OLD.game_id AND d.seq IS OLD.seq AND d.data IS OLD.data
	AND d.user_id IS OLD.user_id AND d.created_at IS OLD.created_at)
BEGIN
	SELECT RAISE(ABORT, 'pbc: the action log is append-only');
END;
