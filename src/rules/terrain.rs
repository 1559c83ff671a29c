//! The board's special squares as data: water, traps, dens, and the river jumps.
//!
//! ```text
//! 9  .  .  T  D  T  .  .      D = den, T = trap, ~ = water
//! 8  .  .  .  T  .  .  .
//! 7  .  .  .  .  .  .  .      Red's den d1, traps c1 e1 d2
//! 6  .  ~  ~  .  ~  ~  .      Blue's den d9, traps c9 e9 d8
//! 5  .  ~  ~  .  ~  ~  .
//! 4  .  ~  ~  .  ~  ~  .
//! 3  .  .  .  .  .  .  .
//! 2  .  .  .  T  .  .  .
//! 1  .  .  T  D  T  .  .
//!    a  b  c  d  e  f  g
//! ```

use super::bitboard::Bitboard;
use super::color::{ByColor, Color};
use super::square::{Square, FILES, SQUARES};

const fn sq(file: u8, rank: u8) -> u8 {
    file + FILES * rank
}

/// The two rivers, b4–c6 and e4–f6.
pub const WATER: Bitboard = Bitboard::from_indices(&[
    sq(1, 3),
    sq(2, 3),
    sq(4, 3),
    sq(5, 3),
    sq(1, 4),
    sq(2, 4),
    sq(4, 4),
    sq(5, 4),
    sq(1, 5),
    sq(2, 5),
    sq(4, 5),
    sq(5, 5),
]);

/// Each side's den: Red d1, Blue d9.
pub const DENS: ByColor<Bitboard> =
    ByColor::new(Bitboard::from_indices(&[sq(3, 0)]), Bitboard::from_indices(&[sq(3, 8)]));

/// The traps around each side's den: Red c1 e1 d2, Blue c9 e9 d8.
pub const TRAPS: ByColor<Bitboard> = ByColor::new(
    Bitboard::from_indices(&[sq(2, 0), sq(4, 0), sq(3, 1)]),
    Bitboard::from_indices(&[sq(2, 8), sq(4, 8), sq(3, 7)]),
);

/// Whether a river jump runs along a rank (horizontal) or along a file (vertical).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum JumpAxis {
    /// Across a river 2 squares wide, e.g. a4–d4.
    Horizontal,
    /// Across a river 3 squares long, e.g. b3–b7.
    Vertical,
}

/// A jump across a river from a bank square.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Jump {
    /// The first land square beyond the river.
    pub to: Square,
    /// The water squares crossed: any piece there blocks the jump.
    pub over: Bitboard,
    /// Along a rank or a file.
    pub axis: JumpAxis,
}

/// The river jumps starting on each square (at most two per bank square).
pub static JUMPS: [[Option<Jump>; 2]; SQUARES] = jump_table();

const fn jump_table() -> [[Option<Jump>; 2]; SQUARES] {
    let mut table = [[None; 2]; SQUARES];
    let dirs: [(i8, i8, JumpAxis); 4] = [
        (1, 0, JumpAxis::Horizontal),
        (-1, 0, JumpAxis::Horizontal),
        (0, 1, JumpAxis::Vertical),
        (0, -1, JumpAxis::Vertical),
    ];
    let mut from = 0;
    while from < SQUARES {
        let mut found = 0;
        let mut d = 0;
        while d < 4 {
            let (df, dr, axis) = dirs[d];
            if let Some(jump) = jump_from(from as u8, df, dr, axis) {
                table[from][found] = Some(jump);
                found += 1;
            }
            d += 1;
        }
        from += 1;
    }
    table
}

/// The jump from a land square `from` in direction (df, dr), if the next square is water.
const fn jump_from(from: u8, df: i8, dr: i8, axis: JumpAxis) -> Option<Jump> {
    if WATER.0 >> from & 1 != 0 {
        return None;
    }
    let mut file = (from % FILES) as i8 + df;
    let mut rank = (from / FILES) as i8 + dr;
    let mut over = 0u64;
    while file >= 0 && file < FILES as i8 && rank >= 0 && rank < 9 {
        let i = sq(file as u8, rank as u8);
        if WATER.0 >> i & 1 == 0 {
            if over == 0 {
                return None;
            }
            return Some(Jump { to: Square::from_index_unchecked(i), over: Bitboard(over), axis });
        }
        over |= 1 << i;
        file += df;
        rank += dr;
    }
    None
}

/// The terrain of one game: the Jungle board, or Animal Checkers with no water and no traps.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Terrain {
    /// Squares only swimmers may enter.
    pub water: Bitboard,
    /// Each side's traps (around its own den).
    pub traps: ByColor<Bitboard>,
    /// Each side's den.
    pub dens: ByColor<Bitboard>,
}

impl Terrain {
    /// The standard Jungle board.
    pub const JUNGLE: Terrain = Terrain { water: WATER, traps: TRAPS, dens: DENS };
    /// Animal Checkers: dens only.
    pub const CHECKERS: Terrain =
        Terrain { water: Bitboard::EMPTY, traps: ByColor::new(Bitboard::EMPTY, Bitboard::EMPTY), dens: DENS };

    /// All traps of both sides.
    pub fn all_traps(&self) -> Bitboard {
        self.traps[Color::Red] | self.traps[Color::Blue]
    }
}
