//! Invite codes of a club that takes members by invite: made by an admin, good for one account
//! within a week, stored only as digests.

use crate::server::game::clock::now_ms;
use crate::server::game::token::{digest, is_token, new_token};
use sqlx::{AnyConnection, AnyPool};

/// How long a code is good for: 7 days.
pub const LIFETIME_MS: i64 = 7 * 24 * 3600 * 1000;

/// A new code made by admin `made_by`.
pub async fn make(pool: &AnyPool, made_by: &str) -> sqlx::Result<String> {
    let code = new_token();
    sqlx::query("INSERT INTO invites (digest, made_by, expires) VALUES ($1, $2, $3)")
        .bind(digest(&code))
        .bind(made_by)
        .bind(now_ms() + LIFETIME_MS)
        .execute(pool)
        .await?;
    Ok(code)
}

/// Whether `code` is good now.
pub async fn valid(pool: &AnyPool, code: &str) -> sqlx::Result<bool> {
    if !is_token(code) {
        return Ok(false);
    }
    let row = sqlx::query("SELECT 1 AS one FROM invites WHERE digest = $1 AND expires > $2")
        .bind(digest(code))
        .bind(now_ms())
        .fetch_optional(pool)
        .await?;
    Ok(row.is_some())
}

/// Uses `code` up; false if it was not good (used meanwhile, or expired).
pub async fn spend(conn: &mut AnyConnection, code: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM invites WHERE digest = $1 AND expires > $2")
        .bind(digest(code))
        .bind(now_ms())
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}
