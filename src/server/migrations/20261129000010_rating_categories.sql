-- Ratings per rule set and clock category (blitz, rapid, classical, correspondence: see
-- src/server/rating/category.rs). The ratings kept so far, one per member and rule set, go to
-- the rapid category, none lost; their history rows too. SQLite cannot change a primary key,
-- so the table is made again under its old name (portable SQL, as the other migrations).
CREATE TABLE ratings_by_category (
    member_id TEXT NOT NULL REFERENCES members (id),
    rules TEXT NOT NULL,
    category TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (member_id, rules, category)
);

INSERT INTO ratings_by_category (member_id, rules, category, rating, deviation, volatility, games)
    SELECT member_id, rules, 'rapid', rating, deviation, volatility, games FROM ratings;

DROP TABLE ratings;

ALTER TABLE ratings_by_category RENAME TO ratings;

ALTER TABLE rating_history ADD COLUMN category TEXT NOT NULL DEFAULT 'rapid';
