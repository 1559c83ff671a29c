//! The analysis mode of [`AiWorker`]: the best 1–5 lines of a position, deepened without end
//! in short slices. A slice returns to the worker's event loop, which may then take a new
//! position or a stop before the next one; the engine keeps its hash table between slices,
//! so each picks up nearly where the last left off.

use super::ai_worker::{now, AiWorker, SearchView};
use super::analysis_state::Analysis;
use super::game_request::GameRequest;
use super::js::to_js;
use crate::ai::{Iteration, Limits, Line};
use crate::echo::quote;
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

/// The most lines an analysis shows.
const MAX_LINES: usize = 5;

/// The position to analyse (a plain JS object, keys in camelCase).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AnalyseRequest {
    #[serde(flatten)]
    game: GameRequest,
    /// How many lines, 1–5.
    lines: usize,
}

/// An analysis report: the deepest lines so far and the speed of the last slice.
#[derive(Serialize)]
struct AnalysisView {
    depth: u32,
    seldepth: u32,
    /// The lines, best first: each `{best, score, cp, mate, pv, …}` for the side to move.
    lines: Vec<SearchView>,
    /// Nodes searched in the last slice, and its length in milliseconds.
    nodes: f64,
    ms: f64,
    /// Whether the analysis is over (a forced result found, the deepest depth reached, or
    /// the game over): no more slices are needed.
    done: bool,
}

#[wasm_bindgen]
impl AiWorker {
    /// Starts analysing `request` (`{rules, startFen, moves, lines}`) in place of any position
    /// analysed before. Throws on a bad position, move or number of lines.
    #[wasm_bindgen(js_name = startAnalysis)]
    pub fn start_analysis(&mut self, request: JsValue) -> Result<(), JsError> {
        self.analysis = None;
        let request: AnalyseRequest = serde_wasm_bindgen::from_value(request)
            .map_err(|e| JsError::new(&format!("bad request: {}", quote(&e.to_string()))))?;
        if !(1..=MAX_LINES).contains(&request.lines) {
            return Err(JsError::new("lines must be 1 to 5"));
        }
        let mut game = request.game.start()?;
        request.game.play_moves(&mut game)?;
        let done = game.outcome().is_some();
        self.engine.set_tablebase(self.tables.clone());
        self.analysis = Some(Analysis { game, lines: request.lines, best: None, done });
        Ok(())
    }

    /// Analyses for about `ms` milliseconds more and returns `{depth, seldepth, lines, nodes,
    /// ms, done}`, or null when nothing is being analysed.
    #[wasm_bindgen(js_name = analyseSlice)]
    pub fn analyse_slice(&mut self, ms: f64) -> JsValue {
        let Some(analysis) = self.analysis.as_mut() else { return JsValue::NULL };
        let started = now();
        let (mut nodes, mut stopped) = (0u64, false);
        if !analysis.done {
            let deadline = started + ms;
            let mut stop = |n: u64| {
                nodes = n;
                stopped = now() >= deadline;
                stopped
            };
            let mut deepest: Option<Iteration> = None;
            let limits = Limits::default();
            self.engine.analyse(&analysis.game, &limits, analysis.lines, &mut stop, &mut |i| {
                deepest = Some(i.clone())
            });
            if let Some(found) = deepest {
                nodes = nodes.max(found.nodes);
                if analysis.best.as_ref().is_none_or(|b| found.depth >= b.depth) {
                    analysis.best = Some(found);
                }
            }
            // A search that ended by itself has nothing deeper to find.
            analysis.done = !stopped;
        }
        let best = analysis.best.as_ref();
        let line = |l: &Line, i: &Iteration| {
            SearchView::new(l.pv.first().copied(), i.depth, i.seldepth, l.score, i.nodes, &l.pv)
        };
        let view = AnalysisView {
            depth: best.map_or(0, |b| b.depth),
            seldepth: best.map_or(0, |b| b.seldepth),
            lines: best.map_or(Vec::new(), |b| b.lines.iter().map(|l| line(l, b)).collect()),
            nodes: nodes as f64,
            ms: now() - started,
            done: analysis.done,
        };
        to_js(&view)
    }

    /// Stops analysing.
    #[wasm_bindgen(js_name = stopAnalysis)]
    pub fn stop_analysis(&mut self) {
        self.analysis = None;
    }
}
