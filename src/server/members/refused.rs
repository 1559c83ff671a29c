//! The member API's refusals: `{"code":…,"message":…}` with an HTTP status, as the game API's.

use crate::server::error::Refusal;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::fmt::Display;

/// A refused member request: its answer.
pub struct Refused(Response);

impl Refused {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Refused {
        let body = serde_json::json!({ "code": code, "message": message.into() });
        Refused((status, Json(body)).into_response())
    }

    /// A field is missing, malformed or out of its range.
    pub fn field(message: impl Into<String>) -> Refused {
        Refused::new(StatusCode::BAD_REQUEST, "bad_field", message)
    }

    /// The name or the password is wrong (the same answer for both).
    pub fn credentials() -> Refused {
        Refused::new(StatusCode::UNAUTHORIZED, "bad_credentials", "wrong name or password")
    }

    /// The request needs a signed-in member.
    pub fn not_signed_in() -> Refused {
        Refused::new(StatusCode::UNAUTHORIZED, "not_signed_in", "sign in first")
    }

    /// The request needs an admin.
    pub fn not_admin() -> Refused {
        Refused::new(StatusCode::FORBIDDEN, "not_admin", "only an admin of the club may do this")
    }

    /// A state-changing request came from another site's page (or named none).
    pub fn bad_origin() -> Refused {
        Refused::new(StatusCode::FORBIDDEN, "bad_origin", "this request must come from the club's own page")
    }

    /// An admin suspended the member (said only once the password is right).
    pub fn suspended() -> Refused {
        Refused::new(StatusCode::FORBIDDEN, "suspended", "an admin of the club suspended this account")
    }

    /// No member has this name.
    pub fn no_member() -> Refused {
        Refused::new(StatusCode::NOT_FOUND, "no_member", "the club has no member of this name")
    }

    /// The name belongs to another member.
    pub fn name_taken() -> Refused {
        Refused::new(StatusCode::CONFLICT, "name_taken", "this name is taken: choose another")
    }

    /// Sign-up needs a valid invite code.
    pub fn bad_invite() -> Refused {
        Refused::new(
            StatusCode::FORBIDDEN,
            "bad_invite",
            "this club takes new members by invite: the code is missing, used or expired",
        )
    }

    /// The account still plays.
    pub fn games_in_play() -> Refused {
        Refused::new(StatusCode::CONFLICT, "games_in_play", "finish or abort your games first")
    }

    /// Nothing of that name or id.
    pub fn not_found(what: &str) -> Refused {
        Refused::new(StatusCode::NOT_FOUND, "not_found", format!("no such {what}"))
    }

    /// The request does not fit the state of what it names (`code` says why).
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Refused {
        Refused::new(StatusCode::CONFLICT, code, message)
    }

    /// Too many attempts.
    pub fn rate_limited(message: impl Into<String>) -> Refused {
        Refused::new(StatusCode::TOO_MANY_REQUESTS, "rate_limited", message)
    }

    /// A database or hashing failure: logged here, reported without details.
    pub fn storage(error: impl Display) -> Refused {
        tracing::error!(%error, "members: storage failed");
        Refused::new(StatusCode::SERVICE_UNAVAILABLE, "storage", "nothing was changed, try again")
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        self.0
    }
}

/// The game API's refusals (a body too large, not JSON…) answer as they do there.
impl From<Refusal> for Refused {
    fn from(refusal: Refusal) -> Refused {
        Refused(refusal.into_response())
    }
}
