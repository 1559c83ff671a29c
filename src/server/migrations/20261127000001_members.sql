-- Members of the club (issue 23): accounts, their sign-in sessions, invite codes, the games
-- they play, and their ratings. Portable SQL, as the other migrations. Secrets are never stored:
-- passwords as argon2id hashes, session ids and invite codes as SHA-256 digests. Times are
-- milliseconds since the Unix epoch; flags are 0 or 1.
CREATE TABLE members (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password TEXT NOT NULL,
    admin BIGINT NOT NULL,
    created BIGINT NOT NULL
);

CREATE TABLE member_sessions (
    digest TEXT PRIMARY KEY,
    member_id TEXT NOT NULL REFERENCES members (id),
    expires BIGINT NOT NULL
);

CREATE INDEX member_sessions_by_member ON member_sessions (member_id);

CREATE TABLE invites (
    digest TEXT PRIMARY KEY,
    made_by TEXT NOT NULL,
    expires BIGINT NOT NULL
);

-- The seats members took; member_id becomes NULL when the account is deleted (the game stays,
-- its name "deleted member"). rated: 1 once the game's result counted in the ratings.
CREATE TABLE member_games (
    game_id TEXT NOT NULL,
    color TEXT NOT NULL,
    member_id TEXT,
    rated BIGINT NOT NULL,
    PRIMARY KEY (game_id, color)
);

CREATE INDEX member_games_by_member ON member_games (member_id);

-- The few games still to rate, found without reading the rated ones.
CREATE INDEX member_games_to_rate ON member_games (rated, game_id);

-- Glicko-2 ratings, one per member and rule set (the game's rules text; "" for the default).
CREATE TABLE ratings (
    member_id TEXT NOT NULL REFERENCES members (id),
    rules TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (member_id, rules)
);

-- Each rating after each rated game.
CREATE TABLE rating_history (
    member_id TEXT NOT NULL REFERENCES members (id),
    game_id TEXT NOT NULL,
    rules TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (member_id, game_id)
);
