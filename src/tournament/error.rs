//! Why a tournament refuses an input or cannot pair a round.

use super::pairing::PlayerId;
use std::fmt;

/// A refused input, or a round that cannot be paired.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TournamentError {
    /// Fewer players than the format needs.
    TooFewPlayers {
        /// The least number of players.
        needed: usize,
        /// The number given.
        given: usize,
    },
    /// A player named twice (in a list of players, or on both sides of one game).
    DuplicatePlayer(PlayerId),
    /// A player the tournament does not know.
    UnknownPlayer(PlayerId),
    /// A round's results do not match its games one for one.
    ResultCount {
        /// The number of games.
        games: usize,
        /// The number of results.
        results: usize,
    },
    /// Every way to pair the round would pair two players a second time.
    NoRepeatFreePairing,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TournamentError::TooFewPlayers { needed, given } => {
                write!(f, "at least {needed} players are needed, {given} given")
            }
            TournamentError::DuplicatePlayer(player) => write!(f, "player {player} is named twice"),
            TournamentError::UnknownPlayer(player) => write!(f, "player {player} is not in the tournament"),
            TournamentError::ResultCount { games, results } => {
                write!(f, "{results} results given for {games} games")
            }
            TournamentError::NoRepeatFreePairing => {
                f.write_str("no pairing of this round avoids meeting an opponent again")
            }
        }
    }
}

impl std::error::Error for TournamentError {}
