//! Endgame tables: every position with few animals solved, won, drawn or lost for the side
//! to move, with the plies to the end under perfect play, for the standard rules.
//!
//! A table holds one material set ([`Material`]) seen from the side to move, the board's
//! mirror folded away ([`index`]). [`solve`] builds a set from the sets a capture leads to;
//! [`Table`] is its file; [`Tablebase`] answers for a position and for each of its moves.
//! Pure but for [`folder`], which reads and writes the files for the command line and the
//! server.
//!
//! The tables know nothing of the game's history. A drawn value means neither side can
//! force the end, so the game ends by repetition or the no-capture limit; a won position is
//! won by play that never repeats, so repetition never saves the loser. The no-capture
//! limit is not in the tables: a win is a win only if the plies since the last capture plus
//! the distance stay within the limit (see [`Tablebase::probe`]'s callers).

pub mod folder;
mod format;
pub mod index;
mod material;
mod probe;
mod solve;
mod value;

pub use format::{Table, HEADER};
pub use material::Material;
pub use probe::Tablebase;
pub use solve::{solve, Progress, Solved};
pub use value::Value;

use crate::rules::{Position, Rules};

/// Whether the tables hold positions of these rules: the standard ones, whoever moves first,
/// whatever the draw settings (the tables do not see the game's history).
pub fn covers(rules: &Rules) -> bool {
    let standard = Rules::default();
    let mut same = *rules;
    same.first = standard.first;
    same.repetition_draw = standard.repetition_draw;
    same.no_capture_limit = standard.no_capture_limit;
    same == standard
}

/// Whether the game from `pos` cannot end otherwise than `value` (a table's answer for it)
/// says: a draw always, a win or loss only if the plies since the last capture plus the
/// distance stay within the no-capture limit (or there is none), which the tables do not see.
pub fn sure(value: Value, pos: &Position) -> bool {
    let limit = pos.rules().no_capture_limit;
    value == Value::Draw || limit == 0 || pos.halfmoves() + u32::from(value.plies()) <= limit
}
