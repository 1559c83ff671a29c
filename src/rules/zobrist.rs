//! Zobrist hashing keys, generated at compile time.

use super::animal::Piece;
use super::square::{Square, SQUARES};

/// SplitMix64: a small, well-mixed generator for the key table.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; SQUARES]; 16] {
    let mut keys = [[0; SQUARES]; 16];
    let mut state = 0x4A75_6E67_6C65_2121; // "Jungle!!"
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < SQUARES {
            let (next, key) = splitmix(state);
            state = next;
            keys[p][sq] = key;
            sq += 1;
        }
        p += 1;
    }
    keys
}

static PIECE_KEYS: [[u64; SQUARES]; 16] = piece_keys();

/// XORed into the hash when Blue is to move.
pub const BLUE_TO_MOVE: u64 = splitmix(0x5369_6465_546F_4D76).1;

/// The key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}
