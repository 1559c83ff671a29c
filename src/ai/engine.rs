//! The `Engine` facade: owns the transposition table and the search state, and turns a
//! [`Game`] plus limits into a move.

use super::endgame;
use super::eval_cache::EvalCache;
use super::ordering::Heuristics;
use super::score::Score;
use super::search::{Searcher, Setup};
use super::tt::Table;
use super::types::{Info, Iteration, Limits, Line, SearchConfig, SearchParams, SearchResult};
use super::weights::Weights;
use crate::rules::{Game, Position};
use crate::tablebase::Tablebase;
use std::sync::Arc;

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
    evals: EvalCache,
    config: SearchConfig,
    weights: Weights,
    tables: Option<Arc<Tablebase>>,
}

impl Engine {
    /// An engine with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: Table::new(hash_mb),
            heur: Heuristics::new(),
            evals: EvalCache::new(),
            config: SearchConfig::default(),
            weights: Weights::default(),
            tables: None,
        }
    }

    /// Resizes the transposition table (forgetting its contents).
    pub fn set_hash(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Forgets everything learned: the transposition table, the move-ordering history and the
    /// cached evaluations.
    /// A node-limited search from a fresh state is reproducible: same game and limits,
    /// same move, score and node count.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heur.clear();
        self.evals.clear();
    }

    /// Thousandths of the transposition table filled by the last search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// Gives the search endgame tables to probe (`None`: none). Under the rules the tables
    /// cover ([`covers`](crate::tablebase::covers)), a root position they hold is played from
    /// them (the quickest win, a draw, or the longest defence) and a position reached inside
    /// the search that they hold gets its exact score; a win or loss the no-capture limit
    /// could turn into a draw is left to the search.
    pub fn set_tablebase(&mut self, tables: Option<Arc<Tablebase>>) {
        self.tables = tables;
    }

    /// The endgame tables the search probes, if any.
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tables.as_ref()
    }

    /// Replaces the search configuration (for experiments).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Runs `f` with the evaluation's neural correction switched on or off, then as before
    /// (the cached evaluations are forgotten whenever it changes).
    pub(crate) fn with_net<T>(&mut self, net: bool, f: impl FnOnce(&mut Engine) -> T) -> T {
        let before = std::mem::replace(&mut self.config.net, net);
        if before != net {
            self.evals.clear();
        }
        let result = f(self);
        if before != net {
            self.config.net = before;
            self.evals.clear();
        }
        result
    }

    /// Replaces the evaluation weights (for experiments and tuning).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.evals.clear();
    }

    /// Searches the game's current position within `limits`, with the configuration's contempt.
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
        self.search_with(game, &self.params(limits), stop, on_info)
    }

    /// [`Engine::search`] with every parameter of the search given: limits, contempt and a
    /// root move to leave out.
    pub fn search_with(
        &mut self,
        game: &Game,
        params: &SearchParams,
        stop: &mut dyn FnMut(u64) -> bool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        if game.outcome().is_some() {
            return SearchResult { best: None, score: Score::DRAW, depth: 0, nodes: 0, pv: Vec::new() };
        }
        if let Some(result) = self.table_move(game, params, on_info) {
            return result;
        }
        self.tt.new_search();
        self.heur.clear();
        self.searcher(game, params, stop).run(params.limits.depth.unwrap_or(u32::MAX), on_info)
    }

    /// The tables' move at the root, reported as a one-move line, if they hold the position
    /// surely (see [`endgame::root_move`]) and the move is not the one left out.
    fn table_move(
        &self,
        game: &Game,
        params: &SearchParams,
        on_info: &mut dyn FnMut(&Info),
    ) -> Option<SearchResult> {
        let pos = game.position();
        let tables = endgame::usable(self.tables.as_deref(), pos)?;
        let (best, value) = endgame::root_move(tables, pos)?;
        if params.excluded == Some(best) {
            return None;
        }
        let score = endgame::root_score(value);
        on_info(&Info { depth: 1, seldepth: 1, score, nodes: 0, pv: vec![best] });
        Some(SearchResult { best: Some(best), score, depth: 1, nodes: 0, pv: vec![best] })
    }

    /// The best `count` lines (1–5 for the analysis board; at least one), each from a
    /// different root move, best first, by iterative deepening within `limits` and `stop` as
    /// [`Engine::search`]; `on_iteration` hears each completed depth. Empty when the game is
    /// over or no iteration completed.
    ///
    /// ```
    /// use jungle::ai::{Engine, Limits};
    /// use jungle::rules::{Game, Rules};
    /// let game = Game::new(Rules::default());
    /// let limits = Limits { depth: Some(3), nodes: None };
    /// let lines = Engine::new(1).analyse(&game, &limits, 3, &mut |_| false, &mut |_| {});
    /// assert_eq!(lines.len(), 3);
    /// assert!(lines[0].score >= lines[2].score);
    /// ```
    pub fn analyse(
        &mut self,
        game: &Game,
        limits: &Limits,
        count: usize,
        stop: &mut dyn FnMut(u64) -> bool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Vec<Line> {
        if game.outcome().is_some() {
            return Vec::new();
        }
        self.tt.new_search();
        self.heur.clear();
        let params = self.params(limits);
        self.searcher(game, &params, stop).run_lines(limits.depth.unwrap_or(u32::MAX), count, on_iteration)
    }

    /// A searcher of `game` with `params` and `stop`, on the engine's table, heuristics and caches.
    fn searcher<'a>(
        &'a mut self,
        game: &Game,
        params: &SearchParams,
        stop: &'a mut dyn FnMut(u64) -> bool,
    ) -> Searcher<'a> {
        let setup = setup(game, params, stop);
        Searcher::new(
            setup,
            &mut self.tt,
            &mut self.heur,
            &mut self.evals,
            &self.config,
            &self.weights.values,
            self.tables.as_deref(),
        )
    }

    /// The parameters of a search within `limits` with the configuration's contempt and progress.
    fn params(&self, limits: &Limits) -> SearchParams {
        SearchParams {
            limits: *limits,
            contempt: self.config.contempt,
            progress: self.config.progress,
            excluded: None,
        }
    }

    /// The quiescence score of the game's position (captures and den moves played out until
    /// the position is quiet) for the side to move, and the nodes used.
    pub fn quiesce(&mut self, game: &Game, stop: &mut dyn FnMut(u64) -> bool) -> (Score, u64) {
        self.tt.new_search();
        let params = SearchParams {
            contempt: self.config.contempt,
            progress: self.config.progress,
            ..SearchParams::default()
        };
        let mut searcher = self.searcher(game, &params, stop);
        let score = searcher.quiesce_root();
        (Score(score), searcher.nodes)
    }
}

/// Everything a search of `game` with `params` needs besides the engine's tables.
fn setup<'a>(game: &Game, params: &SearchParams, stop: &'a mut dyn FnMut(u64) -> bool) -> Setup<'a> {
    Setup {
        pos: game.position().clone(),
        hashes: game_hashes(game),
        played: if game.rules().chase_rules { game.history().to_vec() } else { Vec::new() },
        node_limit: params.limits.nodes.unwrap_or(u64::MAX),
        stop,
        contempt: params.contempt,
        progress: params.progress,
        excluded: params.excluded,
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
