-- Who created an open game: the digest of the creator's address (never the address itself),
-- so that one address holds only a few games waiting for an opponent.
ALTER TABLE games ADD COLUMN creator TEXT;

CREATE INDEX games_by_creator ON games (creator, status);
