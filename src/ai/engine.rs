//! The `Engine` facade: owns the transposition table and the search state, and turns a
//! [`Game`] plus limits into a move.

use super::level::{self, Level};
use super::ordering::Heuristics;
use super::score::Score;
use super::search::{Searcher, Setup};
use super::tt::Table;
use super::weights::Weights;
use crate::rules::{Game, Move, Position};

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
    /// How much worse than equal a draw looks to the side the engine plays (centipawns):
    /// above zero it avoids repetitions and the no-capture limit when about level.
    pub contempt: i32,
    /// Late-move pruning: at depth ≤ 3 outside the PV, skip quiet moves after the first `3 + depth²`.
    pub late_move_pruning: bool,
    /// Internal iterative reduction: one ply less at depth ≥ 4 without a table move.
    pub iir: bool,
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
            late_move_pruning: false,
            iir: false,
        }
    }
}

/// The AI: owns the transposition table and all search state.
///
/// ```
/// use jungle::ai::{Engine, Limits};
/// use jungle::rules::{Game, Rules};
/// let mut engine = Engine::new(1);
/// let game = Game::new(Rules::default());
/// let limits = Limits { depth: Some(3), nodes: None };
/// let result = engine.search(&game, &limits, &mut |_| false, &mut |_| {});
/// assert!(game.is_legal(result.best.unwrap()));
/// ```
pub struct Engine {
    tt: Table,
    heur: Heuristics,
    config: SearchConfig,
    weights: Weights,
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            heur: Heuristics::new(),
            config: SearchConfig::default(),
            weights: Weights::default(),
        }
    }

    /// Resizes the transposition table (forgetting its contents).
    pub fn set_hash(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Forgets everything learned: the transposition table and the move-ordering history.
    /// A node-limited search from a fresh state is reproducible: same game and limits,
    /// same move, score and node count.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heur.clear();
    }

    /// Thousandths of the transposition table filled by the last search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Replaces the search configuration (for experiments).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// The contempt in use (see [`SearchConfig::contempt`]).
    pub(crate) fn contempt(&self) -> i32 {
        self.config.contempt
    }

    /// Sets the contempt (see [`SearchConfig::contempt`]).
    pub(crate) fn set_contempt(&mut self, contempt: i32) {
        self.config.contempt = contempt;
    }

    /// Replaces the evaluation weights (for experiments and tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
    }

    /// Searches the game's current position within `limits`.
    ///
    /// `stop(nodes_so_far)` is polled every few thousand nodes; returning true ends the search at once
    /// (the best move of the last completed iteration is returned; never None when a legal move exists).
    /// The search reads no clock: the caller decides time in `stop`.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        self.search_excluding(game, limits, None, stop, on_info)
    }

    /// [`Engine::search`] without considering the root move `excluded` (unless it is the only one).
    pub(crate) fn search_excluding(
        &mut self,
        game: &Game,
        limits: &Limits,
        excluded: Option<Move>,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if game.outcome().is_some() {
            return SearchResult { best: None, score: Score::DRAW, depth: 0, nodes: 0, pv: Vec::new() };
        }
        self.tt.new_search();
        self.heur.clear();
        let setup = Setup {
            pos: game.position().clone(),
            hashes: game_hashes(game),
            played: if game.rules().chase_rules { game.history().to_vec() } else { Vec::new() },
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop,
            excluded,
        };
        let mut searcher =
            Searcher::new(setup, &mut self.tt, &mut self.heur, &self.config, &self.weights.values);
        searcher.run(limits.depth.unwrap_or(u32::MAX), on_info)
    }

    /// A move at a playing level (1 = beginner ... 8 = full strength, limited only by `stop`/limits), with randomness from `seed`.
    pub fn play_level(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        level::play(self, game, level, seed, stop, on_info)
    }
}

impl Engine {
    /// The quiescence score of the game's position for the side to move, and the nodes used.
    pub(crate) fn quiesce(&mut self, game: &Game, stop: &mut dyn FnMut(u64) -> bool) -> (i32, u64) {
        self.tt.new_search();
        let setup = Setup {
            pos: game.position().clone(),
            hashes: game_hashes(game),
            played: if game.rules().chase_rules { game.history().to_vec() } else { Vec::new() },
            node_limit: u64::MAX,
            stop,
            excluded: None,
        };
        let mut searcher =
            Searcher::new(setup, &mut self.tt, &mut self.heur, &self.config, &self.weights.values);
        let score = searcher.quiesce_root();
        (score, searcher.nodes)
    }
}

/// The hash of every position of the game, the start first.
fn game_hashes(game: &Game) -> Vec<u64> {
    let mut pos: Position = game.start().clone();
    let mut hashes = vec![pos.hash()];
    for m in game.moves() {
        pos.play(m);
        hashes.push(pos.hash());
    }
    hashes
}
