//! A game as a list shows it (the lobby, the games in play, the archive): who, which rules and
//! clock, how far, how it ended — without its moves.

use super::clock::ClockSpec;
use super::ending::Ending;
use crate::rules::ByColor;

/// A game in a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game id.
    pub id: String,
    /// The players' names, once seated.
    pub names: ByColor<Option<String>>,
    /// The rule options (the engine's text; empty for the standard rules).
    pub rules: String,
    /// How the game is timed.
    pub clock: ClockSpec,
    /// The number of moves played.
    pub ply: i64,
    /// How it ended, once over.
    pub ending: Option<Ending>,
    /// When it was created (ms since the Unix epoch).
    pub created: i64,
    /// When it last changed.
    pub updated: i64,
    /// Whether it counts in the members' ratings.
    pub rated: bool,
    /// Why a rated game, once over, did not count after all (`no-moves`, `same-pair`).
    pub uncounted: Option<String>,
}
