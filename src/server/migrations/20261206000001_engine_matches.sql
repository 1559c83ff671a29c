-- Engine matches (issue 40): who may enter a tournament, and the gauntlet format.
-- entrants: 'members' (the default: no bots, as before), 'members-and-bots', or 'bots' (an
-- engine match, whose players only bots are). challenger: a gauntlet's challenger, the name
-- of the member who meets every other player ('' for the other formats); games_each: the
-- games it plays against each of them (0 for the other formats).
ALTER TABLE tournaments ADD COLUMN entrants TEXT NOT NULL DEFAULT 'members';
ALTER TABLE tournaments ADD COLUMN challenger TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN games_each BIGINT NOT NULL DEFAULT 0;
