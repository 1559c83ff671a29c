-- Tournaments (issue 24): the tournament, its players, its pairings with their results, and
-- the log of what was done to it. Pairings are worked out by src/tournament/ from these rows.
-- `round` is the last round paired: one conditional UPDATE raises it, so two instances never
-- pair the same round twice. Portable SQL; times in ms since the Unix epoch; flags 0 or 1.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    format TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    rules TEXT NOT NULL,
    rated BIGINT NOT NULL,
    bye_quarters BIGINT NOT NULL,
    late_quarters BIGINT NOT NULL,
    state TEXT NOT NULL,
    round BIGINT NOT NULL,
    created_by TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

-- number: the player's number in the tournament; joined_round: the rounds paired before they
-- registered (a late entry scores the tournament's late points for each).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    number BIGINT NOT NULL,
    member_id TEXT NOT NULL REFERENCES members (id),
    rating BIGINT NOT NULL,
    joined_round BIGINT NOT NULL,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, number),
    UNIQUE (tournament_id, member_id)
);

-- blue NULL: red has the bye. result NULL until known: red, blue, draw, red-forfeits,
-- blue-forfeits.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    red BIGINT NOT NULL,
    blue BIGINT,
    result TEXT,
    PRIMARY KEY (tournament_id, round, board)
);

-- Who did what, and when: created, registered, withdrew, started, paired, result (with the
-- result it replaced).
CREATE TABLE tournament_log (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    at BIGINT NOT NULL,
    member_id TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
);

CREATE INDEX tournament_log_by_tournament ON tournament_log (tournament_id, at);
