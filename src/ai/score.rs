//! Search scores: centipawn-like evaluations and "den/win in N" scores in one `i32`.

use std::fmt;

/// A score from the side to move's point of view: positive is good.
///
/// Wins and losses are encoded like chess mates: a win `p` plies from the root is
/// `Score::WIN - p`, a loss `-(Score::WIN - p)`, so the search prefers the fastest win
/// and the slowest loss. Everything else is an evaluation in centipawn-like units.
///
/// ```
/// use jungle::ai::Score;
/// assert_eq!(Score::win_in(1).to_string(), "mate 1");  // enter the den now
/// assert_eq!(Score::win_in(3).mate_in(), Some(2));
/// assert_eq!(Score::loss_in(2).to_string(), "mate -1"); // the opponent enters next move
/// assert_eq!(Score::from_cp(35).to_string(), "cp 35");
/// assert_eq!(Score::from_cp(35).cp(), Some(35));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub(crate) i32);

/// Scores beyond this are wins or losses.
pub(crate) const WIN: i32 = 32_000;
/// The longest win the encoding distinguishes, in plies.
pub(crate) const MAX_PLY: i32 = 1_000;
/// Every score magnitude from here up is a decided game.
pub(crate) const WIN_BOUND: i32 = WIN - MAX_PLY;
/// Larger than any score, for search windows.
pub(crate) const INFINITE: i32 = WIN + 1;

impl Score {
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// The encoding of a win at the root itself (never returned by a search).
    pub const WIN: Score = Score(WIN);

    /// An evaluation in centipawn-like units (clamped below the win range).
    pub fn from_cp(value: i32) -> Score {
        Score(value.clamp(-WIN_BOUND + 1, WIN_BOUND - 1))
    }

    /// A win `plies` half-moves from the root (1 = the side to move wins with its next move).
    pub fn win_in(plies: u32) -> Score {
        Score(WIN - plies.min(MAX_PLY as u32) as i32)
    }

    /// A loss `plies` half-moves from the root (2 = the opponent wins with their next move).
    pub fn loss_in(plies: u32) -> Score {
        Score(-(WIN - plies.min(MAX_PLY as u32) as i32))
    }

    /// The evaluation in centipawn-like units, unless the score is a decided game.
    pub fn cp(self) -> Option<i32> {
        (self.0.abs() < WIN_BOUND).then_some(self.0)
    }

    /// Full moves to a decided game: positive when the side to move wins, negative when it
    /// loses (as in UCI's `mate`), `None` for an evaluation.
    pub fn mate_in(self) -> Option<i32> {
        if self.0 >= WIN_BOUND {
            Some((WIN - self.0 + 1) / 2)
        } else if self.0 <= -WIN_BOUND {
            Some(-(WIN + self.0) / 2)
        } else {
            None
        }
    }

    /// The raw value (centipawns, or the win encoding).
    pub fn raw(self) -> i32 {
        self.0
    }

    /// Whether the score is a decided game (a win or a loss).
    pub fn is_decided(self) -> bool {
        self.0.abs() >= WIN_BOUND
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// UCI style: `cp 35`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mate_in() {
            Some(n) => write!(f, "mate {n}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// Converts a score relative to the root into one relative to the current node (for the
/// transposition table, which must not depend on the path length).
#[inline]
pub(crate) fn to_tt(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score + ply
    } else if score <= -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
#[inline]
pub(crate) fn from_tt(score: i32, ply: i32) -> i32 {
    if score >= WIN_BOUND {
        score - ply
    } else if score <= -WIN_BOUND {
        score + ply
    } else {
        score
    }
}
