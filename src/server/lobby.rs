//! The lobby stays useful under spam: one address holds at most a few games waiting for an
//! opponent, and a game nobody joins expires (it is listed no more, and a sweep calls it off,
//! telling whoever waits in it).

use super::app::App;
use super::room::Change;
use std::sync::Arc;
use std::time::Duration;

/// Games expired per sweep (the rest wait for the next).
const SWEEP_BATCH: i64 = 500;

/// The lobby's limits.
pub struct Lobby {
    /// Open games one address may hold.
    pub open_per_ip: u32,
    /// How long an open game waits for an opponent, in milliseconds.
    pub expiry_ms: i64,
    /// Held while an open game is counted and stored, so that a burst of requests from one
    /// address cannot all pass the count before any is stored.
    pub creating: tokio::sync::Mutex<()>,
}

impl Lobby {
    /// A lobby with these limits.
    pub fn new(open_per_ip: u32, expiry_ms: i64) -> Lobby {
        Lobby { open_per_ip, expiry_ms, creating: tokio::sync::Mutex::new(()) }
    }

    /// The creation time of the oldest open game still waiting at `now`.
    pub fn oldest_open(&self, now: i64) -> i64 {
        now.saturating_sub(self.expiry_ms)
    }
}

/// Calls off the open games nobody joined in time, for as long as the server runs.
pub async fn sweep(app: Arc<App>) {
    let hub = &app.hub;
    let every = Duration::from_millis((hub.lobby.expiry_ms / 2).clamp(500, 60_000) as u64);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let cutoff = hub.lobby.oldest_open(super::clock::now_ms());
        let ids = match hub.db.stale_open_games(cutoff, SWEEP_BATCH).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("jungle-server: cannot read the expired games: {e}");
                continue;
            }
        };
        for id in ids {
            let Ok(room) = hub.enter(&id).await else { continue };
            let expired = room.change(|game, now| Ok(((), game.expire(now).then(Change::state)))).await;
            if let Err(e) = expired {
                eprintln!("jungle-server: game {id} not expired: {e}");
            }
            hub.leave(&room);
        }
    }
}
