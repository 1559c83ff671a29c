//! Squares of the 7×9 board.

use std::fmt;
use std::str::FromStr;

/// Number of files (columns `a`–`g`).
pub const FILES: u8 = 7;
/// Number of ranks (rows `1`–`9`).
pub const RANKS: u8 = 9;
/// Number of squares on the board.
pub const SQUARES: usize = 63;

/// One of the 63 squares, numbered `file + 7 * rank` from a1 = 0 to g9 = 62.
///
/// A `Square` can only hold a valid index: build one with [`Square::new`],
/// [`Square::from_coords`], `TryFrom<u8>` or by parsing `"a3"`.
///
/// ```
/// use jungle::rules::Square;
/// let sq: Square = "c5".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (2, 4));
/// assert!("h1".parse::<Square>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with this index, if it is below 63.
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are on the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(file + FILES * rank))
        } else {
            None
        }
    }

    /// Builds a square from an index known to be below 63 (used by bit iteration).
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARES);
        Square(index)
    }

    /// The index 0..63.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 6 (g).
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 (rank 1) to 8 (rank 9).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// All 63 squares, a1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The square seen from the other side of the board (rotated by 180°).
    pub const fn rotate(self) -> Square {
        Square(SQUARES as u8 - 1 - self.0)
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;
    fn try_from(index: u8) -> Result<Square, SquareError> {
        Square::new(index).ok_or(SquareError)
    }
}

/// A text that does not name a square (`a1` to `g9`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SquareError;

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a square: squares are a1 to g9")
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        match s.as_bytes() {
            [f @ b'a'..=b'g', r @ b'1'..=b'9'] => Square::from_coords(f - b'a', r - b'1').ok_or(SquareError),
            _ => Err(SquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}
