//! A member's side of moderation: muting members and reporting messages.
//!
//! ```text
//! GET    api/me/mutes                          → {"muted":["Bob",…]}
//! PUT    api/me/mutes/{name}                   → 204: Bob's messages are no longer sent to me
//! DELETE api/me/mutes/{name}                   → 204
//! POST   api/chat/messages/{id}/report {"reason"} → 201; 409 already_reported (one per member and message)
//! ```

use super::audience::Audience;
use super::{tables, Chat};
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::{accounts, Members, SignedIn};
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The longest reason of a report, in characters.
const MAX_REASON_CHARS: usize = 300;

/// The chat routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(mutes, mute, unmute, report))]
pub struct Api;

/// The routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Chat>: FromRef<S>,
{
    Router::new()
        .route("/api/me/mutes", get(mutes))
        .route("/api/me/mutes/{name}", put(mute).delete(unmute))
        .route("/api/chat/messages/{id}/report", post(report))
}

#[utoipa::path(get, path = "/api/me/mutes", tag = "chat",
    summary = "The members the signed-in member muted",
    responses(
        (status = 200, description = "{\"muted\":[…]}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn mutes(State(chat): State<Arc<Chat>>, SignedIn { member: me, .. }: SignedIn) -> Answer {
    let muted = tables::mutes(chat.pool(), &me.id).await.map_err(Refusal::storage)?;
    Ok(Json(serde_json::json!({ "muted": muted })).into_response())
}

#[utoipa::path(put, path = "/api/me/mutes/{name}", tag = "chat",
    summary = "Mutes a member: their messages are no longer sent to me",
    params(("name" = String, Path, description = "The member")),
    responses(
        (status = 204, description = "Muted"),
        (status = 400, description = "Oneself"),
        NotSignedIn,
        (status = 404, description = "No member of this name"),
    ))]
async fn mute(chat: State<Arc<Chat>>, who: SignedIn, name: Path<String>) -> Answer {
    set_mute(chat, who, name, true).await
}

#[utoipa::path(delete, path = "/api/me/mutes/{name}", tag = "chat",
    summary = "Unmutes a member",
    params(("name" = String, Path, description = "The member")),
    responses(
        (status = 204, description = "Unmuted"),
        NotSignedIn,
        (status = 404, description = "No member of this name"),
    ))]
async fn unmute(chat: State<Arc<Chat>>, who: SignedIn, name: Path<String>) -> Answer {
    set_mute(chat, who, name, false).await
}

async fn set_mute(
    State(chat): State<Arc<Chat>>,
    SignedIn { member: me, .. }: SignedIn,
    Path(name): Path<String>,
    on: bool,
) -> Answer {
    let pool = chat.pool();
    let (other, _) =
        accounts::by_name(pool, &name).await.map_err(Refusal::storage)?.ok_or_else(Refusal::no_member)?;
    if other.id == me.id {
        return Err(Refusal::new(Code::BadField, "one cannot mute oneself"));
    }
    tables::set_mute(pool, &me.id, &other.id, on).await.map_err(Refusal::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Report {
    reason: String,
}

#[utoipa::path(post, path = "/api/chat/messages/{id}/report", tag = "chat",
    summary = "Reports a chat message to the club's admins",
    params(("id" = String, Path, description = "The message")),
    request_body(content = serde_json::Value, description = "{\"reason\"}"),
    responses(
        (status = 201, description = "Reported"),
        (status = 400, description = "A bad reason"),
        NotSignedIn,
        (status = 404, description = "No such message"),
        (status = 409, description = "Already reported"),
    ))]
async fn report(
    State(chat): State<Arc<Chat>>,
    SignedIn { member: me, .. }: SignedIn,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<Report>,
) -> Answer {
    let reason = request.reason.trim();
    if reason.chars().count() > MAX_REASON_CHARS || reason.chars().any(char::is_control) {
        return Err(Refusal::field(
            "reason",
            format!("reason must be one line of at most {MAX_REASON_CHARS} characters"),
        ));
    }
    let pool = chat.pool();
    // Only a message the member is shown may be reported: not a hidden one, nor one of the
    // other audience's chat (answered alike, as if there were none).
    let shown = match tables::message(pool, &id).await.map_err(Refusal::storage)? {
        Some(message) if !message.hidden => {
            Audience::of(pool, &message.game_id, &me.id).await.map_err(Refusal::storage)? == message.room
        }
        _ => false,
    };
    if !shown {
        return Err(Refusal::not_found("message"));
    }
    if !tables::report(pool, &id, &me.id, reason).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::AlreadyReported, "you reported this message already"));
    }
    tracing::info!(message = %id, "chat message reported");
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "reported": id }))).into_response())
}
