//! The members' passkeys (`passkeys`): each credential's public key and counter, as the
//! webauthn-rs `Passkey` in JSON, with its member and the member's WebAuthn user handle.

use crate::server::game::clock::now_ms;
use serde::Serialize;
use sqlx::{AnyConnection, AnyPool, Row};
use webauthn_rs::prelude::{Passkey, Uuid};

/// A passkey as its member sees it in the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// The credential id (hex): what removing it names.
    pub id: String,
    /// When it was added (ms since the Unix epoch).
    pub created: i64,
    /// When it last signed in (ms; `created` if never).
    pub used: i64,
}

/// A stored passkey and its member.
pub struct Stored {
    /// The member's id.
    pub member_id: String,
    /// The member's WebAuthn user handle.
    pub user_handle: Uuid,
    /// The credential.
    pub passkey: Passkey,
}

/// The text id of the credential `bytes`: lowercase hex.
pub fn id_text(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The text id of `passkey`'s credential.
pub fn id_of(passkey: &Passkey) -> String {
    id_text(passkey.cred_id().as_ref())
}

/// Adds `passkey` to member `member_id` with the user handle `user_handle`; false if this
/// credential is stored already (for anyone).
pub async fn insert(
    conn: &mut AnyConnection,
    member_id: &str,
    user_handle: Uuid,
    passkey: &Passkey,
) -> Result<bool, String> {
    let json = serde_json::to_string(passkey).map_err(|e| e.to_string())?;
    let now = now_ms();
    let done = sqlx::query(
        "INSERT INTO passkeys (id, member_id, user_handle, passkey, created, used)
         SELECT $1, $2, $3, $4, $5, $5 WHERE 1 = 1 ON CONFLICT (id) DO NOTHING",
    )
    .bind(id_of(passkey))
    .bind(member_id)
    .bind(user_handle.to_string())
    .bind(json)
    .bind(now)
    .execute(conn)
    .await
    .map_err(|e| e.to_string())?;
    Ok(done.rows_affected() == 1)
}

/// The passkey of credential `id`, if stored.
pub async fn by_id(pool: &AnyPool, id: &str) -> Result<Option<Stored>, String> {
    let row = sqlx::query("SELECT member_id, user_handle, passkey FROM passkeys WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
        .map_err(|e| e.to_string())?;
    let Some(row) = row else { return Ok(None) };
    let text = |column| row.try_get::<String, _>(column).map_err(|e| e.to_string());
    Ok(Some(Stored {
        member_id: text("member_id")?,
        user_handle: Uuid::parse_str(&text("user_handle")?).map_err(|e| e.to_string())?,
        passkey: serde_json::from_str(&text("passkey")?).map_err(|e| e.to_string())?,
    }))
}

/// Stores `passkey` (its counter moved on) as used now.
pub async fn used(pool: &AnyPool, passkey: &Passkey) -> Result<(), String> {
    let json = serde_json::to_string(passkey).map_err(|e| e.to_string())?;
    sqlx::query("UPDATE passkeys SET passkey = $1, used = $2 WHERE id = $3")
        .bind(json)
        .bind(now_ms())
        .bind(id_of(passkey))
        .execute(pool)
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// Member `member_id`'s passkeys, oldest first.
pub async fn of_member(pool: &AnyPool, member_id: &str) -> Result<Vec<(Listed, Passkey)>, String> {
    let rows = sqlx::query(
        "SELECT id, created, used, passkey FROM passkeys WHERE member_id = $1 ORDER BY created, id",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await
    .map_err(|e| e.to_string())?;
    rows.iter()
        .map(|row| {
            let read = |e: sqlx::Error| e.to_string();
            let listed = Listed {
                id: row.try_get("id").map_err(read)?,
                created: row.try_get("created").map_err(read)?,
                used: row.try_get("used").map_err(read)?,
            };
            let passkey: String = row.try_get("passkey").map_err(read)?;
            Ok((listed, serde_json::from_str(&passkey).map_err(|e| e.to_string())?))
        })
        .collect()
}

/// The user handle of member `member_id`: that of the member's passkeys, or a new one.
pub async fn user_handle(pool: &AnyPool, member_id: &str) -> Result<Uuid, String> {
    let row = sqlx::query("SELECT user_handle FROM passkeys WHERE member_id = $1 LIMIT 1")
        .bind(member_id)
        .fetch_optional(pool)
        .await
        .map_err(|e| e.to_string())?;
    match row {
        Some(row) => Uuid::parse_str(&row.try_get::<String, _>("user_handle").map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string()),
        None => Ok(Uuid::new_v4()),
    }
}

/// Removes passkey `id` of member `member_id`, unless it is the member's last way to sign in
/// (no other passkey and no password): whether it was removed; None if there is no such passkey.
pub async fn remove(pool: &AnyPool, member_id: &str, id: &str) -> Result<Option<bool>, String> {
    let failed = |e: sqlx::Error| e.to_string();
    let mut tx = pool.begin().await.map_err(failed)?;
    // The member's row locked first (PostgreSQL; SQLite has one writer): two removals at once
    // cannot each leave the other's passkey as the last.
    sqlx::query("UPDATE members SET admin = admin WHERE id = $1")
        .bind(member_id)
        .execute(&mut *tx)
        .await
        .map_err(failed)?;
    let done = sqlx::query("DELETE FROM passkeys WHERE id = $1 AND member_id = $2")
        .bind(id)
        .bind(member_id)
        .execute(&mut *tx)
        .await
        .map_err(failed)?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let left = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM passkeys WHERE member_id = $1)
              + (SELECT COUNT(*) FROM members WHERE id = $1 AND password <> '') AS ways",
    )
    .bind(member_id)
    .fetch_one(&mut *tx)
    .await
    .map_err(failed)?
    .try_get::<i64, _>("ways")
    .map_err(failed)?;
    if left == 0 {
        tx.rollback().await.map_err(failed)?;
        return Ok(Some(false));
    }
    tx.commit().await.map_err(failed)?;
    Ok(Some(true))
}
