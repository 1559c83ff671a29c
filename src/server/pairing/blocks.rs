//! The `challenge_blocks` table: the challengers a member no longer hears from. A blocked
//! member's challenges are stored and answered as any other and expire unseen, so the
//! challenger is never told.

use crate::server::game::clock::now_ms;
use sqlx::{AnyPool, Row};

/// Blocks the challenges of member `blocked_id` to member `member_id` (once: again is nothing).
pub async fn block(pool: &AnyPool, member_id: &str, blocked_id: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO challenge_blocks (member_id, blocked_id, created) VALUES ($1, $2, $3)
         ON CONFLICT (member_id, blocked_id) DO NOTHING",
    )
    .bind(member_id)
    .bind(blocked_id)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(())
}

/// Lets the member named `name` (any case) challenge member `member_id` again.
pub async fn unblock(pool: &AnyPool, member_id: &str, name: &str) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM challenge_blocks WHERE member_id = $1
         AND blocked_id IN (SELECT id FROM members WHERE name_key = LOWER($2))",
    )
    .bind(member_id)
    .bind(name)
    .execute(pool)
    .await?;
    Ok(())
}

/// The names of the members member `member_id` blocked, newest block first.
pub async fn blocked(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT m.name FROM challenge_blocks b JOIN members m ON m.id = b.blocked_id
         WHERE b.member_id = $1 ORDER BY b.created DESC, m.name",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("name")).collect()
}

/// Whether member `member_id` blocked member `blocked_id`.
pub async fn is_blocked(pool: &AnyPool, member_id: &str, blocked_id: &str) -> sqlx::Result<bool> {
    let row =
        sqlx::query("SELECT COUNT(*) AS n FROM challenge_blocks WHERE member_id = $1 AND blocked_id = $2")
            .bind(member_id)
            .bind(blocked_id)
            .fetch_one(pool)
            .await?;
    Ok(row.try_get::<i64, _>("n")? > 0)
}
