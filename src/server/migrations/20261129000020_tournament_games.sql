-- Tournament games (issue 24): a tournament's clock and no-show time, its scheduled start,
-- an arena's length and end, and a pause; each pairing's game, and when it was paired.
-- clock: as games.clock (`none`, `live:300+3`, `days:2`); no_show_ms: how long a player may
-- take over their first move before losing by forfeit; starts_at: NULL to start by hand;
-- minutes: an arena's length (0 for the other formats); ends_at: set when an arena starts.
ALTER TABLE tournaments ADD COLUMN clock TEXT NOT NULL DEFAULT 'none';
ALTER TABLE tournaments ADD COLUMN no_show_ms BIGINT NOT NULL DEFAULT 180000;
ALTER TABLE tournaments ADD COLUMN starts_at BIGINT;
ALTER TABLE tournaments ADD COLUMN minutes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN ends_at BIGINT;
ALTER TABLE tournaments ADD COLUMN paused BIGINT NOT NULL DEFAULT 0;

-- game_id: the game played for the board (NULL for a bye, and for boards paired before games
-- were made); paired_at: when (ms), the no-show time counts from it.
ALTER TABLE tournament_pairings ADD COLUMN game_id TEXT;
ALTER TABLE tournament_pairings ADD COLUMN paired_at BIGINT NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);
-- The running tournaments, which the director looks at every tick.
CREATE INDEX tournaments_by_state ON tournaments (state);
