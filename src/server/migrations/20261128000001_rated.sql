-- Whether a game counts in its members' ratings (chosen when creating it; 0 or 1). Only a
-- signed-in member creates a rated game and only members take its other seat.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
