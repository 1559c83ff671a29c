-- Knockout cups (issue 38): the cup, its players, the matches of its bracket and the games of
-- each match. The bracket is worked out by src/competitions/cup.rs from these rows. A match
-- row and a game row are each inserted once (their primary keys): the instance whose insert
-- made the row makes the game. Portable SQL; times in ms since the Unix epoch; flags 0 or 1.
-- games: a match is the best of that many; tie_break: extra-games or armageddon, played with
-- tie_break_clock; round_ms: the time a match has from its pairing to its deadline; winner:
-- the seed of the cup's winner once it is finished.
CREATE TABLE cups (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    tie_break_clock TEXT NOT NULL,
    games BIGINT NOT NULL,
    tie_break TEXT NOT NULL,
    rated BIGINT NOT NULL,
    round_ms BIGINT NOT NULL,
    state TEXT NOT NULL,
    winner BIGINT,
    created_by TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

-- seed: given at the start (by rating in the cup's category, then lot), NULL before.
CREATE TABLE cup_players (
    cup_id TEXT NOT NULL REFERENCES cups (id),
    member_id TEXT NOT NULL REFERENCES members (id),
    name TEXT NOT NULL,
    rating BIGINT NOT NULL,
    lot BIGINT NOT NULL,
    seed BIGINT,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (cup_id, member_id)
);

-- A match of the bracket: round 1 first, slot 0 first in its round; top and bottom are seeds
-- (bottom NULL: top has a bye). lots: the match's lots (competitions::cup::Lots bits).
-- decided_by: games, bye, withdrawn, deadline or desk.
CREATE TABLE cup_matches (
    cup_id TEXT NOT NULL REFERENCES cups (id),
    round BIGINT NOT NULL,
    slot BIGINT NOT NULL,
    top BIGINT NOT NULL,
    bottom BIGINT,
    lots BIGINT NOT NULL,
    paired_at BIGINT NOT NULL,
    deadline BIGINT NOT NULL,
    winner BIGINT,
    decided_by TEXT,
    PRIMARY KEY (cup_id, round, slot)
);

-- The games of a match, numbered from 0; red: top or bottom; tie_break 1 for a game with the
-- tie-break clock; result NULL until known (red, blue, draw, red-forfeits, blue-forfeits,
-- double-forfeit).
CREATE TABLE cup_games (
    cup_id TEXT NOT NULL REFERENCES cups (id),
    round BIGINT NOT NULL,
    slot BIGINT NOT NULL,
    number BIGINT NOT NULL,
    game_id TEXT NOT NULL,
    red TEXT NOT NULL,
    tie_break BIGINT NOT NULL,
    result TEXT,
    PRIMARY KEY (cup_id, round, slot, number)
);

CREATE INDEX cup_games_by_game ON cup_games (game_id);
