//! Tournaments on the server (issue 24): [`store`] (the tables), [`ledger`] (the rows as the
//! pure `crate::tournament` module sees them: history, next round, standings) and [`routes`]
//! (the API: create, register, withdraw, start, pair, results, log), [`live`] (their
//! changes and the leaderboard's, streamed as server-sent events) with [`watchers`] (who
//! watches what; the caps). Games are not yet created
//! for the pairings: results are entered by an admin.

pub mod ledger;
pub mod live;
pub mod routes;
pub mod store;
pub mod watchers;
