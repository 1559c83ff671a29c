//! What a load run counts: games, moves, every latency sample (microseconds), and errors by
//! kind. A worker's tally travels to the coordinator as JSON when it runs in a child process.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

/// The counts of one simulated game, one worker, or the whole run.
#[derive(Serialize, Deserialize, Default, Debug, Clone, PartialEq)]
pub struct Tally {
    /// Games opened: created, joined, and both seats subscribed (replacements included).
    pub opened: u64,
    /// Games that ended on the board during the run (each replaced by a new one).
    pub finished: u64,
    /// Games still held, both seats connected, when the run stopped.
    pub held: u64,
    /// Moves sent.
    pub sent: u64,
    /// Moves acknowledged to their mover.
    pub acked: u64,
    /// Moves received by the mover's opponent.
    pub delivered: u64,
    /// For each acknowledged move, microseconds from the send to the `ack`.
    pub ack_us: Vec<u32>,
    /// For each delivered move, microseconds from the send to the opponent's `moved`.
    pub delivery_us: Vec<u32>,
    /// Errors by kind.
    pub errors: BTreeMap<String, u64>,
    /// CPU seconds the worker's process spent while the games were played.
    pub cpu_seconds: f64,
}

impl Tally {
    /// Counts one error of `kind`.
    pub fn error(&mut self, kind: impl Into<String>) {
        *self.errors.entry(kind.into()).or_insert(0) += 1;
    }

    /// All errors.
    pub fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    /// Adds `other` to this tally.
    pub fn merge(&mut self, other: Tally) {
        self.opened += other.opened;
        self.finished += other.finished;
        self.held += other.held;
        self.sent += other.sent;
        self.acked += other.acked;
        self.delivered += other.delivered;
        self.ack_us.extend(other.ack_us);
        self.delivery_us.extend(other.delivery_us);
        for (kind, n) in other.errors {
            *self.errors.entry(kind).or_insert(0) += n;
        }
        self.cpu_seconds += other.cpu_seconds;
    }
}

/// A duration in whole microseconds (saturating).
pub fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

/// The median, 99th percentile and maximum of latency samples, in microseconds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Spread {
    /// Half the samples are at most this.
    pub p50: u32,
    /// 99 % of the samples are at most this.
    pub p99: u32,
    /// The largest sample.
    pub max: u32,
}

impl Spread {
    /// The spread of `samples` (sorted in place); none without samples.
    pub fn of(samples: &mut [u32]) -> Option<Spread> {
        samples.sort_unstable();
        let rank = |p: f64| samples[((p * samples.len() as f64).ceil() as usize).clamp(1, samples.len()) - 1];
        let max = *samples.last()?;
        Some(Spread { p50: rank(0.5), p99: rank(0.99), max })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_ranks() {
        let mut samples: Vec<u32> = (1..=200).rev().collect();
        assert_eq!(Spread::of(&mut samples), Some(Spread { p50: 100, p99: 198, max: 200 }));
        assert_eq!(Spread::of(&mut [7]), Some(Spread { p50: 7, p99: 7, max: 7 }));
        assert_eq!(Spread::of(&mut []), None);
    }

    #[test]
    fn tallies_add_up() {
        let mut a = Tally { sent: 2, ack_us: vec![5], ..Tally::default() };
        a.error("closed");
        let mut b = Tally { sent: 3, ack_us: vec![9], ..Tally::default() };
        b.error("closed");
        b.error("timeout");
        a.merge(b);
        assert_eq!((a.sent, a.error_count(), &a.ack_us), (5, 3, &vec![5, 9]));
        assert_eq!(a.errors["closed"], 2);
    }
}
