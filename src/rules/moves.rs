//! Moves and move lists.

use super::square::Square;
use crate::echo::quote;
use crate::error_code::{Code, ErrorCode, Params};
use std::fmt;
use std::ops::Deref;

/// A move from one square to another, written `a3a4`. Whether it captures or jumps
/// follows from the position it is played in.
///
/// A move read from text is only trusted once checked against a position:
/// use [`Position::parse_move`](super::Position::parse_move).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Packs the move in 12 bits (for tables); see [`Move::from_u16`].
    pub const fn to_u16(self) -> u16 {
        self.from.index() as u16 | (self.to.index() as u16) << 6
    }

    /// Unpacks a move packed by [`Move::to_u16`], if both squares are valid.
    pub fn from_u16(bits: u16) -> Option<Move> {
        let from = Square::new((bits & 63) as u8)?;
        let to = Square::new((bits >> 6 & 63) as u8)?;
        Some(Move { from, to })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Why a text is not a legal move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// Not of the form `a3a4` (the text, cut and escaped by [`quote`]).
    Syntax(String),
    /// No piece of the side to move stands on the first square.
    NoPiece(Square),
    /// Well formed, but the rules forbid it here.
    Illegal(Move),
    /// The game is already over.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "'{s}' is not a move: write moves like a3a4"),
            MoveError::NoPiece(sq) => write!(f, "no piece of the side to move on {sq}"),
            MoveError::Illegal(m) => write!(f, "illegal move {m}"),
            MoveError::GameOver => f.write_str("the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

impl ErrorCode for MoveError {
    const CODES: &'static [Code] = &[
        Code { code: "move.syntax", params: &["text"] },
        Code { code: "move.no-piece", params: &["square"] },
        Code { code: "move.illegal", params: &["move"] },
        Code { code: "move.game-over", params: &[] },
    ];

    fn code(&self) -> &'static str {
        match self {
            MoveError::Syntax(_) => "move.syntax",
            MoveError::NoPiece(_) => "move.no-piece",
            MoveError::Illegal(_) => "move.illegal",
            MoveError::GameOver => "move.game-over",
        }
    }

    fn params(&self) -> Params {
        match self {
            MoveError::Syntax(text) => vec![("text", text.as_str().into())],
            MoveError::NoPiece(square) => vec![("square", square.to_string().into())],
            MoveError::Illegal(m) => vec![("move", m.to_string().into())],
            MoveError::GameOver => Vec::new(),
        }
    }
}

/// Reads the squares of `a3a4`, without checking the move against any position.
pub(crate) fn parse_squares(text: &str) -> Result<Move, MoveError> {
    let syntax = || MoveError::Syntax(quote(text));
    if text.len() != 4 || !text.is_ascii() {
        return Err(syntax());
    }
    let from = text[..2].parse().map_err(|_| syntax())?;
    let to = text[2..].parse().map_err(|_| syntax())?;
    Ok(Move { from, to })
}

/// The most moves a Jungle position can have is 8 pieces × 4 directions.
const CAPACITY: usize = 32;

/// A list of moves on the stack.
#[derive(Clone, Debug)]
pub struct MoveList {
    moves: [Move; CAPACITY],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        let none = Move::new(Square::from_index_unchecked(0), Square::from_index_unchecked(0));
        MoveList { moves: [none; CAPACITY], len: 0 }
    }

    /// Adds a move.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Keeps only the moves for which `keep` is true.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            if keep(self.moves[i]) {
                self.moves[kept] = self.moves[i];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// The moves as a mutable slice (for ordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}
