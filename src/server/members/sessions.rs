//! Sign-in sessions: a 256-bit random id, sent only in an `HttpOnly; SameSite=Lax` cookie and
//! stored only as its SHA-256 digest (a copy of the database signs nobody in).

use super::accounts::{self, Member};
use super::suspensions;
use crate::server::game::clock::now_ms;
use crate::server::game::token::digest;
use axum::http::{header, HeaderMap};
use sqlx::AnyPool;

/// The cookie's name.
pub const COOKIE: &str = "jungle_session";
/// How long a session lasts: 30 days.
pub const LIFETIME_MS: i64 = 30 * 24 * 3600 * 1000;
const ID_BYTES: usize = 32;

/// A new random id of [`ID_BYTES`] bytes, in hex.
pub fn new_id() -> String {
    let mut bytes = [0u8; ID_BYTES];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The `Set-Cookie` value that holds session `id` (`Secure` behind HTTPS).
pub fn cookie(id: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={id}; HttpOnly; SameSite=Lax; Path=/; Max-Age={}{secure}", LIFETIME_MS / 1000)
}

/// The `Set-Cookie` value that removes the session cookie.
pub fn removed(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{secure}")
}

/// The session id the request's cookies hold, if any.
pub fn from_request(headers: &HeaderMap) -> Option<String> {
    read_cookie(headers, COOKIE)
}

/// The id that the request's cookie `name` holds, if any (an id as [`new_id`] makes them).
pub(super) fn read_cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    let cookies = headers.get_all(header::COOKIE).into_iter().filter_map(|v| v.to_str().ok());
    let pairs = cookies.flat_map(|line| line.split(';')).filter_map(|pair| pair.trim().split_once('='));
    pairs
        .filter(|(cookie, _)| *cookie == name)
        .map(|(_, id)| id)
        .find(|id| id.len() == 2 * ID_BYTES && id.bytes().all(|b| b.is_ascii_hexdigit()))
        .map(String::from)
}

/// Opens a session for `member_id`; its id (for the cookie only). Expired sessions of the
/// member are removed on the way.
pub async fn open(pool: &AnyPool, member_id: &str) -> sqlx::Result<String> {
    issue(pool, "member_sessions", member_id, LIFETIME_MS).await
}

/// Stores a new id of `member_id` for `lifetime_ms` in `table` (a table of digests, members
/// and expiry times: sessions, devices), as its digest; the id itself, for a cookie. The
/// member's expired ids there are removed on the way.
pub(super) async fn issue(
    pool: &AnyPool,
    table: &'static str,
    member_id: &str,
    lifetime_ms: i64,
) -> sqlx::Result<String> {
    let (id, now) = (new_id(), now_ms());
    sqlx::query(&format!("DELETE FROM {table} WHERE member_id = $1 AND expires <= $2"))
        .bind(member_id)
        .bind(now)
        .execute(pool)
        .await?;
    sqlx::query(&format!("INSERT INTO {table} (digest, member_id, expires) VALUES ($1, $2, $3)"))
        .bind(digest(&id))
        .bind(member_id)
        .bind(now + lifetime_ms)
        .execute(pool)
        .await?;
    Ok(id)
}

/// The member signed in by session `id`, unless it ended or expired, or the member is
/// suspended (a suspension ends the sessions; this covers another instance's late request).
pub async fn member(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Member>> {
    let row = sqlx::query(&format!(
        "SELECT m.id, m.name, m.admin, m.created, m.bot FROM member_sessions x JOIN members m ON m.id = x.member_id
         WHERE x.digest = $1 AND x.expires > $2 AND {}",
        suspensions::not_suspended("m.id", "$2")
    ))
    .bind(digest(id))
    .bind(now_ms())
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(accounts::member_of_row).transpose()
}

/// Ends session `id`; the member it signed in, if it had not ended already.
pub async fn close(pool: &AnyPool, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("DELETE FROM member_sessions WHERE digest = $1 RETURNING member_id")
        .bind(digest(id))
        .fetch_optional(pool)
        .await
}

/// Ends every session of `member_id` but `keep`; how many.
pub async fn close_others(pool: &AnyPool, member_id: &str, keep: &str) -> sqlx::Result<u64> {
    let done = sqlx::query("DELETE FROM member_sessions WHERE member_id = $1 AND digest <> $2")
        .bind(member_id)
        .bind(digest(keep))
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// Ends every session of `member_id`.
pub async fn close_all(pool: &AnyPool, member_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM member_sessions WHERE member_id = $1").bind(member_id).execute(pool).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_lax_and_read_back() {
        let id = new_id();
        assert_eq!(id.len(), 64);
        let set = cookie(&id, false);
        assert!(set.contains("HttpOnly; SameSite=Lax; Path=/") && !set.contains("Secure"), "{set}");
        assert!(cookie(&id, true).ends_with("; Secure"));
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, format!("theme=dark; {COOKIE}={id}").parse().unwrap());
        assert_eq!(from_request(&headers), Some(id));
        headers.insert(header::COOKIE, format!("{COOKIE}=forged").parse().unwrap());
        assert_eq!(from_request(&headers), None);
    }
}
