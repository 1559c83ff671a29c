//! The two sides.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// A side: Red (uppercase in FEN, starts on ranks 1–3) or Blue (lowercase, ranks 7–9).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first by default; FEN side letter `w`.
    Red,
    /// FEN side letter `b`.
    Blue,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Blue];

    /// The FEN letter for the side to move: `w` for Red, `b` for Blue.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Blue => 'b',
        }
    }

    /// The name used in options and URLs: `red` or `blue`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }

    /// 0 for Red, 1 for Blue (for tables).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per colour, indexed by [`Color`].
///
/// ```
/// use jungle::rules::{ByColor, Color};
/// let mut counts = ByColor::new(0, 0);
/// counts[Color::Blue] += 3;
/// assert_eq!(counts[Color::Blue], 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Blue's value.
    pub blue: T,
}

impl<T> ByColor<T> {
    /// Red's and Blue's values.
    pub const fn new(red: T, blue: T) -> ByColor<T> {
        ByColor { red, blue }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        match c {
            Color::Red => &self.red,
            Color::Blue => &self.blue,
        }
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::Red => &mut self.red,
            Color::Blue => &mut self.blue,
        }
    }
}
