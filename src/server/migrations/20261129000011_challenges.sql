-- Finding a game between members (issue 23). Portable SQL; times in ms since the Unix epoch;
-- flags 0 or 1. Member ids are not foreign keys here: a deleted account's challenges and wait
-- are left to expire, and names are read from `members` (so they vanish with the account).

-- A direct challenge. to_member is NULL when the name was no member's: the challenge is kept
-- like any other and expires unseen, so the answer never tells whether a name exists.
-- color: the challenger's side (red, blue or random); state: open, accepted, declined or
-- cancelled (an open one past `expires` has expired); game_id: the game once accepted.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    from_member TEXT NOT NULL,
    to_member TEXT,
    to_name TEXT NOT NULL,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    color TEXT NOT NULL,
    rated BIGINT NOT NULL,
    state TEXT NOT NULL,
    game_id TEXT,
    created BIGINT NOT NULL,
    expires BIGINT NOT NULL
);

CREATE INDEX challenges_to ON challenges (to_member, state);
CREATE INDEX challenges_from ON challenges (from_member, created);

-- Members waiting for quick pairing, one row each: their rules, clock and rating in them,
-- since when they wait and when their page last asked (a page gone quiet leaves the queue).
-- game_id and color are set, on both rows at once, by the conditional UPDATE that pairs
-- them: a row already paired is never paired again, whichever instance tries.
CREATE TABLE pairing_queue (
    member_id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    since BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    game_id TEXT,
    color TEXT
);

CREATE INDEX pairing_queue_waiting ON pairing_queue (rules, clock, game_id);
