//! `perft N` on the worker thread: the nodes after each move of the current position, then
//! the total, counted in small pieces so that `stop` ends it at once.

use super::wire::Out;
use jungle::rules::{perft, Position};
use std::sync::atomic::{AtomicBool, Ordering};

/// Subtrees this deep are counted in one piece (about a million nodes at most, a few ms).
const PIECE_DEPTH: u32 = 4;

/// Prints `move nodes` for each legal move and `nodes total`, or stops early when `stop` is set.
pub fn divide(mut pos: Position, depth: u32, stop: &AtomicBool, out: &Out) {
    let moves = pos.legal_moves();
    let mut total = 0;
    for (done, &m) in moves.iter().enumerate() {
        let undo = pos.play(m);
        let nodes = leaves(&mut pos, depth - 1, stop);
        pos.undo(m, undo);
        let Some(nodes) = nodes else {
            out.line(&format!("info string perft stopped after {done} of {} moves", moves.len()));
            return;
        };
        out.line(&format!("{m} {nodes}"));
        total += nodes;
    }
    out.line(&format!("nodes {total}"));
}

/// [`perft`] of `pos` at `depth`, or `None` if `stop` was set before it was counted.
fn leaves(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= PIECE_DEPTH {
        return (!stop.load(Ordering::Relaxed)).then(|| perft(pos, depth));
    }
    let mut total = 0;
    for &m in pos.legal_moves().iter() {
        let undo = pos.play(m);
        let nodes = leaves(pos, depth - 1, stop);
        pos.undo(m, undo);
        total += nodes?;
    }
    Some(total)
}
