//! `jungle-load`: a load generator for running servers. Simulated players open games
//! over the REST API, subscribe both seats over real WebSockets, and play random legal moves
//! (chosen with the rules engine from the game each tracks) after think times, all games at
//! once. It reports the games held, moves per second, the move latencies (send → `ack`, and
//! send → the opponent's `moved`) at p50/p99/max, the errors, the servers' memory per idle
//! game and their CPU.
//!
//! A run: every game is opened (the servers' resident memory is read before and after, with
//! both seats of every game subscribed and nobody moving: the memory per idle game), then
//! all are played for the given time; a game that ends is replaced by a new one. With
//! several servers (PostgreSQL), each game's red seat is on one and its blue seat on the
//! next, so every move travels from one instance to another.
//!
//! ```text
//! jungle-load --url http://127.0.0.1:8080 --pid 1234 --games 1000 --seconds 60
//! ```
//! Each game is one tokio task holding its two sockets. One process may open only so many
//! files (`ulimit -n`): beyond, the games are shared among child processes of this program
//! (`--worker`), which the coordinator starts, synchronises and sums. `scripts/bench-server`
//! starts the servers and runs the usual measurements.

pub mod crew;
pub mod http;
pub mod options;
pub mod procfs;
pub mod report;
pub mod table;
pub mod tally;
pub mod worker;

use crew::Worker;
use options::Options;
use report::Report;
use std::iter::Sum;
use std::time::{Duration, Instant};
use tally::{Spread, Tally};

/// How long the servers are left to settle once the games are open, before their memory is
/// read and the play begins.
const SETTLE: Duration = Duration::from_secs(2);
/// Files a client process keeps open besides the games' sockets.
const SPARE_FILES: u64 = 64;

/// Runs the load `options` ask for (or, in a child process, its share); the exit status.
pub async fn main(options: Options) -> i32 {
    let done = match options.child_share() {
        Some(share) => crew::serve(share).await,
        None => run(&options)
            .await
            .map(|report| println!("{}\n{}\n{}", report.text(), report::HEADER, report.row())),
    };
    match done {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("jungle-load: {message}");
            1
        }
    }
}

/// The client processes `games` need: each may open as many files as this one.
fn processes_needed(games: usize) -> usize {
    let per_process = procfs::open_files_limit().unwrap_or(1024).saturating_sub(SPARE_FILES).max(2);
    (2 * games as u64).div_ceil(per_process).max(1) as usize
}

fn total<T: Sum>(pids: &[u32], read: fn(u32) -> Option<T>) -> Option<T> {
    if pids.is_empty() {
        return None;
    }
    pids.iter().map(|&pid| read(pid)).sum()
}

/// Runs the load as `options` say; the figures.
pub async fn run(options: &Options) -> Result<Report, String> {
    let processes = options.processes.unwrap_or_else(|| processes_needed(options.games));
    let load_before = procfs::load_average();
    let rss_before = total(&options.pids, procfs::rss_kib);
    let started = Instant::now();
    let mut workers = Vec::with_capacity(processes);
    for share in options.shares(processes) {
        workers.push(if processes == 1 { Worker::task(share) } else { Worker::child(options, &share)? });
    }
    let mut opened = 0;
    for worker in &mut workers {
        opened += worker.opened().await?;
    }
    let opening_seconds = started.elapsed().as_secs_f64();
    tokio::time::sleep(SETTLE).await;
    let rss_after = total(&options.pids, procfs::rss_kib);
    let cpu_before = total(&options.pids, procfs::cpu_seconds);
    let playing = Instant::now();
    for worker in &mut workers {
        worker.go().await?;
    }
    let mut tally = Tally::default();
    for worker in workers {
        tally.merge(worker.result().await?);
    }
    let played = playing.elapsed().as_secs_f64();
    let cpu_after = total(&options.pids, procfs::cpu_seconds);
    let idle_kib_per_game = match (rss_before, rss_after) {
        (Some(before), Some(after)) if opened > 0 => Some((after as f64 - before as f64) / opened as f64),
        _ => None,
    };
    Ok(Report {
        label: options.label.clone().unwrap_or_else(|| format!("{} games", options.games)),
        servers: options.servers.len(),
        games: options.games,
        processes,
        think_ms: options.think_ms,
        opened,
        opening_seconds,
        idle_kib_per_game,
        seconds: options.seconds,
        ack: Spread::of(&mut tally.ack_us),
        delivery: Spread::of(&mut tally.delivery_us),
        tally,
        server_cpu: cpu_before.zip(cpu_after).map(|(before, after)| (after - before) / played),
        load: (load_before, procfs::load_average()),
    })
}
