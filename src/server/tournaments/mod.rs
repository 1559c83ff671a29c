//! Tournaments on the server (issue 24): [`tables`] (its tables), [`ledger`] (the rows as the
//! pure `crate::tournament` module sees them: history, next round, standings), [`games`] (the
//! games of the boards), [`director`] (the life of a tournament: starts, results, no-shows,
//! pairings, the end), [`directing`] (who directs one), [`adjust`] (a result the director
//! sets, which the game and the ratings follow), [`log_detail`] (the log's details in parts),
//! [`shown`] (a tournament as the API shows it), [`routes`] (the API) with
//! [`listing`] (the list, in pages) and [`limits`] (what one member may do in a while),
//! [`live`] (their changes and the leaderboard's, streamed as server-sent events) with
//! [`watchers`] (who watches what; the caps).

pub mod adjust;
pub mod directing;
pub mod director;
pub mod games;
pub mod ledger;
pub mod limits;
pub mod listing;
pub mod live;
pub mod log_detail;
pub mod routes;
pub mod shown;
pub mod tables;
pub mod watchers;
