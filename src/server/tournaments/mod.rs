//! Tournaments on the server (issue 24): [`tables`] (its tables), [`ledger`] (the rows as the
//! pure `crate::tournament` module sees them: history, next round, standings), [`games`] (the
//! games of the boards), [`director`] (the life of a tournament: starts, results, no-shows,
//! pairings, the end) with [`forfeits`] (the games of players who withdrew end at once),
//! [`directing`] (who directs one), [`adjust`] (a result the director sets, which the game and
//! the ratings follow), [`log_detail`] (the log's details in parts), [`shown`] (a tournament as
//! the API shows it), [`routes`] (the API) with [`listing`] (the list, in pages), [`limits`]
//! (what one member may do in a while), [`entrants`] (who may enter, and entering: a member, or
//! a bot its director enters) and [`edit`] (settings changed before the start) with
//! [`settings`] (checked, for a new one too), [`rating_list`] (an engine match's Elo list),
//! [`live`] (their changes, the leaderboard's and a member's challenges, streamed as
//! server-sent events, watched through `server::watchers`), and [`over_the_board`] (tournaments played on
//! real boards: results reported by the players).

pub mod adjust;
pub mod directing;
pub mod director;
pub mod edit;
pub mod entrants;
pub mod forfeits;
pub mod games;
pub mod ledger;
pub mod limits;
pub mod listing;
pub mod live;
pub mod log_detail;
pub mod over_the_board;
pub mod rating_list;
pub mod routes;
pub mod settings;
pub mod shown;
pub mod tables;
