//! Devices a member signed in on before: every sign-in sets a long-lived `jungle_device` cookie
//! (`HttpOnly; SameSite=Lax; Path=/api`), 256 random bits stored only as their SHA-256 digest.
//! A password attempt from a device known for the account is not counted against the account
//! (only against its address), so that others' wrong passwords never lock the member out of a
//! device they signed in on (see [`limits`](super::limits)).

use super::accounts;
use super::sessions::{self, read_cookie};
use crate::server::game::clock::now_ms;
use crate::server::game::token::digest;
use axum::http::HeaderMap;
use sqlx::AnyPool;

/// The cookie's name.
pub const COOKIE: &str = "jungle_device";
/// How long a device is remembered: a year from its last sign-in.
const LIFETIME_MS: i64 = 365 * 24 * 3600 * 1000;

/// The `Set-Cookie` value that holds device `id` (`Secure` behind HTTPS).
pub fn cookie(id: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={id}; HttpOnly; SameSite=Lax; Path=/api; Max-Age={}{secure}", LIFETIME_MS / 1000)
}

/// Remembers a new device of `member_id`; its id (for the cookie only). The member's expired
/// devices are forgotten on the way.
pub async fn remember(pool: &AnyPool, member_id: &str) -> sqlx::Result<String> {
    sessions::issue(pool, "member_devices", member_id, LIFETIME_MS).await
}

/// Whether the request comes from a device that signed in as `member_id` before.
pub async fn known(pool: &AnyPool, headers: &HeaderMap, member_id: &str) -> sqlx::Result<bool> {
    let Some(id) = read_cookie(headers, COOKIE) else { return Ok(false) };
    let row = sqlx::query(
        "SELECT 1 AS one FROM member_devices WHERE digest = $1 AND member_id = $2 AND expires > $3",
    )
    .bind(digest(&id))
    .bind(member_id)
    .bind(now_ms())
    .fetch_optional(pool)
    .await?;
    Ok(row.is_some())
}

/// Whether the request comes from a device that signed in before as the member named `name`
/// (none such: false).
pub async fn known_for_name(pool: &AnyPool, headers: &HeaderMap, name: &str) -> sqlx::Result<bool> {
    if read_cookie(headers, COOKIE).is_none() {
        return Ok(false);
    }
    match accounts::by_name(pool, name).await? {
        Some((member, _)) => known(pool, headers, &member.id).await,
        None => Ok(false),
    }
}
