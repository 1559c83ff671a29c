//! One search, run on its own thread: prints `info` after each completed iteration and
//! `bestmove` at the end.

use super::clock::{self, Clock};
use super::command::Go;
use super::Out;
use jungle::ai::{Engine, Info, Level, Limits};
use jungle::rules::Game;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Everything a search needs besides the engine.
pub struct Job {
    pub game: Game,
    pub go: Go,
    pub level: Level,
    /// Randomness for levels below 8.
    pub seed: u64,
    /// Set by `stop` and `quit`; set here too before `bestmove`, to tell the session that
    /// the search is over.
    pub stop: Arc<AtomicBool>,
    pub out: Out,
}

/// Searches `job.game` and prints the result; returns when `bestmove` is written.
pub fn run(engine: &mut Engine, job: Job) {
    let clock = Clock::start(clock::budget(&job.go, job.game.position().turn()));
    let soft_expired = Cell::new(false);
    // Level 8 gets the node limit through `Limits`; weaker levels through `stop`.
    let level_nodes = if job.level == Level::MAX { None } else { job.go.nodes };
    let mut stop = |nodes: u64| {
        job.stop.load(Ordering::Relaxed)
            || soft_expired.get()
            || clock.hard_expired()
            || level_nodes.is_some_and(|limit| nodes >= limit)
    };
    let mut on_info = |info: &Info| {
        job.out.line(&info_line(info, clock.elapsed()));
        // Past the soft budget another iteration would likely not complete: stop now.
        soft_expired.set(soft_expired.get() || clock.soft_expired());
    };
    let result = if job.level == Level::MAX {
        // Depth 0 would return an unsearched move.
        let limits = Limits { depth: job.go.depth.map(|d| d.max(1)), nodes: job.go.nodes };
        engine.search(&job.game, &limits, &mut stop, &mut on_info)
    } else {
        engine.play_level(&job.game, job.level, job.seed, &mut stop, &mut on_info)
    };
    // The protocol: after `go infinite`, `bestmove` waits for `stop` even if the search ended.
    while job.go.infinite && !job.stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
    job.stop.store(true, Ordering::Relaxed);
    let best = result.best.map_or_else(|| "0000".to_string(), |m| m.to_string());
    job.out.line(&format!("bestmove {best}"));
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
