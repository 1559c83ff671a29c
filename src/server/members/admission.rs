//! Who comes in: the invite code a sign-up spends, the account it makes, and the session that
//! every way in (a password, a passkey, a sign-up) ends with.

use super::accounts::{self, Member};
use super::options::Signup;
use super::suspensions;
use super::{devices, invites, sessions, Members};
use crate::server::error::{Code, Refusal};
use axum::http::{header, StatusCode};
use axum::response::{AppendHeaders, IntoResponse, Response};
use axum::Json;
use sqlx::AnyConnection;

/// The invite code a sign-up spends: none in an open club, nor for a club's first account
/// (its admin); else the valid code offered, or a refusal.
pub async fn invite_needed(members: &Members, offered: Option<String>) -> Result<Option<String>, Refusal> {
    if members.signup == Signup::Open {
        return Ok(None);
    }
    if let Some(code) = offered {
        if invites::valid(&members.pool, &code).await.map_err(Refusal::storage)? {
            return Ok(Some(code));
        }
    } else if accounts::none(&members.pool).await.map_err(Refusal::storage)? {
        return Ok(None);
    }
    Err(Refusal::bad_invite())
}

/// Makes the account `name` with the password `hash` ('' for none), spending the `invite` the
/// sign-up needs: refused if the invite was spent meanwhile or the name is taken.
pub async fn admit(
    conn: &mut AnyConnection,
    invite: Option<String>,
    name: &str,
    hash: &str,
) -> Result<Member, Refusal> {
    if let Some(code) = invite {
        if !invites::spend(conn, &code).await.map_err(Refusal::storage)? {
            return Err(Refusal::bad_invite());
        }
    }
    let member = accounts::insert(conn, name, hash).await.map_err(Refusal::storage)?;
    member.ok_or_else(Refusal::name_taken)
}

/// The member, with a new session's cookie: the end of every way in (a password, a passkey, a
/// sign-up), once the member has shown who they are; refused if an admin suspended them.
pub async fn signed_in_as(
    members: &Members,
    member: Member,
    status: StatusCode,
) -> Result<Response, Refusal> {
    if suspensions::in_force(&members.pool, &member.id).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::Suspended, "an admin of the club suspended this account"));
    }
    let session = sessions::open(&members.pool, &member.id).await.map_err(Refusal::storage)?;
    let device = devices::remember(&members.pool, &member.id).await.map_err(Refusal::storage)?;
    let cookies = AppendHeaders([
        (header::SET_COOKIE, sessions::cookie(&session, members.secure_cookies)),
        (header::SET_COOKIE, devices::cookie(&device, members.secure_cookies)),
    ]);
    Ok((status, cookies, Json(member)).into_response())
}
