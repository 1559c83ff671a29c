-- Teams and team matches (issue 38). A member is in one team at most (the club's squads):
-- the UNIQUE member_id keeps a member from playing on both sides of a match. The captain is a
-- member of the team. Portable SQL; times in ms since the Unix epoch; flags 0 or 1.
CREATE TABLE teams (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    captain TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

CREATE TABLE team_members (
    team_id TEXT NOT NULL REFERENCES teams (id),
    member_id TEXT NOT NULL UNIQUE REFERENCES members (id),
    joined BIGINT NOT NULL,
    PRIMARY KEY (team_id, member_id)
);

-- state: proposed (the away captain has not accepted yet), accepted, playing, finished or
-- called-off (a team had too few members at its start time). clock: as games.clock.
-- starts_at: NULL to start by hand. outcome once finished: home, away, home-count-back,
-- away-count-back or tie.
CREATE TABLE team_matches (
    id TEXT PRIMARY KEY,
    home TEXT NOT NULL REFERENCES teams (id),
    away TEXT NOT NULL REFERENCES teams (id),
    boards BIGINT NOT NULL,
    rules TEXT NOT NULL,
    clock TEXT NOT NULL,
    rated BIGINT NOT NULL,
    starts_at BIGINT,
    state TEXT NOT NULL,
    outcome TEXT,
    created_by TEXT NOT NULL REFERENCES members (id),
    created BIGINT NOT NULL
);

CREATE INDEX team_matches_by_state ON team_matches (state);

-- A captain's line-up before the start (side: home or away); a side without one is lined up
-- by rating when the match starts.
CREATE TABLE team_match_line_ups (
    match_id TEXT NOT NULL REFERENCES team_matches (id),
    side TEXT NOT NULL,
    board BIGINT NOT NULL,
    member_id TEXT NOT NULL REFERENCES members (id),
    PRIMARY KEY (match_id, side, board)
);

-- The boards, made at the start with their games. result NULL until the game ends: red,
-- blue, draw, red-forfeits, blue-forfeits or double-forfeit (as tournament_pairings').
CREATE TABLE team_match_boards (
    match_id TEXT NOT NULL REFERENCES team_matches (id),
    board BIGINT NOT NULL,
    game_id TEXT NOT NULL UNIQUE,
    home_member TEXT NOT NULL REFERENCES members (id),
    away_member TEXT NOT NULL REFERENCES members (id),
    result TEXT,
    PRIMARY KEY (match_id, board)
);
