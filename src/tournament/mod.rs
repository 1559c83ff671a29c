//! Tournaments: round robin, Swiss, arena and gauntlet pairings, scores, tie-breaks and standings.
//! Pure: no I/O, clock or randomness; the server stores what happened and asks for the next
//! pairings.
//!
//! Everything is worked out from a [`History`]: each player's games (with the side they had
//! and the result), byes and missed rounds, in order. [`round_robin`] lays out every round at
//! once, as [`gauntlet`] does one player's games against all the others; [`swiss::pair_round`]
//! pairs the next round of a Swiss; [`arena::pair_waiting`] pairs the players waiting in an
//! arena; [`standings`] orders the players with the [`Format`]'s tie-breaks (or any list of
//! them), and [`provisional`] says which of its lines a game still being played may change.

pub mod arena;
#[cfg(test)]
mod dice;
mod error;
mod format;
mod gauntlet;
mod history;
mod pairing;
mod points;
#[cfg(test)]
mod properties;
mod provisional;
mod result;
mod round_robin;
mod scoring;
mod standings;
pub mod swiss;
mod tiebreak;

pub use error::TournamentError;
pub use format::Format;
pub use gauntlet::{gauntlet, gauntlet_rounds};
pub use history::{Entry, History};
pub use pairing::{Pairing, PlayerId, Round};
pub use points::Points;
pub use provisional::provisional;
pub use result::{GameResult, PlayerResult};
pub use round_robin::{round_robin, Cycles};
pub use scoring::{on_streak, Scoring};
pub use standings::{standings, Standing};
pub use tiebreak::TieBreak;
