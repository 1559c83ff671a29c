//! Sets of squares as bits of a `u64` (bit `i` = square index `i`).

use super::square::{Square, FILES, SQUARES};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares. Only the low 63 bits are ever set.
///
/// ```
/// use jungle::rules::{Bitboard, Square};
/// let a1 = Square::new(0).unwrap();
/// let around = Bitboard::from(a1).neighbours();
/// assert_eq!(around.count(), 2); // b1 and a2
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

const ALL: u64 = (1 << SQUARES) - 1;
/// Every square of file a, used to stop sideways shifts wrapping round the board.
const FILE_A: u64 = {
    let mut bits = 0u64;
    let mut rank = 0;
    while rank < 9 {
        bits |= 1 << (rank * FILES as u64);
        rank += 1;
    }
    bits
};
const FILE_G: u64 = FILE_A << (FILES - 1);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 63 squares.
    pub const ALL: Bitboard = Bitboard(ALL);

    /// Builds a set from square indices (for constants); indices above 62 are dropped.
    pub const fn from_indices(indices: &[u8]) -> Bitboard {
        let mut bits = 0u64;
        let mut i = 0;
        while i < indices.len() {
            bits |= 1 << indices[i];
            i += 1;
        }
        Bitboard(bits & ALL)
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set, if any.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_unchecked(self.0.trailing_zeros() as u8))
        }
    }

    /// The set moved one rank up (toward rank 9).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard((self.0 << FILES) & ALL)
    }

    /// The set moved one rank down (toward rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> FILES)
    }

    /// The set moved one file right; squares on file g fall off instead of wrapping.
    #[inline]
    pub const fn east(self) -> Bitboard {
        Bitboard((self.0 & !FILE_G) << 1)
    }

    /// The set moved one file left; squares on file a fall off instead of wrapping.
    #[inline]
    pub const fn west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 1)
    }

    /// The squares orthogonally next to any square of the set.
    #[inline]
    pub const fn neighbours(self) -> Bitboard {
        Bitboard(self.north().0 | self.south().0 | self.east().0 | self.west().0)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard(1 << sq.index())
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign:ident, $afn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ALL)
    }
}
