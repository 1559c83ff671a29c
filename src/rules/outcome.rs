//! How a game ends: who won and why.

use super::color::Color;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Reason {
    /// A piece entered the enemy den.
    Den,
    /// Every enemy piece was captured.
    AllCaptured,
    /// The side to move had no legal move.
    NoMoves,
    /// The same position arose a third time with the same side to move.
    Repetition,
    /// Too many plies passed without a capture (`no-capture-limit`).
    NoCaptureLimit,
}

impl Reason {
    /// A short name: `den`, `all-captured`, `no-moves`, `repetition`, `no-capture-limit`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Den => "den",
            Reason::AllCaptured => "all-captured",
            Reason::NoMoves => "no-moves",
            Reason::Repetition => "repetition",
            Reason::NoCaptureLimit => "no-capture-limit",
        }
    }
}

/// The end of a game: who won (none for a draw) and why.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            Reason::Den => "entered the den",
            Reason::AllCaptured => "captured every piece",
            Reason::NoMoves => "left the opponent without a move",
            Reason::Repetition => "threefold repetition",
            Reason::NoCaptureLimit => "no capture within the limit",
        };
        match self.winner {
            Some(c) => write!(f, "{c} wins: {why}"),
            None => write!(f, "draw: {why}"),
        }
    }
}
