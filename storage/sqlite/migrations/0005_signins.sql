-- Playground sign-ins and name holders, so that both survive a restart.
-- Only hashes of tokens and links are kept. Times are Unix milliseconds.

CREATE TABLE playground_holders (
	name_key   TEXT    PRIMARY KEY,
	name       TEXT    NOT NULL,
	link_hash  TEXT    NOT NULL UNIQUE,
	admin      INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL
);

CREATE TABLE playground_signins (
	token_hash   TEXT    PRIMARY KEY,
	browser_hash TEXT    NOT NULL,
	name         TEXT    NOT NULL,
	name_key     TEXT    NOT NULL,
	admin        INTEGER NOT NULL DEFAULT 0,
	expires_at   INTEGER NOT NULL
);

CREATE INDEX playground_signins_by_name ON playground_signins (name_key, expires_at);
CREATE INDEX playground_signins_by_expiry ON playground_signins (expires_at);
