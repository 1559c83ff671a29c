//! The ceremonies under way (`passkey_ceremonies`): the webauthn-rs state of a sign-up, sign-in,
//! added passkey or confirmation between its two requests. The page holds a random ceremony id;
//! the table holds only its digest. Taking a ceremony deletes it (single use), and an expired one
//! is not taken; expired rows are swept whenever a ceremony begins.

use crate::server::game::clock::now_ms;
use crate::server::game::token::{digest, new_token};
use serde::de::DeserializeOwned;
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// How long a ceremony may take: 5 minutes (the browser's own timeout is shorter).
pub const LIFETIME_MS: i64 = 5 * 60 * 1000;

/// What a ceremony is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A new member with a passkey.
    SignUp,
    /// Signing in with a passkey.
    SignIn,
    /// A passkey added to a signed-in member's account.
    Add,
    /// A signed-in member proving who they are (before deleting the account…).
    Confirm,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::SignUp => "sign-up",
            Kind::SignIn => "sign-in",
            Kind::Add => "add",
            Kind::Confirm => "confirm",
        }
    }
}

/// A ceremony's state and whom it is for.
#[derive(Debug)]
pub struct Ceremony<S> {
    /// The webauthn-rs state.
    pub state: S,
    /// The member adding a passkey.
    pub member_id: Option<String>,
    /// The name a sign-up asked for.
    pub name: Option<String>,
    /// The invite code a sign-up offered.
    pub invite: Option<String>,
}

/// Stores `ceremony` of `kind`; the id the page finishes it with.
pub async fn begin<S: Serialize>(
    pool: &AnyPool,
    kind: Kind,
    ceremony: &Ceremony<S>,
) -> Result<String, String> {
    let (id, now) = (new_token(), now_ms());
    let state = serde_json::to_string(&ceremony.state).map_err(|e| e.to_string())?;
    let failed = |e: sqlx::Error| e.to_string();
    sqlx::query("DELETE FROM passkey_ceremonies WHERE expires <= $1")
        .bind(now)
        .execute(pool)
        .await
        .map_err(failed)?;
    sqlx::query(
        "INSERT INTO passkey_ceremonies (digest, kind, state, member_id, name, invite, expires)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(digest(&id))
    .bind(kind.name())
    .bind(state)
    .bind(&ceremony.member_id)
    .bind(&ceremony.name)
    .bind(&ceremony.invite)
    .bind(now + LIFETIME_MS)
    .execute(pool)
    .await
    .map_err(failed)?;
    Ok(id)
}

/// Takes (deletes) the ceremony `id` of `kind`, if it exists and has not expired.
pub async fn take<S: DeserializeOwned>(
    pool: &AnyPool,
    kind: Kind,
    id: &str,
) -> Result<Option<Ceremony<S>>, String> {
    let row = sqlx::query(
        "DELETE FROM passkey_ceremonies WHERE digest = $1 AND kind = $2
         RETURNING state, member_id, name, invite, expires",
    )
    .bind(digest(id))
    .bind(kind.name())
    .fetch_optional(pool)
    .await
    .map_err(|e| e.to_string())?;
    let Some(row) = row else { return Ok(None) };
    let read = |e: sqlx::Error| e.to_string();
    if row.try_get::<i64, _>("expires").map_err(read)? <= now_ms() {
        return Ok(None);
    }
    let state: String = row.try_get("state").map_err(read)?;
    Ok(Some(Ceremony {
        state: serde_json::from_str(&state).map_err(|e| e.to_string())?,
        member_id: row.try_get("member_id").map_err(read)?,
        name: row.try_get("name").map_err(read)?,
        invite: row.try_get("invite").map_err(read)?,
    }))
}
