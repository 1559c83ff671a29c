//! Who asks: [`SignedIn`] and [`Admin`], read from the session cookie by a handler's
//! arguments, and refused (`not_signed_in`, `not_admin`) before the handler runs; or asked of
//! [`Members`] where being signed in is optional.

use super::accounts::Member;
use super::guest_names::check_guest_name;
use super::sessions;
use super::Members;
use crate::server::error::Refusal;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::sync::Arc;

/// A signed-in member and the id of the session.
pub struct SignedIn {
    /// The member.
    pub member: Member,
    /// The session's id (from the cookie).
    pub session: String,
}

/// A signed-in admin of the club.
pub struct Admin(pub SignedIn);

impl Members {
    /// The member the request's session cookie signs in, if any.
    pub async fn signed_in(&self, headers: &HeaderMap) -> sqlx::Result<Option<SignedIn>> {
        let Some(session) = sessions::from_request(headers) else { return Ok(None) };
        let member = sessions::member(&self.pool, &session).await?;
        Ok(member.map(|member| SignedIn { member, session }))
    }

    /// The member signed in by the request, if any, whose name then replaces `name`: a member
    /// plays under the account's name. A guest's `name` may not pass for a member's or the
    /// staff's ([`check_guest_name`]); a suspended member's ended session makes a guest.
    pub async fn seat_name(&self, headers: &HeaderMap, name: &mut String) -> Result<Option<Member>, Refusal> {
        let member =
            self.signed_in(headers).await.map_err(Refusal::storage)?.map(|signed_in| signed_in.member);
        match &member {
            Some(member) => name.clone_from(&member.name),
            None => check_guest_name(&self.pool, name).await?,
        }
        Ok(member)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for SignedIn
where
    Arc<Members>: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Refusal> {
        let members = Arc::<Members>::from_ref(state);
        let who = members.signed_in(&parts.headers).await.map_err(Refusal::storage)?;
        who.ok_or_else(Refusal::not_signed_in)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Admin
where
    Arc<Members>: FromRef<S>,
{
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Refusal> {
        let who = SignedIn::from_request_parts(parts, state).await?;
        if who.member.admin {
            Ok(Admin(who))
        } else {
            Err(Refusal::not_admin())
        }
    }
}
