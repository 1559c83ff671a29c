//! Tournaments on the server (issue 24): [`tables`] (its tables), [`ledger`] (the rows as the
//! pure `crate::tournament` module sees them: history, next round, standings), [`games`] (the
//! games of the boards), [`director`] (the life of a tournament: starts, results, no-shows,
//! pairings, the end), [`shown`] (a tournament as the API shows it), [`routes`] (the API) with
//! [`listing`] (the list, in pages), [`limits`] (what one member may do in a while), [`edit`]
//! (settings changed before the start) with [`settings`] (checked, for a new one too) and
//! [`directors`] (who directs a tournament),
//! [`live`] (their changes and the leaderboard's, streamed as server-sent events) with
//! [`watchers`] (who watches what; the caps), and [`over_the_board`] (tournaments played on
//! real boards: results reported by the players).

pub mod director;
pub mod directors;
pub mod edit;
pub mod games;
pub mod ledger;
pub mod limits;
pub mod listing;
pub mod live;
pub mod over_the_board;
pub mod routes;
pub mod settings;
pub mod shown;
pub mod tables;
pub mod watchers;
