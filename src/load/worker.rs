//! A worker: opens its share of the games, tells the coordinator, waits for the signal to
//! play, plays them all at once until the end of the run, and returns its tally. Each game is
//! one light task with its two sockets; tokio spreads the tasks over the worker threads.

use super::http::Http;
use super::procfs;
use super::table::{Step, Table};
use super::tally::Tally;
use crate::ai::Rng;
use crate::rules::ByColor;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A worker's part of the run.
#[derive(Clone, Debug, PartialEq)]
pub struct Share {
    /// The servers (`host:port`).
    pub servers: Vec<String>,
    /// The number of this worker's first game among all (it decides where the seats go).
    pub first: usize,
    /// This worker's games.
    pub games: usize,
    /// Games opened at once.
    pub opening: usize,
    /// Each player's think time before a move, in milliseconds (uniform in the range).
    pub think_ms: (u64, u64),
    /// How long the games are played.
    pub seconds: f64,
    /// The seed of the random moves.
    pub seed: u64,
}

impl Share {
    /// The servers of game `index`'s seats: red on one, blue on the next, so that with
    /// several instances every move crosses from one to another.
    fn seats(&self, index: usize) -> ByColor<usize> {
        let n = self.servers.len();
        ByColor::new(index % n, (index + 1) % n)
    }

    fn clients(&self) -> Vec<Http> {
        self.servers.iter().map(|addr| Http::new(addr)).collect()
    }
}

/// Runs `share`: `opened` is sent the number of games held once they are open; the games
/// are played from when `go` arrives.
pub async fn work(share: Share, opened: oneshot::Sender<u64>, go: oneshot::Receiver<()>) -> Tally {
    let share = Arc::new(share);
    let next = Arc::new(AtomicUsize::new(0));
    let openers: Vec<_> = (0..share.opening.clamp(1, share.games.max(1)))
        .map(|_| tokio::spawn(open(share.clone(), next.clone())))
        .collect();
    let mut tally = Tally::default();
    let mut tables = Vec::new();
    for (opener, (held, counted)) in joined(openers).await {
        tables.extend(held);
        tally.merge(counted);
        if let Err(e) = opener {
            tally.error(e);
        }
    }
    let _ = opened.send(tables.len() as u64);
    if go.await.is_err() {
        return tally;
    }
    let cpu = procfs::cpu_seconds(std::process::id());
    let end = Instant::now() + Duration::from_secs_f64(share.seconds);
    let players: Vec<_> =
        tables.into_iter().map(|(i, t)| tokio::spawn(play(share.clone(), i, t, end))).collect();
    for (player, counted) in joined(players).await {
        tally.merge(counted);
        if let Err(e) = player {
            tally.error(e);
        }
    }
    if let (Some(before), Some(after)) = (cpu, procfs::cpu_seconds(std::process::id())) {
        tally.cpu_seconds = after - before;
    }
    tally
}

/// Awaits tasks; a task that failed is reported as an error beside a default value.
async fn joined<T: Default>(tasks: Vec<JoinHandle<T>>) -> Vec<(Result<(), String>, T)> {
    let mut out = Vec::with_capacity(tasks.len());
    for task in tasks {
        out.push(match task.await {
            Ok(value) => (Ok(()), value),
            Err(e) => (Err(format!("bench task failed: {e}")), T::default()),
        });
    }
    out
}

/// Opens games, taking their numbers from `next`, until the share is open; the games held
/// and the tally of the opening.
async fn open(share: Arc<Share>, next: Arc<AtomicUsize>) -> (Vec<(usize, Table)>, Tally) {
    let mut clients = share.clients();
    let (mut tables, mut tally) = (Vec::new(), Tally::default());
    loop {
        let n = next.fetch_add(1, Ordering::Relaxed);
        if n >= share.games {
            return (tables, tally);
        }
        let index = share.first + n;
        match Table::open(&mut clients, share.seats(index)).await {
            Ok(table) => {
                tally.opened += 1;
                tables.push((index, table));
            }
            Err(e) => tally.error(e),
        }
    }
}

/// Plays game `index` until `end`, opening a new game whenever one ends; its tally.
async fn play(share: Arc<Share>, index: usize, mut table: Table, end: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut rng = Rng::new(share.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let (low, high) = share.think_ms;
    loop {
        let think = Duration::from_millis(low + rng.below(high.saturating_sub(low) + 1));
        if Instant::now() + think >= end {
            break;
        }
        tokio::time::sleep(think).await;
        match table.play_move(&mut rng, &mut tally).await {
            Ok(Step::Playing) => {}
            Ok(Step::Over) => {
                tally.finished += 1;
                table.close().await;
                match Table::open(&mut share.clients(), share.seats(index)).await {
                    Ok(new) => {
                        tally.opened += 1;
                        table = new;
                    }
                    Err(e) => {
                        tally.error(e);
                        return tally;
                    }
                }
            }
            Err(e) => {
                tally.error(e);
                table.close().await;
                return tally;
            }
        }
    }
    // Held to the end of the run, so that all games are open together until then.
    tokio::time::sleep_until(end.into()).await;
    tally.held = 1;
    table.close().await;
    tally
}
