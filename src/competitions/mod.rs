//! Competitions that last a season, as pure logic the server stores and runs: leagues in
//! divisions, ladders, knockout cups and team matches (issue 38).
pub mod team_match;
