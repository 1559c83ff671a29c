//! What the bridge's event loop and its games share: the client, the engine and its options,
//! the rules for challenges, and the games in play.

use super::client::Client;
use super::policy::Policy;
use std::collections::HashSet;
use std::sync::Mutex;

/// What the event loop and the games share.
pub struct Bridge {
    pub client: Client,
    /// The command that starts the engine.
    pub engine: String,
    /// `--engine-option`s.
    pub engine_options: Vec<(String, String)>,
    /// Which challenges are taken.
    pub policy: Policy,
    /// The rule options the engine offers.
    pub offered: Vec<String>,
    /// Every game begun, by id, ended or not: a late `gameStart` does not begin one again.
    pub games: Mutex<HashSet<String>>,
    /// Games begun, and ended.
    pub counts: Mutex<(u64, u64)>,
    /// Told when a game ends.
    pub ended: tokio::sync::Notify,
    /// `--max-games`.
    pub max_games: Option<u64>,
    /// `--concurrency`.
    pub concurrency: usize,
}

impl Bridge {
    /// Whether one more game may begin: fewer than `--concurrency` in play, and fewer than
    /// `--max-games` begun.
    pub fn room_for_one(&self) -> bool {
        let (begun, ended) = *self.counts.lock().unwrap_or_else(|p| p.into_inner());
        ((begun - ended) as usize) < self.concurrency && self.max_games.is_none_or(|max| begun < max)
    }

    /// Whether `--max-games` games have ended.
    pub fn finished(&self) -> bool {
        let ended = self.counts.lock().unwrap_or_else(|p| p.into_inner()).1;
        self.max_games.is_some_and(|max| ended >= max)
    }
}
