//! Zobrist hashing keys: the outputs of a SplitMix64 sequence, one per piece and square.
//!
//! Each key is computed when asked for rather than read from a table: SplitMix64's state
//! only ever advances by a constant, so the `n`th output needs no earlier one. A table of
//! these 1008 random keys would be 8 KB that no compression shrinks, on the page's way to
//! its first board; computing one costs a few multiplications (the search's speed is the same).

use super::animal::Piece;
use super::square::{Square, SQUARES};

/// SplitMix64's increment of its state.
const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
/// The state before the first piece key: "Jungle!!".
const SEED: u64 = 0x4A75_6E67_6C65_2121;

/// SplitMix64's output for the state `state` (already advanced).
const fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// XORed into the hash when Blue is to move.
pub const BLUE_TO_MOVE: u64 = mix(0x5369_6465_546F_4D76u64.wrapping_add(GOLDEN_GAMMA));

/// The key of `piece` standing on `sq`: the generator's output number `piece × 63 + sq`
/// (from 0) after `SEED`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    let n = (piece.index() * SQUARES + sq.index()) as u64;
    mix(SEED.wrapping_add(n.wrapping_add(1).wrapping_mul(GOLDEN_GAMMA)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Animal, Color};

    /// The generator as a table was once filled from it: one output after another.
    fn next(state: &mut u64) -> u64 {
        *state = state.wrapping_add(GOLDEN_GAMMA);
        mix(*state)
    }

    /// The keys are those of the table this module once held, Red's animals then Blue's,
    /// square by square (the opening book's positions are found by them).
    #[test]
    fn keys_are_the_generators_outputs_in_turn() {
        let mut state = SEED;
        for color in [Color::Red, Color::Blue] {
            for animal in Animal::ALL {
                let piece = Piece::new(color, animal);
                assert_eq!(piece.index(), color.index() * 8 + animal.index());
                for sq in Square::all() {
                    assert_eq!(piece_key(piece, sq), next(&mut state), "{piece} on {sq}");
                }
            }
        }
        assert_eq!(BLUE_TO_MOVE, next(&mut 0x5369_6465_546F_4D76));
    }
}
