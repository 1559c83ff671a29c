//! Open games nobody joined in time are called off (see [`lobby`](crate::server::play::lobby)).

use super::app::App;
use crate::server::game::event::Command;
use std::time::Duration;

/// Games expired per sweep (the rest wait for the next).
const SWEEP_BATCH: i64 = 500;

/// Calls off the open games nobody joined in time, for as long as the server runs.
pub async fn sweep(app: App) {
    let hub = &app.hub;
    let every = Duration::from_millis((hub.lobby.expiry_ms / 2).clamp(500, 60_000) as u64);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let cutoff = hub.lobby.oldest_open(crate::server::game::clock::now_ms());
        let ids = match hub.db.stale_open_games(cutoff, SWEEP_BATCH).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the expired games");
                continue;
            }
        };
        for id in ids {
            let Ok(room) = hub.enter(&id).await else { continue };
            let expired = room.apply(Command::Expire).await;
            if let Err(e) = expired {
                tracing::warn!(game = %id, error = %e, "game not expired");
            }
            hub.leave(&room);
        }
    }
}
