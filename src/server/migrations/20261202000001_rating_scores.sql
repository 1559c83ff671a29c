-- What each rated game gave (issue 34), so that a result a tournament's director adjusts
-- afterwards can correct the ratings it changed: the member's score in it (1, 0.5 or 0) and
-- their standing before it. NULL in the rows rated before: those keep the played result.
ALTER TABLE rating_history ADD COLUMN score DOUBLE PRECISION;
ALTER TABLE rating_history ADD COLUMN before_rating DOUBLE PRECISION;
ALTER TABLE rating_history ADD COLUMN before_deviation DOUBLE PRECISION;
ALTER TABLE rating_history ADD COLUMN before_volatility DOUBLE PRECISION;
