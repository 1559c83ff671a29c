-- Leagues (issue 38): a league and its settings, the members who take part in its next
-- season, each season's placements in divisions, and each season's pairings with their window,
-- game and result. Portable SQL; times in ms since the Unix epoch; flags 0 or 1.
-- state: `open` (no season drafted yet), `drafted` (season `season` placed, not started),
-- `running` (season `season` played) or `over` (season `season` ended). Each change of state is
-- one conditional UPDATE, so two instances never draft, start or end a season twice.
-- clock: as games.clock; window_ms: each round's window; cycles: 1 or 2 (a double round robin);
-- promote and relegate: how many go up from each division and down from each.
CREATE TABLE leagues (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    rated BIGINT NOT NULL,
    division_size BIGINT NOT NULL,
    promote BIGINT NOT NULL,
    relegate BIGINT NOT NULL,
    window_ms BIGINT NOT NULL,
    cycles BIGINT NOT NULL,
    state TEXT NOT NULL,
    season BIGINT NOT NULL,
    created_by TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

CREATE INDEX leagues_by_state ON leagues (state);

-- Who takes part in the league's next season (joined, not yet left).
CREATE TABLE league_members (
    league_id TEXT NOT NULL REFERENCES leagues (id),
    member_id TEXT NOT NULL REFERENCES members (id),
    joined BIGINT NOT NULL,
    PRIMARY KEY (league_id, member_id)
);

-- A season: when it started (NULL while drafted).
CREATE TABLE league_seasons (
    league_id TEXT NOT NULL REFERENCES leagues (id),
    season BIGINT NOT NULL,
    started_at BIGINT,
    PRIMARY KEY (league_id, season)
);

-- division from 1 (the top); seed: the order in the division, from 1; rating: the member's
-- rating in the league's category when placed; withdrawn: 1 once they withdrew.
CREATE TABLE league_placements (
    league_id TEXT NOT NULL REFERENCES leagues (id),
    season BIGINT NOT NULL,
    member_id TEXT NOT NULL REFERENCES members (id),
    division BIGINT NOT NULL,
    seed BIGINT NOT NULL,
    rating BIGINT NOT NULL,
    withdrawn BIGINT NOT NULL,
    PRIMARY KEY (league_id, season, member_id)
);

-- red, blue: members; opens_at and deadline: the round's window; started_by: the member who
-- made the game (NULL while nobody has); result as a tournament board's (red, blue, draw,
-- red-forfeits, blue-forfeits, double-forfeit), NULL until known.
CREATE TABLE league_pairings (
    league_id TEXT NOT NULL REFERENCES leagues (id),
    season BIGINT NOT NULL,
    division BIGINT NOT NULL,
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    red TEXT NOT NULL REFERENCES members (id),
    blue TEXT NOT NULL REFERENCES members (id),
    opens_at BIGINT NOT NULL,
    deadline BIGINT NOT NULL,
    started_by TEXT,
    game_id TEXT,
    result TEXT,
    PRIMARY KEY (league_id, season, division, round, board)
);

CREATE UNIQUE INDEX league_pairings_by_game ON league_pairings (game_id);
CREATE INDEX league_pairings_waiting ON league_pairings (result, deadline);
