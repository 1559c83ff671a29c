//! The work done on its own thread, so that `stop` and `isready` are answered meanwhile: a
//! search, which prints `info` after each completed iteration and `bestmove` at the end, or a
//! perft.

use super::clock::{self, Clock};
use super::command::Go;
use super::perft;
use super::wire::Out;
use jungle::ai::{Engine, Info, Level, Limits, SearchResult};
use jungle::rules::Game;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What to do.
pub enum Task {
    /// `go` with the session's engine: search at `level`, with randomness from `seed` for
    /// levels below 8.
    Search { engine: Box<Engine>, go: Go, level: Level, seed: u64 },
    /// `perft N`.
    Perft(u32),
}

/// What every task needs.
pub struct Job {
    pub game: Game,
    /// Set by `stop`, `quit` and the end of the input; set here too when the task is over,
    /// to tell the session.
    pub stop: Arc<AtomicBool>,
    pub out: Out,
}

/// Does the task; returns when its last line is written, with the engine of a search.
pub fn run(task: Task, job: Job) -> Option<Box<Engine>> {
    match task {
        Task::Search { mut engine, go, level, seed } => {
            search(&mut engine, &job, &go, level, seed);
            Some(engine)
        }
        Task::Perft(depth) => {
            perft::divide(job.game.position().clone(), depth, &job.stop, &job.out);
            job.stop.store(true, Ordering::Relaxed);
            None
        }
    }
}

/// Searches `job.game` and prints the result.
fn search(engine: &mut Engine, job: &Job, go: &Go, level: Level, seed: u64) {
    let clock = Clock::start(clock::budget(go, job.game.position().turn()));
    let soft_expired = Cell::new(false);
    // Asked to stop, or nobody is listening any more.
    let interrupted = || job.stop.load(Ordering::Relaxed) || job.out.is_closed();
    // Level 8 gets the node limit through `Limits`; weaker levels through `stop`.
    let level_nodes = if level == Level::MAX { None } else { go.nodes };
    let mut stop = |nodes: u64| {
        interrupted()
            || soft_expired.get()
            || clock.hard_expired()
            || level_nodes.is_some_and(|limit| nodes >= limit)
    };
    let mut on_info = |info: &Info| {
        job.out.line(&info_line(info, clock.elapsed()));
        // Past the soft budget another iteration would likely not complete: stop now.
        soft_expired.set(soft_expired.get() || clock.soft_expired());
    };
    let result = if level == Level::MAX {
        // Depth 0 would return an unsearched move.
        let limits = Limits { depth: go.depth.map(|d| d.max(1)), nodes: go.nodes };
        let result = engine.search(&job.game, &limits, &mut stop, &mut on_info);
        complete_first_iteration(engine, job, result, &mut on_info)
    } else {
        engine.play_level(&job.game, level, seed, &mut stop, &mut on_info)
    };
    // The protocol: after `go infinite`, `bestmove` waits for `stop` even if the search ended.
    while go.infinite && !interrupted() {
        std::thread::sleep(Duration::from_millis(2));
    }
    job.stop.store(true, Ordering::Relaxed);
    let best = result.best.map_or_else(|| "0000".to_string(), |m| m.to_string());
    job.out.line(&format!("bestmove {best}"));
}

/// A node or time limit too small for one iteration (`go nodes 0`) leaves a move that was
/// never searched: the first iteration, a few hundred nodes, is then searched in full.
/// Only `stop` or a closed output answers without it.
fn complete_first_iteration(
    engine: &mut Engine,
    job: &Job,
    result: SearchResult,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    if result.depth > 0 || result.best.is_none() {
        return result;
    }
    let mut interrupted = |_| job.stop.load(Ordering::Relaxed) || job.out.is_closed();
    if interrupted(0) {
        return result;
    }
    engine.search(&job.game, &Limits { depth: Some(1), nodes: None }, &mut interrupted, on_info)
}

/// `info depth D seldepth S score cp X|mate N nodes N nps N time MS pv …`.
fn info_line(info: &Info, elapsed: Duration) -> String {
    let ms = elapsed.as_millis() as u64;
    let nps = (info.nodes as u128 * 1_000_000 / elapsed.as_micros().max(1)) as u64;
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {ms}",
        info.depth, info.seldepth, info.score, info.nodes
    );
    if !info.pv.is_empty() {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}
