//! The account screen's side of bots (session cookie, the page's own origin):
//!
//! ```text
//! POST   api/me/bot                 → {"name","bot":true}: my account a bot (none of its games yet)
//! PUT    api/members/{name}/bot {"bot"} → {"name","bot"}: an admin marks a member (un-marking revokes its tokens)
//! GET    api/me/bot-tokens          → [{"id","label","created_ms","last_used_ms"}]
//! POST   api/me/bot-tokens {"label"} → 201 {"id","token"}: the token, shown this once
//! DELETE api/me/bot-tokens/{id}     → 204: it stops at once, its open streams too
//! ```

use super::tokens::{self, MAX_LABEL_CHARS, MAX_TOKENS};
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::{NotAdmin, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::accounts::{self, Member};
use crate::server::members::{Admin, Members, SignedIn};
use crate::server::pairing::queue;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The account routes of bots in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(become_bot, mark_bot, bot_tokens, create_bot_token, revoke_bot_token))]
pub struct Api;

/// The account routes of bots.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
{
    Router::new()
        .route("/api/me/bot", post(become_bot))
        .route("/api/members/{name}/bot", put(mark_bot))
        .route("/api/me/bot-tokens", get(bot_tokens).post(create_bot_token))
        .route("/api/me/bot-tokens/{id}", delete(revoke_bot_token))
}

fn shown(member: &Member) -> Response {
    Json(json!({ "name": member.name, "bot": member.bot })).into_response()
}

#[utoipa::path(post, path = "/api/me/bot", tag = "bots",
    summary = "Makes the signed-in member's account a bot's, for good; only before its first game",
    responses(
        (status = 200, description = "{\"name\",\"bot\":true}", body = serde_json::Value),
        NotSignedIn,
        (status = 409, description = "The account has a game already (`bot_has_played`)"),
    ))]
async fn become_bot(State(members): State<Arc<Members>>, SignedIn { mut member, .. }: SignedIn) -> Answer {
    let pool = members.pool();
    if !member.bot && !accounts::become_bot(pool, &member.id).await.map_err(Refusal::storage)? {
        let message = "an account that has played (or opened) a game cannot become a bot";
        return Err(Refusal::new(Code::BotHasPlayed, message));
    }
    // A bot never waits for quick pairing.
    queue::leave(pool, &member.id).await.map_err(Refusal::storage)?;
    member.bot = true;
    Ok(shown(&member))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkBody {
    bot: bool,
}

#[utoipa::path(put, path = "/api/members/{name}/bot", tag = "bots",
    summary = "Marks a member a bot, or not (an admin); a member no longer a bot loses its tokens",
    params(("name" = String, Path, description = "The member")),
    request_body(content = serde_json::Value, description = "{\"bot\":true|false}"),
    responses(
        (status = 200, description = "{\"name\",\"bot\"}", body = serde_json::Value),
        NotAdmin,
        (status = 404, description = "No such member"),
    ))]
async fn mark_bot(
    State(members): State<Arc<Members>>,
    _admin: Admin,
    Path(name): Path<String>,
    JsonBody(body): JsonBody<MarkBody>,
) -> Answer {
    let pool = members.pool();
    let member = accounts::set_bot(pool, &name, body.bot).await.map_err(Refusal::storage)?;
    let member = member.ok_or_else(Refusal::no_member)?;
    if member.bot {
        queue::leave(pool, &member.id).await.map_err(Refusal::storage)?;
    } else {
        tokens::revoke_all(pool, &member.id).await.map_err(Refusal::storage)?;
    }
    Ok(shown(&member))
}

#[utoipa::path(get, path = "/api/me/bot-tokens", tag = "bots",
    summary = "The signed-in member's bot tokens (never the tokens themselves)",
    responses(
        (status = 200, description = "[{\"id\",\"label\",\"created_ms\",\"last_used_ms\"}], newest first", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn bot_tokens(State(members): State<Arc<Members>>, SignedIn { member, .. }: SignedIn) -> Answer {
    let listed = tokens::list(members.pool(), &member.id).await.map_err(Refusal::storage)?;
    Ok(Json(listed).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    label: String,
}

#[utoipa::path(post, path = "/api/me/bot-tokens", tag = "bots",
    summary = "Makes a bot token for the signed-in bot: shown in this answer only",
    request_body(content = serde_json::Value, description = "{\"label\"}: 1 to 60 characters, one line"),
    responses(
        (status = 201, description = "{\"id\",\"token\"}", body = serde_json::Value),
        (status = 400, description = "A bad label"),
        NotSignedIn,
        (status = 409, description = "Not a bot (`not_a_bot`), or 10 tokens already (`too_many_tokens`)"),
    ))]
async fn create_bot_token(
    State(members): State<Arc<Members>>,
    SignedIn { member, .. }: SignedIn,
    JsonBody(body): JsonBody<CreateBody>,
) -> Answer {
    let label = body.label.trim();
    if label.is_empty() || label.chars().count() > MAX_LABEL_CHARS || label.chars().any(char::is_control) {
        return Err(Refusal::field(
            "label",
            format!("a label is 1 to {MAX_LABEL_CHARS} characters, one line"),
        ));
    }
    if !member.bot {
        return Err(Refusal::new(Code::NotABot, "only a bot account has bot tokens: make it a bot first"));
    }
    let made = tokens::create(members.pool(), &member.id, label).await.map_err(Refusal::storage)?;
    let (id, token) = made.ok_or_else(|| {
        let message = format!("a bot keeps at most {MAX_TOKENS} tokens: revoke one first");
        Refusal::new(Code::TooManyTokens, message).with("limit", MAX_TOKENS)
    })?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "token": token }))).into_response())
}

#[utoipa::path(delete, path = "/api/me/bot-tokens/{id}", tag = "bots",
    summary = "Revokes a bot token: it stops at once, and so do its open streams",
    params(("id" = i64, Path, description = "The token's number")),
    responses(
        (status = 204, description = "Revoked"),
        NotSignedIn,
        (status = 404, description = "No such token of the member"),
    ))]
async fn revoke_bot_token(
    State(members): State<Arc<Members>>,
    SignedIn { member, .. }: SignedIn,
    Path(id): Path<String>,
) -> Answer {
    let id: i64 = id.parse().map_err(|_| Refusal::field("id", "a token's number"))?;
    if !tokens::revoke(members.pool(), &member.id, id).await.map_err(Refusal::storage)? {
        return Err(Refusal::not_found("token"));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}
