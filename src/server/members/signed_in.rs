//! Who asks: [`SignedIn`] and [`Admin`], read from the session cookie by a handler's
//! arguments, and refused (`not_signed_in`, `not_admin`) before the handler runs.

use super::accounts::Member;
use crate::server::app::App;
use crate::server::error::Refusal;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
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

impl FromRequestParts<Arc<App>> for SignedIn {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Refusal> {
        let who = app.members.signed_in(&parts.headers).await.map_err(Refusal::storage)?;
        who.ok_or_else(Refusal::not_signed_in)
    }
}

impl FromRequestParts<Arc<App>> for Admin {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, app: &Arc<App>) -> Result<Self, Refusal> {
        let who = SignedIn::from_request_parts(parts, app).await?;
        if who.member.admin {
            Ok(Admin(who))
        } else {
            Err(Refusal::not_admin())
        }
    }
}
