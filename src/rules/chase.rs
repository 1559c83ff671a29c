//! The competition anti-chasing rules (`chase-rules=on`), which need the game's history.

use super::animal::Piece;
use super::bitboard::Bitboard;
use super::moves::Move;

/// A move as it was played: which piece made it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PlayedMove {
    /// The piece that moved.
    pub piece: Piece,
    /// The move.
    pub mv: Move,
}

/// How many of a side's own moves rule 7-3 looks back over, the new move included.
const WINDOW_7_3: usize = 7;
/// How often one animal may enter one square within that window.
const ENTRIES_7_3: usize = 3;
/// How many consecutive own moves by one animal rule 17-5 looks back over.
const MOVES_17_5: usize = 17;
/// The size of the area those moves must stay in for the rule to apply.
const SQUARES_17_5: u32 = 5;

/// Whether the chase rules forbid `piece` playing `m` after `history` (all moves of the game,
/// oldest first, both sides mixed).
///
/// - 7-3: within a side's last 7 moves one animal may not enter the same square more than 3 times.
/// - 17-5: an animal that alone made its side's last 17 moves, all within 5 squares (counting
///   the square it started from), may not enter any of those squares on its 18th.
/// - Moves into a trap (`traps`) are exempt from both.
///
/// ```
/// use jungle::rules::{chase_forbidden, Animal, Bitboard, Color, Move, Piece, PlayedMove};
/// let lion = Piece::new(Color::Red, Animal::Lion);
/// let (a, b) = ("a4".parse().unwrap(), "a5".parse().unwrap());
/// let mut history = Vec::new();
/// for i in 0..6 {
///     let mv = if i % 2 == 0 { Move::new(a, b) } else { Move::new(b, a) };
///     history.push(PlayedMove { piece: lion, mv });
/// }
/// // The lion entered a5 three times in its last six moves: a fourth time is forbidden.
/// assert!(chase_forbidden(&history, lion, Move::new(a, b), Bitboard::EMPTY));
/// ```
pub fn chase_forbidden(history: &[PlayedMove], piece: Piece, m: Move, traps: Bitboard) -> bool {
    if traps.contains(m.to) {
        return false;
    }
    let own = || history.iter().rev().filter(|p| p.piece.color == piece.color);
    let entries = own().take(WINDOW_7_3 - 1).filter(|p| p.piece == piece && p.mv.to == m.to).count();
    if entries >= ENTRIES_7_3 {
        return true;
    }
    let last: Vec<&PlayedMove> = own().take(MOVES_17_5).collect();
    if last.len() < MOVES_17_5 || last.iter().any(|p| p.piece != piece) {
        return false;
    }
    let first = last[MOVES_17_5 - 1].mv.from;
    let area = last.iter().fold(Bitboard::from(first), |area, p| area | Bitboard::from(p.mv.to));
    area.count() <= SQUARES_17_5 && area.contains(m.to)
}
