//! The email tables: a member's address (`member_emails`) and the links' tokens
//! (`email_tokens`, stored as digests, each for one purpose, expiring in the club's time).

use crate::server::game::token::digest;
use crate::server::members::sessions::new_id;
use crate::server::time::now_ms;
use sqlx::{AnyPool, Row};

/// What a link's token is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Purpose {
    /// Verifies an address.
    Verify,
    /// Sets a new password.
    Reset,
    /// Turns the digest off.
    Unsubscribe,
}

impl Purpose {
    fn name(self) -> &'static str {
        match self {
            Purpose::Verify => "verify",
            Purpose::Reset => "reset",
            Purpose::Unsubscribe => "unsubscribe",
        }
    }
}

/// A member's address.
#[derive(Clone, Debug)]
pub struct Address {
    /// The member.
    pub member_id: String,
    /// The address (its domain in lower case).
    pub address: String,
    /// The member opened the link mailed to it.
    pub verified: bool,
    /// The mails' language.
    pub lang: String,
    /// The club's address the links start with.
    pub origin: String,
    /// The daily digest is on.
    pub digest: bool,
    /// When the last digest was sent (0: never).
    pub last_digest: i64,
}

const COLUMNS: &str = "member_id, address, verified, lang, origin, digest, last_digest";

fn address_of_row(row: &sqlx::any::AnyRow) -> sqlx::Result<Address> {
    Ok(Address {
        member_id: row.try_get("member_id")?,
        address: row.try_get("address")?,
        verified: row.try_get::<i64, _>("verified")? == 1,
        lang: row.try_get("lang")?,
        origin: row.try_get("origin")?,
        digest: row.try_get::<i64, _>("digest")? == 1,
        last_digest: row.try_get("last_digest")?,
    })
}

/// The address of `member_id`, if any.
pub async fn of_member(pool: &AnyPool, member_id: &str) -> sqlx::Result<Option<Address>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM member_emails WHERE member_id = $1"))
        .bind(member_id)
        .fetch_optional(pool)
        .await?;
    row.as_ref().map(address_of_row).transpose()
}

/// The member whose verified address `address` is (the case of its local part aside), if any.
pub async fn verified(pool: &AnyPool, address: &str) -> sqlx::Result<Option<Address>> {
    let row = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM member_emails WHERE LOWER(address) = LOWER($1) AND verified = 1"
    ))
    .bind(address)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(address_of_row).transpose()
}

/// Sets the address of `member_id`, in `lang`, for links from `origin`: unverified unless it
/// is the one verified already. Whether it still needs verifying.
pub async fn set(
    pool: &AnyPool,
    member_id: &str,
    address: &str,
    lang: &str,
    origin: &str,
) -> sqlx::Result<bool> {
    let verified: i64 = sqlx::query_scalar(
        "INSERT INTO member_emails (member_id, address, verified, lang, origin, digest, last_digest)
         VALUES ($1, $2, 0, $3, $4, 0, 0)
         ON CONFLICT (member_id) DO UPDATE SET
           verified = CASE WHEN member_emails.address = excluded.address THEN member_emails.verified ELSE 0 END,
           address = excluded.address, lang = excluded.lang, origin = excluded.origin
         RETURNING verified",
    )
    .bind(member_id)
    .bind(address)
    .bind(lang)
    .bind(origin)
    .fetch_one(pool)
    .await?;
    Ok(verified == 0)
}

/// Marks `address` of `member_id` verified; false if it is no longer theirs, or another
/// member verified it first.
pub async fn mark_verified(pool: &AnyPool, member_id: &str, address: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE member_emails SET verified = 1 WHERE member_id = $1 AND address = $2")
        .bind(member_id)
        .bind(address)
        .execute(pool)
        .await;
    match done {
        Ok(done) => Ok(done.rows_affected() == 1),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e),
    }
}

/// Switches the digest of `member_id` on or off; false if they have no address.
pub async fn set_digest(pool: &AnyPool, member_id: &str, on: bool) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE member_emails SET digest = $2 WHERE member_id = $1")
        .bind(member_id)
        .bind(i64::from(on))
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes the address of `member_id` and its links' tokens.
pub async fn remove(pool: &AnyPool, member_id: &str) -> sqlx::Result<()> {
    for table in ["email_tokens", "member_emails"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE member_id = $1"))
            .bind(member_id)
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// A new token of `member_id` for `purpose` (of `address`), valid `lifetime_ms`: stored as its
/// digest, the token itself for the link. The member's expired tokens go on the way.
pub async fn issue(
    pool: &AnyPool,
    member_id: &str,
    purpose: Purpose,
    address: &str,
    lifetime_ms: i64,
) -> sqlx::Result<String> {
    let (token, now) = (new_id(), now_ms());
    sqlx::query("DELETE FROM email_tokens WHERE member_id = $1 AND expires <= $2")
        .bind(member_id)
        .bind(now)
        .execute(pool)
        .await?;
    sqlx::query(
        "INSERT INTO email_tokens (digest, member_id, purpose, address, expires) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(digest(&token))
    .bind(member_id)
    .bind(purpose.name())
    .bind(address)
    .bind(now + lifetime_ms)
    .execute(pool)
    .await?;
    Ok(token)
}

/// Uses up `token` for `purpose`: its member and address, unless it is unknown or expired
/// (gone either way).
pub async fn take(pool: &AnyPool, token: &str, purpose: Purpose) -> sqlx::Result<Option<(String, String)>> {
    let row = sqlx::query(
        "DELETE FROM email_tokens WHERE digest = $1 AND purpose = $2 RETURNING member_id, address, expires",
    )
    .bind(digest(token))
    .bind(purpose.name())
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    if row.try_get::<i64, _>("expires")? <= now_ms() {
        return Ok(None);
    }
    Ok(Some((row.try_get("member_id")?, row.try_get("address")?)))
}

/// The member of `token` for `purpose`, kept for another use, unless unknown or expired.
pub async fn read(pool: &AnyPool, token: &str, purpose: Purpose) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT member_id FROM email_tokens WHERE digest = $1 AND purpose = $2 AND expires > $3",
    )
    .bind(digest(token))
    .bind(purpose.name())
    .bind(now_ms())
    .fetch_optional(pool)
    .await
}

/// Up to `limit` verified addresses with the digest on whose last digest is `day_ms` old or older.
pub async fn digests_due(pool: &AnyPool, day_ms: i64, limit: i64) -> sqlx::Result<Vec<Address>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM member_emails WHERE verified = 1 AND digest = 1 AND last_digest <= $1
         ORDER BY last_digest LIMIT $2"
    ))
    .bind(now_ms() - day_ms)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(address_of_row).collect()
}

/// Claims the digest of `address` for now, if no one else did since it was read (one instance
/// of several sends it).
pub async fn claim_digest(pool: &AnyPool, address: &Address) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE member_emails SET last_digest = $3 WHERE member_id = $1 AND last_digest = $2")
            .bind(&address.member_id)
            .bind(address.last_digest)
            .bind(now_ms())
            .execute(pool)
            .await?;
    Ok(done.rows_affected() == 1)
}
