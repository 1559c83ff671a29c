//! [`AiWorker`]: the AI, run inside a Web Worker so that the page never waits for it.
//!
//! The search is synchronous and cannot receive messages while it runs; it stops itself at
//! the request's deadline, read from `performance.now()` (the search never reads a clock).
//! "Move now" is the page's job: it keeps the best move of the latest progress report and
//! replaces the worker.
//!
//! The worker keeps the game of its last request: the next request may say how many of its
//! moves still stand (`keep`) and send only the moves played since, so that a move costs the
//! same whatever the length of the game. A request without `keep` describes the whole game
//! (the first one, and any after the page replaced the worker).

use super::analysis_state::Analysis;
use super::game_request::GameRequest;
use super::hint_view::WhyView;
use crate::ai::{explain_hint, Engine, Info, Level, Limits, Score, SearchResult};
use crate::echo::quote;
use crate::rules::{Game, Move};
use crate::tablebase::{covers, Material, Table, Tablebase};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// Milliseconds from the worker's time origin (the same clock in pages and workers).
    #[wasm_bindgen(js_namespace = performance)]
    pub(super) fn now() -> f64;
}

/// The weakest level that plays endgames from the tables.
const STRONG_LEVEL: u8 = 5;

/// What to think about and for how long (a plain JS object, keys in camelCase).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ThinkRequest {
    /// The game; with `keep`, its moves are those played after the kept ones.
    #[serde(flatten)]
    game: GameRequest,
    /// Continue the game of the previous request: keep its first `keep` moves (taking back
    /// the others), then play `moves`. `rules` and `start_fen` are then not read.
    keep: Option<usize>,
    /// Play at a level 1–8 (weaker levels choose among good moves using `seed`).
    level: Option<u8>,
    /// A hint for a player: at full strength with a drive forward (`Engine::hint`) unless a
    /// `level` is given, and the answer says why (`why`).
    #[serde(default)]
    hint: bool,
    /// Or search to these limits at full strength.
    depth: Option<u32>,
    nodes: Option<u64>,
    /// Stop after this many milliseconds at the latest.
    movetime_ms: Option<f64>,
    #[serde(default)]
    seed: u32,
}

/// A progress report or a final answer.
#[derive(Serialize)]
pub(super) struct SearchView {
    /// The move chosen (first of `pv` in progress reports); null if there is none.
    best: Option<String>,
    depth: u32,
    seldepth: u32,
    /// `cp 12` or `mate 3`, from the side to move's point of view.
    score: String,
    /// The score in centipawns, when it is not a forced win or loss.
    cp: Option<i32>,
    /// Moves to a forced win (positive) or loss (negative).
    mate: Option<i32>,
    nodes: f64,
    /// The expected line, moves like `a3a4`.
    pv: Vec<String>,
    /// A hint's answer: why its move (absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<WhyView>,
}

impl SearchView {
    pub(super) fn new(
        best: Option<Move>,
        depth: u32,
        seldepth: u32,
        score: Score,
        nodes: u64,
        pv: &[Move],
    ) -> SearchView {
        SearchView {
            best: best.map(|m| m.to_string()),
            depth,
            seldepth,
            score: score.to_string(),
            cp: score.cp(),
            mate: score.mate_in(),
            nodes: nodes as f64,
            pv: pv.iter().map(Move::to_string).collect(),
            why: None,
        }
    }

    fn from_info(info: &Info) -> SearchView {
        SearchView::new(info.pv.first().copied(), info.depth, info.seldepth, info.score, info.nodes, &info.pv)
    }

    fn from_result(result: &SearchResult) -> SearchView {
        SearchView::new(result.best, result.depth, result.depth, result.score, result.nodes, &result.pv)
    }

    pub(super) fn to_js(&self) -> JsValue {
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        self.serialize(&serializer).expect("plain data converts to a JS value")
    }
}

/// The AI with its hash table and the game of its last request, kept between moves; and the
/// position it analyses, if any (`analyse.rs`).
#[wasm_bindgen]
pub struct AiWorker {
    pub(super) engine: Engine,
    game: Option<Game>,
    pub(super) analysis: Option<Analysis>,
    /// The endgame tables the page has handed over, shared with the search.
    pub(super) tables: Option<Arc<Tablebase>>,
}

#[wasm_bindgen]
impl AiWorker {
    /// An AI with a hash table of `hash_mb` megabytes.
    #[wasm_bindgen(constructor)]
    pub fn new(hash_mb: usize) -> AiWorker {
        AiWorker { engine: Engine::new(hash_mb), game: None, analysis: None, tables: None }
    }

    /// The endgame sets (`"ECvT"`) of at most `max_animals` animals that a search of the
    /// position analysed, or else of the last request's, could look up and that are not
    /// loaded yet: none until the position has at most two animals more than the tables
    /// (further ones would hardly be reached in a search).
    #[wasm_bindgen(js_name = wantedSets)]
    pub fn wanted_sets(&self, max_animals: u32) -> Vec<String> {
        let game = self.analysis.as_ref().map(|a| &a.game).or(self.game.as_ref());
        let Some(pos) = game.map(Game::position) else { return Vec::new() };
        let material = Material::of(pos);
        if !covers(pos.rules()) || material.count() > max_animals + 2 {
            return Vec::new();
        }
        let loaded = |m: &Material| self.tables.as_ref().is_some_and(|t| t.get(*m).is_some());
        let wanted = material.and_below().into_iter().filter(|m| m.count() <= max_animals && !loaded(m));
        wanted.map(|m| m.to_string()).collect()
    }

    /// Adds the table file `bytes` of the set `name` for the search (levels 5–8, hints and
    /// analysis); throws if it is not that set's sound table.
    #[wasm_bindgen(js_name = addTable)]
    pub fn add_table(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), JsError> {
        let material =
            Material::parse(name).ok_or_else(|| JsError::new(&format!("not a material set: {name:?}")))?;
        let table = Table::from_bytes(bytes, Some(material))
            .map_err(|e| JsError::new(&format!("endgame table {material}: {e}")))?;
        let mut tables = self.tables.as_deref().cloned().unwrap_or_default();
        tables.add(table);
        self.tables = Some(Arc::new(tables));
        Ok(())
    }

    /// Forgets what was learnt about the previous game.
    #[wasm_bindgen(js_name = newGame)]
    pub fn new_game(&mut self) {
        self.engine.new_game();
    }

    /// Thinks about the game described by `request` (`{rules, startFen, moves, keep, level |
    /// depth | nodes, hint, movetimeMs, seed}`), calling `on_progress` with a report after each
    /// depth, and returns `{best, depth, seldepth, score, cp, mate, nodes, pv}`, and with `hint`
    /// `why` (`{kind, animal, by, moves}`, hint_view.rs). Throws on a bad request (and then
    /// forgets its game: the next request must describe the whole game).
    pub fn think(&mut self, request: JsValue, on_progress: &js_sys::Function) -> Result<JsValue, JsError> {
        let request: ThinkRequest = serde_wasm_bindgen::from_value(request)
            .map_err(|e| JsError::new(&format!("bad request: {}", quote(&e.to_string()))))?;
        let kept = self.game.take();
        let game: &Game = self.game.insert(follow(kept, &request)?);
        let deadline = request.movetime_ms.map(|ms| now() + ms);
        // The search polls this every few thousand nodes.
        let mut stop = |_nodes: u64| deadline.is_some_and(|d| now() >= d);
        let mut report = |info: &Info| {
            // A failing progress callback must not stop the search: the answer still matters.
            let _ = on_progress.call1(&JsValue::NULL, &SearchView::from_info(info).to_js());
        };
        // Weak levels keep their mistakes in endgames too: the tables play perfectly.
        let strong = request.level.is_none_or(|n| n >= STRONG_LEVEL);
        self.engine.set_tablebase(self.tables.clone().filter(|_| strong));
        let result = match request.level {
            Some(n) => {
                let level = Level::new(n).ok_or_else(|| JsError::new("level must be 1 to 8"))?;
                self.engine.play_level(game, level, u64::from(request.seed), &mut stop, &mut report)
            }
            None if request.hint => self.engine.hint(game, &mut stop, &mut report),
            None => {
                let limits = Limits { depth: request.depth, nodes: request.nodes };
                self.engine.search(game, &limits, &mut stop, &mut report)
            }
        };
        let mut view = SearchView::from_result(&result);
        if request.hint {
            view.why = explain_hint(game.position(), &result.pv, result.score).map(WhyView::new);
        }
        Ok(view.to_js())
    }
}

/// The game of a request: the previous request's game `kept` continued (with `keep`), or a
/// new one from its start position; then the moves it sends.
fn follow(kept: Option<Game>, request: &ThinkRequest) -> Result<Game, JsError> {
    let mut game = match request.keep {
        Some(keep) => {
            let mut game = kept.ok_or_else(|| JsError::new("no game to continue: send the whole game"))?;
            if keep > game.history().len() {
                return Err(JsError::new("the game to continue is shorter than the moves to keep"));
            }
            while game.history().len() > keep {
                game.undo();
            }
            game
        }
        None => request.game.start()?,
    };
    request.game.play_moves(&mut game)?;
    Ok(game)
}
