//! Move ordering: the transposition-table move, captures by value (MVV-LVA), killers, history.

use super::weights::{self};
use crate::rules::{Move, MoveList, Position};

/// Deepest ply the search tables cover.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i32 = 4_000_000;
const CAPTURE: i32 = 2_000_000;
const KILLER: i32 = 1_000_000;
/// History scores stay within ±this, below the killers.
const HISTORY_MAX: i32 = 500_000;

/// What the search learns about quiet moves while it runs: killers per ply and history by
/// piece and target square. Cleared at the start of every search.
pub(crate) struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<[i32; 64]>,
}

impl Heuristics {
    pub fn new() -> Heuristics {
        Heuristics { killers: vec![[None; 2]; MAX_PLY + 1], history: vec![[0; 64]; 16] }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        self.history.fill([0; 64]);
    }

    /// Records a quiet move that caused a beta cut-off at `ply` after `depth` plies of search,
    /// and penalises the quiet moves tried before it.
    pub fn reward(&mut self, pos: &Position, ply: usize, m: Move, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.update(pos, m, bonus);
        for &q in tried {
            self.update(pos, q, -bonus);
        }
    }

    fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let Some(piece) = pos.piece_at(m.from) else { return };
        let h = &mut self.history[piece.index()][m.to.index()];
        // Gravity: the bigger the entry, the less it moves, so it stays within HISTORY_MAX.
        let (b, old) = (bonus as i64 * 32, *h as i64);
        *h = (old + b - old * b.abs() / HISTORY_MAX as i64) as i32;
    }

    fn history(&self, pos: &Position, m: Move) -> i32 {
        pos.piece_at(m.from).map_or(0, |p| self.history[p.index()][m.to.index()])
    }
}

/// The value of the piece on `m.to` minus a little for the attacker: most valuable victim
/// first, least valuable attacker first. Zero for a quiet move.
#[inline]
pub(crate) fn capture_value(pos: &Position, m: Move) -> i32 {
    match pos.piece_at(m.to) {
        Some(victim) => {
            let attacker = pos.piece_at(m.from).map_or(0, |a| pos.rank(a.animal) as i32);
            weights::DEFAULT[weights::MATERIAL.start + pos.rank(victim.animal) as usize - 1] * 16 - attacker
        }
        None => 0,
    }
}

/// Hands out the moves of a list best-first by selection (most nodes cut off early).
pub(crate) struct Picker {
    moves: MoveList,
    scores: [i32; 32],
    next: usize,
}

impl Picker {
    /// Orders all `moves`.
    pub fn new(
        pos: &Position,
        moves: MoveList,
        tt_move: Option<Move>,
        heur: &Heuristics,
        ply: usize,
    ) -> Picker {
        let mut scores = [0; 32];
        let killers = heur.killers[ply.min(MAX_PLY)];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = if Some(m) == tt_move {
                TT_MOVE
            } else if pos.piece_at(m.to).is_some() {
                CAPTURE + capture_value(pos, m)
            } else if Some(m) == killers[0] {
                KILLER + 1
            } else if Some(m) == killers[1] {
                KILLER
            } else {
                heur.history(pos, m)
            };
        }
        Picker { moves, scores, next: 0 }
    }

    /// Orders captures only, by MVV-LVA.
    pub fn captures(pos: &Position, moves: MoveList) -> Picker {
        let mut scores = [0; 32];
        for (i, &m) in moves.iter().enumerate() {
            scores[i] = capture_value(pos, m);
        }
        Picker { moves, scores, next: 0 }
    }

    /// The best move not yet handed out.
    #[inline]
    pub fn next(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        let slice = self.moves.as_mut_slice();
        slice.swap(self.next, best);
        self.scores.swap(self.next, best);
        self.next += 1;
        Some(slice[self.next - 1])
    }
}
