//! Perft: counting the leaves of the move tree, the standard test of a move generator.

use super::moves::Move;
use super::position::Position;

/// The number of move sequences of `depth` plies. A position where a den was just entered
/// or the last enemy piece taken is a leaf: it counts 1 at depth 0 and is not expanded.
/// The last ply is counted without being played ("bulk counting").
///
/// ```
/// use jungle::rules::{perft, Position, Rules};
/// assert_eq!(perft(&mut Position::new(Rules::default()), 2), 576);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(pos.count_moves()),
        _ => {
            let mut nodes = 0;
            for m in pos.legal_moves().iter() {
                let undo = pos.play(*m);
                nodes += perft(pos, depth - 1);
                pos.undo(*m, undo);
            }
            nodes
        }
    }
}

/// Perft of each legal move at `depth` (the move itself counts as the first ply).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let undo = pos.play(m);
            let n = perft(pos, depth - 1);
            pos.undo(m, undo);
            (m, n)
        })
        .collect()
}
