-- Personal notifications: each user's preferences, and the state of a
-- game's wait so that reminders back off the longer it stalls (as the
-- SQLite store's 0003_notify).

CREATE TABLE user_prefs (
	platform   TEXT        NOT NULL CHECK (platform IN ('discord', 'slack', 'local')),
	workspace  TEXT        NOT NULL,
	user_id    TEXT        NOT NULL CHECK (user_id <> ''),
	dm         BOOLEAN     NOT NULL DEFAULT false,
	quiet_from INTEGER     NOT NULL DEFAULT 0 CHECK (quiet_from BETWEEN 0 AND 1439),
	quiet_to   INTEGER     NOT NULL DEFAULT 0 CHECK (quiet_to BETWEEN 0 AND 1439),
	quiet_tz   TEXT        NOT NULL DEFAULT '',
	away_until TIMESTAMPTZ,
	updated_at TIMESTAMPTZ NOT NULL,
	PRIMARY KEY (platform, workspace, user_id)
);

ALTER TABLE reminders ADD COLUMN sent INTEGER NOT NULL DEFAULT 0 CHECK (sent >= 0);
ALTER TABLE reminders ADD COLUMN since TIMESTAMPTZ;
ALTER TABLE reminders ADD COLUMN asked BOOLEAN NOT NULL DEFAULT false;
