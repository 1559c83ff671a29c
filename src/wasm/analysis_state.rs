//! What the AI worker keeps of an analysis between its slices (`analyse.rs`): a leaf, so that
//! the worker's handle can hold it.

use crate::ai::Iteration;
use crate::rules::Game;

/// The position under analysis and the deepest iteration found so far.
pub(crate) struct Analysis {
    pub(super) game: Game,
    /// How many lines, 1–5.
    pub(super) lines: usize,
    pub(super) best: Option<Iteration>,
    /// Whether the search ended by itself: nothing deeper to find.
    pub(super) done: bool,
}
