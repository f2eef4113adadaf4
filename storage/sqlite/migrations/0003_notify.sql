-- Personal notifications: each user's preferences, and the state of a
-- game's wait so that reminders back off the longer it stalls.

CREATE TABLE user_prefs (
	platform   TEXT    NOT NULL CHECK (platform IN ('discord', 'slack', 'local')),
	workspace  TEXT    NOT NULL,
	user_id    TEXT    NOT NULL CHECK (user_id <> ''),
	dm         INTEGER NOT NULL DEFAULT 0 CHECK (dm IN (0, 1)),
	quiet_from INTEGER NOT NULL DEFAULT 0 CHECK (quiet_from BETWEEN 0 AND 1439),
	quiet_to   INTEGER NOT NULL DEFAULT 0 CHECK (quiet_to BETWEEN 0 AND 1439),
	quiet_tz   TEXT    NOT NULL DEFAULT '',
	away_until INTEGER,                             -- NULL when not away
	updated_at INTEGER NOT NULL,
	PRIMARY KEY (platform, workspace, user_id)
) WITHOUT ROWID;

-- Reminders sent since the game last moved, when it last moved (NULL if
-- not known), and whether an admin has been asked to step in.
ALTER TABLE reminders ADD COLUMN sent INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0);
ALTER TABLE reminders ADD COLUMN since INTEGER;
ALTER TABLE reminders ADD COLUMN asked INTEGER NOT NULL DEFAULT 0 CHECK (asked IN (0, 1));
