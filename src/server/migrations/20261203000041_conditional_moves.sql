-- Conditional moves (issue 37): the lines a seat's player left while the opponent was to move,
-- private to that seat. `ply` is the ply of the opponent's move the lines answer (lines left
-- for an earlier ply are out of date); `lines` is JSON, a list of lists of moves
-- ([their move, my answer, …]); `at` when they were left (ms since the Unix epoch).
CREATE TABLE conditional_lines (
    game_id TEXT NOT NULL,
    color TEXT NOT NULL,
    ply BIGINT NOT NULL,
    lines TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, color)
);
