//! What a member does with the challenges received, beyond answering one: declining them all
//! at once, and blocking a challenger, whose challenges are then never listed to the member
//! (the challenger is not told: theirs expire unseen, as one to a name that is nobody's).
//!
//! ```text
//! POST   api/me/challenges/decline        → {"declined":n}: every open challenge received
//! POST   api/challenges/{id}/block        → 204: the challenge declined, its challenger blocked
//! GET    api/me/challenge-blocks          → {"blocked":[name]}
//! DELETE api/me/challenge-blocks/{name}   → 204: that member may challenge again
//! ```

use super::blocks;
use super::challenges;
use crate::server::error::Refusal;
use crate::server::http::openapi::NotSignedIn;
use crate::server::members::{Members, SignedIn};
use crate::server::watchers::Live;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde_json::json;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The routes of a member's challenges received in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(decline_all, block, blocked, unblock))]
pub struct Api;

/// The routes of a member's challenges received.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
{
    Router::new()
        .route("/api/me/challenges/decline", post(decline_all))
        .route("/api/challenges/{id}/block", post(block))
        .route("/api/me/challenge-blocks", get(blocked))
        .route("/api/me/challenge-blocks/{name}", delete(unblock))
}

#[utoipa::path(post, path = "/api/me/challenges/decline", tag = "pairing",
    summary = "Declines every open challenge the member received",
    responses(
        (status = 200, description = "{\"declined\":n}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn decline_all(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    let declined = challenges::decline_all(members.pool(), &me.id).await.map_err(Refusal::storage)?;
    live.challenges_changed([me.id.as_str()]);
    Ok(Json(json!({ "declined": declined })).into_response())
}

#[utoipa::path(post, path = "/api/challenges/{id}/block", tag = "pairing",
    summary = "Declines a challenge received and blocks its challenger's challenges",
    params(("id" = String, Path, description = "The challenge, in whatever state")),
    responses(
        (status = 204, description = "Blocked"),
        NotSignedIn,
        (status = 409, description = "No such challenge"),
    ))]
async fn block(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    let pool = members.pool();
    let challenger = challenges::challenger(pool, &id, &me.id).await.map_err(Refusal::storage)?;
    let challenger = challenger.ok_or_else(challenges::no_challenge)?;
    blocks::block(pool, &me.id, &challenger).await.map_err(Refusal::storage)?;
    // Declined if still open; answered or expired, it stays as it is.
    challenges::close(pool, &id, "declined", None).await.map_err(Refusal::storage)?;
    live.challenges_changed([me.id.as_str()]);
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/me/challenge-blocks", tag = "pairing",
    summary = "The members whose challenges the member blocked",
    responses(
        (status = 200, description = "{\"blocked\":[name]}, newest block first", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn blocked(State(members): State<Arc<Members>>, SignedIn { member: me, .. }: SignedIn) -> Answer {
    let blocked = blocks::blocked(members.pool(), &me.id).await.map_err(Refusal::storage)?;
    Ok(Json(json!({ "blocked": blocked })).into_response())
}

#[utoipa::path(delete, path = "/api/me/challenge-blocks/{name}", tag = "pairing",
    summary = "Lets a blocked member challenge the member again",
    params(("name" = String, Path, description = "The member blocked")),
    responses(
        (status = 204, description = "Not blocked (whether blocked before or not)"),
        NotSignedIn,
    ))]
async fn unblock(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    Path(name): Path<String>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    blocks::unblock(members.pool(), &me.id, &name).await.map_err(Refusal::storage)?;
    live.challenges_changed([me.id.as_str()]);
    Ok(StatusCode::NO_CONTENT.into_response())
}
