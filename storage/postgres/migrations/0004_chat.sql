-- The playground channels' recent messages (as the SQLite store's
-- 0006_chat), so that a channel's history outlives a restart.
CREATE TABLE playground_chat (
	channel TEXT        NOT NULL,
	id      BIGINT      NOT NULL,
	at      TIMESTAMPTZ NOT NULL,
	data    BYTEA       NOT NULL,
	PRIMARY KEY (channel, id)
);
