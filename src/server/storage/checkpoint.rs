//! SQLite's log checkpoints, off the writer's path. In WAL mode every commit appends the
//! pages it changed to the log; a checkpoint copies them back into the database file and
//! syncs it to the disk. SQLite would run one inside whichever commit fills the log past
//! a thousand pages — several times a second under load — and every move waiting for that
//! commit would wait for the disk too. Instead, connections never checkpoint on commit, and
//! this task checkpoints every [`EVERY`] on a connection of its own: first passively, beside
//! the writer, which copies nearly all of the log; then, if the log has grown long, once more
//! holding the writer back while it copies the few pages committed meanwhile, so that the
//! next commit starts the log again from its beginning.

use sqlx::{AnyPool, Row};
use std::time::Duration;

/// How often the log is copied back.
const EVERY: Duration = Duration::from_millis(200);
/// A log longer than this many pages (16 MiB of 4 KiB pages) is started again.
const RESTART_PAGES: i64 = 4_000;

/// Checkpoints the log of the SQLite database behind `pool` for as long as the server runs.
pub async fn run(pool: AnyPool) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let long = checkpoint(&pool, "PASSIVE").await.is_some_and(|log| log > RESTART_PAGES);
        if long {
            checkpoint(&pool, "RESTART").await;
        }
    }
}

/// Runs a checkpoint; the pages in the log before it.
async fn checkpoint(pool: &AnyPool, mode: &str) -> Option<i64> {
    let done = sqlx::query(&format!("PRAGMA wal_checkpoint({mode})")).fetch_one(pool).await;
    // The answer is (busy, pages in the log, pages copied back).
    match done.and_then(|row| row.try_get::<i64, _>(1)) {
        Ok(log) => Some(log),
        Err(e) => {
            tracing::warn!(error = %e, "SQLite checkpoint failed");
            None
        }
    }
}
