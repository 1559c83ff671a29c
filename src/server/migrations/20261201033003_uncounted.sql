-- Why a game created rated did not count in the ratings (issue 33): `no-moves` (a side never
-- moved) or `same-pair` (the same two members' rated games already counted often enough in
-- the window); NULL while it counted, is still to count, or was never rated.
ALTER TABLE games ADD COLUMN uncounted TEXT;
