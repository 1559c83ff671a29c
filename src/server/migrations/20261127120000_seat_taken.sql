-- When a member first took their seat in a game (ms since the epoch; NULL: never). A
-- tournament's director tells by it a second mover who came from one who did not: when
-- neither side showed, both lose by forfeit (issue 24).
ALTER TABLE member_games ADD COLUMN taken_at BIGINT;
