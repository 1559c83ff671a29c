//! The search's value types: what a caller asks of a search and what it reports. A leaf
//! file: the engine, the search and the levels all use these, and these use none of them.

use super::score::Score;
use crate::rules::Move;

/// How far a search may go. `None` means unlimited; the default has no limit at all, so the
/// caller's `stop` callback must end the search.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// The deepest iteration to complete, in plies.
    pub depth: Option<u32>,
    /// The most nodes to visit.
    pub nodes: Option<u64>,
}

/// What the search reports after each completed iteration.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Info {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
}

/// One line of a multi-PV search: a root move and what follows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, its root move first.
    pub pv: Vec<Move>,
}

/// What a multi-PV search reports after each completed iteration. The search reads no
/// clock: the caller divides `nodes` by its own time for the speed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Iteration {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// The best lines, each with a different root move, best first.
    pub lines: Vec<Line>,
}

/// The result of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult {
    /// The move to play; `None` only when the game is over.
    pub best: Option<Move>,
    /// The score of the last completed iteration, for the side to move.
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<Move>,
}

/// Search features that can be switched off or retuned, for self-play experiments.
/// The default is the configuration that won its matches.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// LMR: reduction = `lmr_base` + ln(depth)·ln(move number) / `lmr_divisor`.
    pub lmr_base: f64,
    /// See `lmr_base`.
    pub lmr_divisor: f64,
    /// Futility pruning of quiet moves at depth 1–2.
    pub futility: bool,
    /// Futility margin per ply.
    pub futility_margin: i32,
    /// Reverse futility (static null move) pruning at depth ≤ 6.
    pub reverse_futility: bool,
    /// Reverse futility margin per ply.
    pub rfp_margin: i32,
    /// Search one ply deeper when an enemy piece stands beside our den.
    pub threat_extension: bool,
    /// Initial half-width of the aspiration window.
    pub aspiration: i32,
    /// The contempt of [`Engine::search`](super::Engine::search) (see [`SearchParams::contempt`]);
    /// [`Engine::search_with`](super::Engine::search_with) takes its own.
    pub contempt: i32,
    /// Late-move pruning: at depth ≤ 3 outside the PV, skip quiet moves after the first `3 + depth²`.
    pub late_move_pruning: bool,
    /// Internal iterative reduction: one ply less at depth ≥ 4 without a table move.
    pub iir: bool,
    /// Slide the evaluation toward the draw score as the no-capture counter nears its limit,
    /// so that shuffling is not free (see [`temper`](super::eval::temper)).
    pub temper: bool,
    /// The progress of [`Engine::search`](super::Engine::search) (see [`SearchParams::progress`]);
    /// [`Engine::search_with`](super::Engine::search_with) takes its own.
    pub progress: i32,
    /// Add the built-in neural correction to the evaluation (see [`nnue`](super::nnue)).
    pub net: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            null_move: true,
            lmr: true,
            lmr_base: 0.75,
            lmr_divisor: 2.25,
            futility: true,
            futility_margin: 150,
            reverse_futility: true,
            rfp_margin: 90,
            threat_extension: true,
            aspiration: 40,
            contempt: 0,
            late_move_pruning: true,
            iir: false,
            temper: true,
            progress: 0,
            net: true,
        }
    }
}

/// What one search is asked, besides the game and the caller's callbacks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SearchParams {
    /// How far it may go.
    pub limits: Limits,
    /// How much worse than equal a draw looks to the side to move at the root (centipawns):
    /// above zero it avoids repetitions and the no-capture limit when about level.
    pub contempt: i32,
    /// The root side's drive forward: centipawns per rank its pieces stand beyond their home
    /// ranks, counted for the side the search plays for only (like contempt), so that it
    /// leaves a balanced, closed position rather than shuffle in it.
    pub progress: i32,
    /// A root move not to consider (unless it is the only one), for a level's second-best move.
    pub excluded: Option<Move>,
}
