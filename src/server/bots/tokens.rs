//! Bot tokens (the `bot_tokens` table): `jbt_` and 32 random bytes in base64url, shown once
//! when made; only their SHA-256 digest is stored, so a copy of the database plays for nobody.
//! A token works while it is not revoked and its account is a bot and not suspended.

use crate::server::game::clock::now_ms;
use crate::server::game::token::digest;
use crate::server::members::accounts::{member_of_row, Member};
use crate::server::members::suspensions;
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// What every bot token starts with (so that a leaked one is recognised, as GitHub's `ghp_`).
const PREFIX: &str = "jbt_";
/// Random bytes in a token.
const TOKEN_BYTES: usize = 32;
/// Characters of the base64url text of [`TOKEN_BYTES`] bytes, without padding.
const TOKEN_CHARS: usize = 43;
/// The most tokens one bot keeps at once.
pub const MAX_TOKENS: usize = 10;
/// How often a token's last use is noted, at most (ms): not one write per move.
const USE_NOTED_EVERY_MS: i64 = 60_000;
/// The longest label, in characters.
pub const MAX_LABEL_CHARS: usize = 60;
/// Token ids stay below 2^53: JavaScript reads them exactly.
const ID_LIMIT: u64 = 1 << 53;

/// A token as the account screen lists it (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The token's number.
    pub id: i64,
    /// The member's name for it.
    pub label: String,
    /// When it was made (ms since the Unix epoch).
    pub created_ms: i64,
    /// When it was last used, to the minute (none: never).
    pub last_used_ms: Option<i64>,
}

/// The base64url text (no padding) of `bytes`.
fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut text = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let word = chunk.iter().enumerate().fold(0u32, |word, (i, &b)| word | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            text.push(ALPHABET[(word >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    text
}

/// A new token.
pub fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    format!("{PREFIX}{}", base64url(&bytes))
}

/// Whether `text` has the shape of a token (checked before any look-up).
pub fn is_token(text: &str) -> bool {
    text.strip_prefix(PREFIX).is_some_and(|rest| {
        rest.len() == TOKEN_CHARS && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

fn new_id() -> i64 {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).expect("the operating system's random generator failed");
    // At least 1; below ID_LIMIT, so the cast cannot wrap.
    (u64::from_le_bytes(bytes) % (ID_LIMIT - 1) + 1) as i64
}

/// Stores a new token of member `member_id` labelled `label`: its id and the token, or none
/// when the member has [`MAX_TOKENS`] already.
pub async fn create(pool: &AnyPool, member_id: &str, label: &str) -> sqlx::Result<Option<(i64, String)>> {
    let (id, token) = (new_id(), new_token());
    let done = sqlx::query(
        "INSERT INTO bot_tokens (id, member_id, digest, label, created, last_used)
         SELECT $1, $2, $3, $4, $5, NULL WHERE (SELECT COUNT(*) FROM bot_tokens WHERE member_id = $2) < $6",
    )
    .bind(id)
    .bind(member_id)
    .bind(digest(&token))
    .bind(label)
    .bind(now_ms())
    .bind(MAX_TOKENS as i64)
    .execute(pool)
    .await?;
    Ok((done.rows_affected() == 1).then_some((id, token)))
}

/// Member `member_id`'s tokens, newest first.
pub async fn list(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<Listed>> {
    let rows = sqlx::query(
        "SELECT id, label, created, last_used FROM bot_tokens WHERE member_id = $1 ORDER BY created DESC, id",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Listed {
                id: row.try_get("id")?,
                label: row.try_get("label")?,
                created_ms: row.try_get("created")?,
                last_used_ms: row.try_get("last_used")?,
            })
        })
        .collect()
}

/// Revokes member `member_id`'s token `id`: whether there was one.
pub async fn revoke(pool: &AnyPool, member_id: &str, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM bot_tokens WHERE id = $1 AND member_id = $2")
        .bind(id)
        .bind(member_id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Revokes every token of member `member_id` (no longer a bot).
pub async fn revoke_all(pool: &AnyPool, member_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM bot_tokens WHERE member_id = $1").bind(member_id).execute(pool).await?;
    Ok(())
}

/// The bot that `token` plays for, with the token's id: none unless the token has its shape,
/// is stored, and its member is a bot and not suspended. Notes its use (once a minute).
pub async fn bot_of(pool: &AnyPool, token: &str) -> sqlx::Result<Option<(Member, i64)>> {
    if !is_token(token) {
        return Ok(None);
    }
    let now = now_ms();
    let row = sqlx::query(&format!(
        "SELECT m.id, m.name, m.admin, m.created, m.bot, t.id AS token_id, t.last_used
         FROM bot_tokens t JOIN members m ON m.id = t.member_id
         WHERE t.digest = $1 AND m.bot = 1 AND {}",
        suspensions::not_suspended("m.id", "$2")
    ))
    .bind(digest(token))
    .bind(now)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let (member, id) = (member_of_row(&row)?, row.try_get::<i64, _>("token_id")?);
    let last_used: Option<i64> = row.try_get("last_used")?;
    if last_used.is_none_or(|at| at < now - USE_NOTED_EVERY_MS) {
        sqlx::query("UPDATE bot_tokens SET last_used = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(pool)
            .await?;
    }
    Ok(Some((member, id)))
}

/// Whether token `id` still works: stored, and its member a bot not suspended (asked by open
/// streams, which end when it no longer does).
pub async fn still_works(pool: &AnyPool, id: i64) -> sqlx::Result<bool> {
    let row = sqlx::query(&format!(
        "SELECT 1 AS one FROM bot_tokens t JOIN members m ON m.id = t.member_id
         WHERE t.id = $1 AND m.bot = 1 AND {}",
        suspensions::not_suspended("m.id", "$2")
    ))
    .bind(id)
    .bind(now_ms())
    .fetch_optional(pool)
    .await?;
    Ok(row.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_have_their_shape_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert!(is_token(&a) && is_token(&b) && a != b);
        assert_eq!(a.len(), PREFIX.len() + TOKEN_CHARS);
        assert!(!is_token("jbt_short") && !is_token(&a.replace("jbt_", "xyz_")));
        assert!(!is_token(&format!("{a}=")), "no padding, no other character");
    }

    #[test]
    fn base64url_is_rfc_4648_s() {
        assert_eq!(base64url(b"f"), "Zg");
        assert_eq!(base64url(b"fo"), "Zm8");
        assert_eq!(base64url(b"foo"), "Zm9v");
        assert_eq!(base64url(&[0xfb, 0xff]), "-_8");
    }
}
