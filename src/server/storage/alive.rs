//! The server tells the database it is running every [`EVERY`], so that after a crash the
//! clocks know when it stopped: the side to move keeps the time it used before the crash, and
//! only the outage is charged to nobody (see [`Db::resume_clocks`]).

use super::db::Db;
use crate::server::time::real_ms;
use std::time::Duration;

/// How often the server says it is running: at most this much of a side's thinking time
/// before a crash is given back.
pub const EVERY: Duration = Duration::from_millis(500);

/// Says the server is running, for as long as it runs.
pub async fn run(db: Db) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failing = false;
    loop {
        every.tick().await;
        match db.alive(real_ms()).await {
            Ok(()) => failing = false,
            // Said once while the database is away, not twice a second.
            Err(e) if !failing => {
                tracing::warn!(error = %e, "cannot note the time in the database");
                failing = true;
            }
            Err(_) => {}
        }
    }
}
