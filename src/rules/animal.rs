//! Animals and pieces.

use super::color::Color;
use std::fmt;

/// The eight animals, weakest first. Their ranks depend on the [`Rules`](super::Rules).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Animal {
    /// FEN `R`; may swim, takes the Elephant.
    Rat,
    /// FEN `C`.
    Cat,
    /// FEN `D`; may swim with `dog-swims=yes`.
    Dog,
    /// FEN `W`; shown as a fox with `ranks=fox`.
    Wolf,
    /// FEN `P` (leopard or panther).
    Leopard,
    /// FEN `T`; jumps rivers.
    Tiger,
    /// FEN `L`; jumps rivers.
    Lion,
    /// FEN `E`.
    Elephant,
}

impl Animal {
    /// All animals, weakest first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// 0 (Rat) to 7 (Elephant).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Animal::Rat => 'R',
            Animal::Cat => 'C',
            Animal::Dog => 'D',
            Animal::Wolf => 'W',
            Animal::Leopard => 'P',
            Animal::Tiger => 'T',
            Animal::Lion => 'L',
            Animal::Elephant => 'E',
        }
    }

    /// The animal of a FEN letter, either case.
    pub fn from_letter(c: char) -> Option<Animal> {
        let upper = c.to_ascii_uppercase();
        Animal::ALL.into_iter().find(|a| a.letter() == upper)
    }

    /// The English name, lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }
}

/// An animal of one side.
///
/// ```
/// use jungle::rules::{Animal, Color, Piece};
/// let p = Piece::from_fen_char('l').unwrap();
/// assert_eq!(p, Piece::new(Color::Blue, Animal::Lion));
/// assert_eq!(p.fen_char(), 'l');
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// Which animal.
    pub animal: Animal,
}

impl Piece {
    /// The piece of `color` and `animal`.
    pub const fn new(color: Color, animal: Animal) -> Piece {
        Piece { color, animal }
    }

    /// 0..16: Red's animals then Blue's (for tables).
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 8 + self.animal.index()
    }

    /// The FEN letter: uppercase for Red, lowercase for Blue.
    pub const fn fen_char(self) -> char {
        match self.color {
            Color::Red => self.animal.letter(),
            Color::Blue => self.animal.letter().to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() { Color::Red } else { Color::Blue };
        Animal::from_letter(c).map(|animal| Piece::new(color, animal))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.animal.name())
    }
}
