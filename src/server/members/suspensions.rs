//! Suspensions (`member_suspensions`): a suspended member's sessions end, and until the
//! suspension ends or is lifted the member cannot sign in, so cannot play, chat, create or join
//! games as a member or register for tournaments; a seat the member took by token refuses
//! every action too.

use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::token::new_game_id;
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// The condition on a `member_suspensions` row `s` that it is in force at `$now`.
fn in_force_at(now: &str) -> String {
    format!("s.lifted IS NULL AND (s.ends IS NULL OR s.ends > {now})")
}

/// The refusal of anything a suspended member asks on a game's WebSocket.
pub fn refusal() -> Refusal {
    Refusal::new(Code::Suspended, "an admin of the club suspended this member")
}

/// Whether member `member_id` is suspended now.
pub async fn in_force(pool: &AnyPool, member_id: &str) -> sqlx::Result<bool> {
    let row = sqlx::query(&format!(
        "SELECT 1 AS one FROM member_suspensions s WHERE s.member_id = $1 AND {}",
        in_force_at("$2")
    ))
    .bind(member_id)
    .bind(now_ms())
    .fetch_optional(pool)
    .await?;
    Ok(row.is_some())
}

/// The member who took the `color` seat of game `game_id`, if a member did.
pub async fn seat_holder(pool: &AnyPool, game_id: &str, color: Color) -> sqlx::Result<Option<String>> {
    let row = sqlx::query("SELECT member_id FROM member_games WHERE game_id = $1 AND color = $2")
        .bind(game_id)
        .bind(color.name())
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|row| row.try_get::<Option<String>, _>("member_id")).transpose()?.flatten())
}

/// Suspends `member_id` for `reason` until `ends` (none: until lifted), by admin `by_id`, and
/// ends the member's sessions; how many sessions ended.
pub async fn suspend(
    pool: &AnyPool,
    member_id: &str,
    reason: &str,
    ends: Option<i64>,
    by_id: &str,
) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO member_suspensions (id, member_id, reason, since, ends, lifted, by_id)
         VALUES ($1, $2, $3, $4, $5, NULL, $6)",
    )
    .bind(new_game_id())
    .bind(member_id)
    .bind(reason)
    .bind(now_ms())
    .bind(ends)
    .bind(by_id)
    .execute(&mut *tx)
    .await?;
    let ended = sqlx::query("DELETE FROM member_sessions WHERE member_id = $1")
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ended.rows_affected())
}

/// Lifts the suspensions of `member_id` in force; false if there was none.
pub async fn lift(pool: &AnyPool, member_id: &str) -> sqlx::Result<bool> {
    let now = now_ms();
    let done = sqlx::query(
        "UPDATE member_suspensions SET lifted = $1
         WHERE member_id = $2 AND lifted IS NULL AND (ends IS NULL OR ends > $1)",
    )
    .bind(now)
    .bind(member_id)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// A suspension in force, as the admin page lists it.
#[derive(Debug, Serialize)]
pub struct Suspension {
    /// The member suspended.
    pub name: String,
    /// Why.
    pub reason: String,
    /// Since when (ms since the Unix epoch).
    pub since: i64,
    /// Until when; null: until lifted.
    pub ends: Option<i64>,
    /// The admin who suspended.
    pub by: String,
}

/// The suspensions in force, newest first.
pub async fn active(pool: &AnyPool) -> sqlx::Result<Vec<Suspension>> {
    let rows = sqlx::query(&format!(
        "SELECT m.name, s.reason, s.since, s.ends, COALESCE(b.name, '') AS by_name
         FROM member_suspensions s JOIN members m ON m.id = s.member_id LEFT JOIN members b ON b.id = s.by_id
         WHERE {} ORDER BY s.since DESC",
        in_force_at("$1")
    ))
    .bind(now_ms())
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Suspension {
                name: row.try_get("name")?,
                reason: row.try_get("reason")?,
                since: row.try_get("since")?,
                ends: row.try_get("ends")?,
                by: row.try_get("by_name")?,
            })
        })
        .collect()
}

/// The SQL condition that member `column` is not suspended at `$now` (for the session check).
pub fn not_suspended(column: &str, now: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM member_suspensions s WHERE s.member_id = {column} AND {})",
        in_force_at(now)
    )
}
