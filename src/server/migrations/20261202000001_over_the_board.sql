-- Over-the-board tournaments (issue 34): games played on real boards in a room, whose results
-- the director enters or the two players report. over_the_board: 1 for such a tournament (its
-- boards get a game row only once a played result is in, for the record and the ratings).
-- A report is what one player of a board said its result was (red, blue or draw); both the
-- same enters it, different ones wait for the director.
ALTER TABLE tournaments ADD COLUMN over_the_board BIGINT NOT NULL DEFAULT 0;

CREATE TABLE tournament_reports (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    board BIGINT NOT NULL,
    color TEXT NOT NULL,
    result TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, round, board, color)
);
