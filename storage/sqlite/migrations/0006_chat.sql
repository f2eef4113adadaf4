-- The playground channels' recent messages (their JSON as the page shows
-- them), so that a channel's history outlives a restart. Bounded per
-- channel by the writer. Times are Unix milliseconds.
CREATE TABLE playground_chat (
	channel TEXT    NOT NULL,
	id      INTEGER NOT NULL,
	at      INTEGER NOT NULL,
	data    BLOB    NOT NULL,
	PRIMARY KEY (channel, id)
);
