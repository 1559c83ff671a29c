//! Who a bot API request plays for: [`Bot`], read from its `Authorization: Bearer` token before
//! the handler runs, and refused (`bad_bot_token`, 401) without a working one. A session cookie
//! counts for nothing here, and a bot token for nothing anywhere else (no other route reads
//! this header). The token itself is never logged nor echoed.

use super::tokens;
use super::Bots;
use crate::server::error::{Code, Refusal};
use crate::server::members::accounts::Member;
use crate::server::members::Members;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

/// A bot, signed in by a token of its own.
pub struct Bot {
    /// The bot's account.
    pub member: Member,
    /// The token's id (open streams ask whether it still works).
    pub token_id: i64,
}

/// A refusal of the bot API: a [`Refusal`], and `Retry-After` with a rate limit.
pub struct Refused(Response);

impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused(refusal.into_response())
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        self.0
    }
}

/// A request over a rate of `per_second`: refused, with the seconds to wait for the next.
pub fn slow_down(per_second: f64, message: &str) -> Refused {
    let mut answer = Refusal::rate_limited(message).into_response();
    let wait = (1.0 / per_second).ceil().max(1.0);
    answer.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(wait as u64));
    Refused(answer)
}

/// The refusal of a request without a working bot token.
pub fn bad_token() -> Refusal {
    Refusal::new(Code::BadBotToken, "send a bot account's token: Authorization: Bearer jbt_…")
}

/// The token of an `Authorization: Bearer` header, if any.
fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

impl<S: Send + Sync> FromRequestParts<S> for Bot
where
    Arc<Members>: FromRef<S>,
    Arc<Bots>: FromRef<S>,
{
    type Rejection = Refused;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Refused> {
        let token = bearer(parts).ok_or_else(bad_token)?;
        let members = Arc::<Members>::from_ref(state);
        let found = tokens::bot_of(members.pool(), token).await.map_err(Refusal::storage)?;
        let (member, token_id) = found.ok_or_else(bad_token)?;
        let bots = Arc::<Bots>::from_ref(state);
        if !bots.requests.allow(token_id) {
            return Err(slow_down(super::REQUESTS_PER_TOKEN.per_second, "too many requests with this token"));
        }
        Ok(Bot { member, token_id })
    }
}
