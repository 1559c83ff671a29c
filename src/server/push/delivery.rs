//! The delivery worker, one on every instance: it claims the notices due (each by one
//! instance only: [`tables::claim`]), holds back those a member switched off or that fall in
//! their quiet hours, sends the others, and reads the push service's answer: delivered, gone
//! (the subscription dropped), or retried with exponential backoff (the service's
//! `Retry-After` honoured) until [`MAX_ATTEMPTS`], then given up. Every attempt is counted in
//! the metrics by its outcome. Due times are the club's time, so a test clock drives them.
//!
//! Quiet hours hold every kind until they end, but for `time_running_out` when the flag would
//! fall before then: that one is sent at once (a warning after the loss helps nobody, and a
//! member who set a short clock asked to be told in time).

use super::send::{self, Answer};
use super::tables::{self, Queued};
use super::Push;
use crate::server::ops::metrics::metrics;
use crate::server::time::{now_ms, real_ms, wait_until};
use serde_json::Value;
use sqlx::AnyPool;
use std::sync::Arc;

/// Attempts before a notice is given up.
pub const MAX_ATTEMPTS: i64 = 8;
/// The wait after the first failed attempt, in ms; each next one doubles it.
pub const FIRST_BACKOFF_MS: i64 = 30_000;
/// The longest wait between two attempts, in ms.
const MAX_BACKOFF_MS: i64 = 3600 * 1000;
/// How long the worker waits before looking for notices queued by other instances, in ms.
const POLL_MS: i64 = 2000;
/// The shortest wait between two looks, in ms.
const MIN_WAIT_MS: i64 = 100;
/// Notices taken per look.
const BATCH: i64 = 16;
/// How long a worker holds a notice it claimed (real time, ms): beyond it, another may try.
const LEASE_MS: i64 = send::ANSWER_TIMEOUT.as_millis() as i64 + 30_000;
/// How long a page's mark of watching its challenges holds unrepeated (real time, ms).
pub const WATCH_FRESH_MS: i64 = 60_000;

/// Delivers the notices of `push` for as long as the server runs.
pub async fn run(push: Arc<Push>) {
    loop {
        let next = match deliver_due(&push).await {
            Ok(next) => next,
            Err(error) => {
                tracing::warn!(%error, "push: cannot read the outbox");
                None
            }
        };
        // Not sooner than a moment from now: a notice another worker holds waits for it.
        let now = now_ms();
        let until = next.unwrap_or(i64::MAX).clamp(now + MIN_WAIT_MS, now + POLL_MS);
        loop {
            tokio::select! {
                () = tokio::time::sleep(wait_until(until)) => {}
                () = push.wake.notified() => break,
            }
            if now_ms() >= until {
                break;
            }
        }
    }
}

/// Delivers every notice due now; when the next one is due.
async fn deliver_due(push: &Push) -> sqlx::Result<Option<i64>> {
    loop {
        let due = tables::due(&push.pool, now_ms(), real_ms(), BATCH).await?;
        for notice in &due {
            if tables::claim(&push.pool, notice, real_ms(), real_ms() + LEASE_MS).await? {
                deliver(push, notice).await?;
            }
        }
        if (due.len() as i64) < BATCH {
            return tables::next_due(&push.pool, real_ms()).await;
        }
    }
}

/// Sends one claimed notice, or holds it back, or drops it.
async fn deliver(push: &Push, notice: &Queued) -> sqlx::Result<()> {
    let pool = &push.pool;
    let now = now_ms();
    let Some(kind) = notice.kind else { return tables::done(pool, notice).await };
    let settings = tables::settings(pool, &notice.member_id).await?;
    let stale =
        notice.deadline.is_some_and(|deadline| deadline <= now) || !still_to_move(pool, notice).await?;
    let watching = kind == super::notice::Kind::Challenge
        && tables::is_watching(pool, &notice.member_id, real_ms() - WATCH_FRESH_MS).await?;
    if stale || watching || !settings.allows(kind) {
        return tables::done(pool, notice).await;
    }
    if let Some(end) = settings.quiet_until(now) {
        let too_late_then =
            kind == super::notice::Kind::TimeRunningOut && notice.deadline.is_some_and(|d| d <= end);
        if !too_late_then {
            return tables::later(pool, notice, end, notice.attempts).await;
        }
    }
    let mut payload: Value = serde_json::from_str(&notice.payload).unwrap_or_default();
    if let Value::Object(fields) = &mut payload {
        fields.insert("lang".into(), notice.lang.clone().into());
    }
    let answer = send::send(&push.client, &push.keys, &push.contact, notice, payload.to_string()).await;
    let attempts = notice.attempts + 1;
    let outcome = match answer {
        Answer::Delivered => "delivered",
        Answer::Gone => "gone",
        Answer::Retry { .. } if attempts < MAX_ATTEMPTS => "retry",
        Answer::Retry { .. } | Answer::Refused => "given_up",
    };
    metrics().push_attempt(outcome);
    tracing::debug!(kind = kind.name(), outcome, attempts, "push sent");
    match answer {
        Answer::Delivered => tables::done(pool, notice).await,
        Answer::Gone => tables::gone(pool, &notice.endpoint).await,
        Answer::Retry { retry_after } if attempts < MAX_ATTEMPTS => {
            let wait = backoff(notice.attempts).max(retry_after.unwrap_or(0));
            tables::later(pool, notice, now_ms() + wait, attempts).await
        }
        Answer::Retry { .. } | Answer::Refused => {
            tracing::info!(kind = kind.name(), attempts, "push given up");
            tables::done(pool, notice).await
        }
    }
}

/// Whether a notice that tells a member it is their move (`your_move:GAME:PLY`,
/// `time_running_out:GAME:PLY`) still does: held in quiet hours, or answered at once by a
/// conditional move, it may be out of date when its turn to be sent comes. Other notices hold.
async fn still_to_move(pool: &AnyPool, notice: &Queued) -> sqlx::Result<bool> {
    let mut parts = notice.dedupe.split(':');
    let (Some("your_move" | "time_running_out"), Some(game), Some(ply)) =
        (parts.next(), parts.next(), parts.next())
    else {
        return Ok(true);
    };
    let Ok(ply) = ply.parse::<i64>() else { return Ok(true) };
    tables::game_at(pool, game, ply).await
}

/// The wait after the attempt that followed `failed` failed ones.
pub fn backoff(failed: i64) -> i64 {
    let doublings = u32::try_from(failed.clamp(0, 20)).unwrap_or(20);
    (FIRST_BACKOFF_MS.saturating_mul(1 << doublings)).min(MAX_BACKOFF_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_up_to_an_hour() {
        assert_eq!((backoff(0), backoff(1), backoff(2)), (30_000, 60_000, 120_000));
        assert_eq!(backoff(MAX_ATTEMPTS + 30), MAX_BACKOFF_MS);
    }
}
