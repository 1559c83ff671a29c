//! Games in play that nobody plays any more are closed (issue 36: they stayed "being played"
//! for ever). A game whose clock runs ends by its flag; one without a running clock — no
//! clock, or a side yet to make its first move — is closed once unchanged for
//! `--close-idle-after`, by the referee's rules of claims and aborts
//! ([`Command::CloseIdle`], which checks the time again on the game as it is). Every instance sweeps; the game's version lets one close it.

use super::app::App;
use crate::server::game::clock::now_ms;
use crate::server::game::event::{Command, Event};
use std::time::Duration;

/// Games closed per sweep (the rest wait for the next).
const SWEEP_BATCH: i64 = 200;

/// Closes the games nobody played for the idle limit, for as long as the server runs: looked
/// for four times per limit (at least every second, at most every ten minutes).
pub async fn sweep(app: App) {
    let every = Duration::from_millis((app.close_idle_ms / 4).clamp(1_000, 600_000) as u64);
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let before = now_ms() - app.close_idle_ms;
        let ids = match app.hub.db.idle_games(before, SWEEP_BATCH).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!(error = %e, "cannot read the idle games");
                continue;
            }
        };
        for id in ids {
            let Ok(room) = app.hub.enter(&id).await else { continue };
            match room.apply(Command::CloseIdle { before }).await {
                Ok(Event::Ended) => tracing::info!(game = %id, "idle game closed"),
                Ok(_) => {}
                // Another instance closed it first, or a move came meanwhile.
                Err(e) => tracing::debug!(game = %id, error = %e, "idle game not closed"),
            }
            app.hub.leave(&room);
        }
    }
}
