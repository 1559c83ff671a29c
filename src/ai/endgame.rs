//! What the endgame tables tell the search: a perfect move at the root, an exact score inside.
//!
//! The tables do not see the no-capture limit, so a decided value is used only when the
//! limit cannot turn it into a draw ([`sure`]).

use super::score::{Score, WIN};
use crate::rules::{Move, Position};
use crate::tablebase::{covers, sure, Tablebase, Value};

/// The tables, if they hold positions of `pos`'s rules.
pub(crate) fn usable<'a>(tables: Option<&'a Tablebase>, pos: &Position) -> Option<&'a Tablebase> {
    tables.filter(|tables| tables.max_animals() > 0 && covers(pos.rules()))
}

/// The search score of `value` at a node `ply` plies from the root; a draw is `draw`.
pub(crate) fn node_score(value: Value, ply: usize, draw: i32) -> i32 {
    match value {
        Value::Win(plies) => WIN - (ply as i32 + i32::from(plies)),
        Value::Draw => draw,
        Value::Loss(plies) => -(WIN - (ply as i32 + i32::from(plies))),
    }
}

/// The score of `value` at the root.
pub(crate) fn root_score(value: Value) -> Score {
    match value {
        Value::Win(plies) => Score::win_in(u32::from(plies)),
        Value::Draw => Score::DRAW,
        Value::Loss(plies) => Score::loss_in(u32::from(plies)),
    }
}

/// The tables' move at the root: the quickest win, else a drawing move, else the longest
/// defence, with its value; `None` if the tables do not hold every move or their answer is
/// not sure under the no-capture limit (the search decides then).
pub(crate) fn root_move(tables: &Tablebase, pos: &Position) -> Option<(Move, Value)> {
    let best = tables.probe_moves(pos)?.into_iter().next()?;
    sure(best.1, pos).then_some(best)
}
