-- Playground sign-ins and name holders, so that both survive a restart
-- (as the SQLite store's 0005_signins). Only hashes of tokens and links
-- are kept.

CREATE TABLE playground_holders (
	name_key   TEXT        PRIMARY KEY,
	name       TEXT        NOT NULL,
	link_hash  TEXT        NOT NULL UNIQUE,
	admin      BOOLEAN     NOT NULL DEFAULT false,
	created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE playground_signins (
	token_hash   TEXT        PRIMARY KEY,
	browser_hash TEXT        NOT NULL,
	name         TEXT        NOT NULL,
	name_key     TEXT        NOT NULL,
	admin        BOOLEAN     NOT NULL DEFAULT false,
	expires_at   TIMESTAMPTZ NOT NULL
);

CREATE INDEX playground_signins_by_name ON playground_signins (name_key, expires_at);
CREATE INDEX playground_signins_by_expiry ON playground_signins (expires_at);
