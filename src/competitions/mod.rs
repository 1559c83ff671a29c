//! Competitions that last a season, as pure logic the server stores and runs: leagues in
//! divisions, ladders, knockout cups and team matches (issue 38); and engine rating lists (issue 40).

/// Knockout cups: seeding, byes, the bracket, matches and their tie-breaks.
pub mod cup;
/// Ladders: the ranking, challenges up, swaps, idle members dropping.
pub mod ladder;
/// Leagues: divisions, their round robins and windows, promotion, relegation, the next season.
pub mod league;
/// Engine rating lists: Elo with error bars fitted to every game at once, and the crosstable.
pub mod rating_list;
/// Team matches: line-ups, board colours, the match score and its winner.
pub mod team_match;
