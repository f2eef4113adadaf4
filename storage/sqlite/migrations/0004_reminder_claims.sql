-- A reminder is claimed by whoever sends it until claimed_until (Unix
-- milliseconds), so that two pollers do not both send it.
ALTER TABLE reminders ADD COLUMN claimed_until INTEGER;
