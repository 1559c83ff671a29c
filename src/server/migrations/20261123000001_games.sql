-- Games and their moves. Portable SQL: the same migration runs on SQLite and PostgreSQL.
-- Times are milliseconds since the Unix epoch; clock times are milliseconds.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    fen TEXT NOT NULL,
    clock TEXT NOT NULL,
    red_name TEXT,
    red_token TEXT,
    blue_name TEXT,
    blue_token TEXT,
    status TEXT NOT NULL,
    winner TEXT,
    reason TEXT,
    offer_kind TEXT,
    offer_by TEXT,
    rematch TEXT,
    red_left BIGINT NOT NULL,
    blue_left BIGINT NOT NULL,
    since BIGINT NOT NULL,
    ply BIGINT NOT NULL,
    version BIGINT NOT NULL,
    created BIGINT NOT NULL,
    updated BIGINT NOT NULL
);

CREATE INDEX games_by_status ON games (status, updated);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    mv TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
