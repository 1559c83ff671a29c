-- Ladders (issue 38): a ladder's settings, its members in order (`place` from 0, the top),
-- its challenges and its history. Every change of the places first raises the ladder's
-- `version` (an UPDATE that locks its row): changes of one ladder are made one after another,
-- on any number of instances, and a challenge's result is claimed by a conditional UPDATE of
-- its `state`, so it is applied once. Portable SQL; times in ms since the Unix epoch; flags 0
-- or 1.
CREATE TABLE ladders (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    rated BIGINT NOT NULL,
    clock TEXT NOT NULL,
    reach BIGINT NOT NULL,
    max_open BIGINT NOT NULL,
    answer_ms BIGINT NOT NULL,
    cool_down_ms BIGINT NOT NULL,
    idle_ms BIGINT NOT NULL,
    free_declines BIGINT NOT NULL,
    by_rating BIGINT NOT NULL,
    version BIGINT NOT NULL,
    created_by TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

-- idle_from: since when the member counts as idle (joined, last ladder game, or last drop
-- for being idle: one place per `idle_ms`); declines: declined since the last ladder game.
CREATE TABLE ladder_rungs (
    ladder_id TEXT NOT NULL REFERENCES ladders (id),
    member_id TEXT NOT NULL REFERENCES members (id),
    place BIGINT NOT NULL,
    idle_from BIGINT NOT NULL,
    declines BIGINT NOT NULL,
    PRIMARY KEY (ladder_id, member_id)
);

-- state: open (waiting for the answer until answer_by), playing (game_id), declined, over
-- (result: challenger, challenged or draw; how: game, forfeit or director) or cancelled (one
-- of the two left the ladder).
CREATE TABLE ladder_challenges (
    id TEXT PRIMARY KEY,
    ladder_id TEXT NOT NULL REFERENCES ladders (id),
    challenger TEXT NOT NULL REFERENCES members (id),
    challenged TEXT NOT NULL REFERENCES members (id),
    state TEXT NOT NULL,
    made BIGINT NOT NULL,
    answer_by BIGINT NOT NULL,
    game_id TEXT,
    result TEXT,
    how TEXT,
    ended BIGINT
);

CREATE INDEX ladder_challenges_by_state ON ladder_challenges (state, ladder_id);

-- What changed the places, in order (version: the ladder's after the change): joined, left,
-- removed, won (member took other's place), dropped (idle); from/to: places (NULL off the
-- ladder).
CREATE TABLE ladder_history (
    ladder_id TEXT NOT NULL REFERENCES ladders (id),
    version BIGINT NOT NULL,
    at BIGINT NOT NULL,
    kind TEXT NOT NULL,
    member_id TEXT NOT NULL,
    other_id TEXT,
    from_place BIGINT,
    to_place BIGINT
);

CREATE INDEX ladder_history_by_ladder ON ladder_history (ladder_id, version);
