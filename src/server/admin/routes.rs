//! The admin API:
//!
//! ```text
//! GET    api/admin/members                → [{"name","created","admin","rating","games","suspended"}]
//! GET    api/admin/reports                → the open reports: [{"id","reporter","reason","at","message":{…},"game","room"}]
//! POST   api/admin/reports/{id}/dismiss   → 204
//! POST   api/admin/messages/{id}/hide     → 204; the message is sent to nobody any more
//! GET    api/admin/suspensions            → [{"name","reason","since","ends","by"}]
//! POST   api/admin/suspensions {"name","reason","ends"?} → 201 {"sessions_ended":N}
//! DELETE api/admin/suspensions/{name}     → 204
//! GET    api/admin/health                 → the server's figures (see [`health`](super::health))
//! POST   api/invites                      → 201 {"code","expires_in_days"}: an invite code
//! ```
//! `rating` is the member's rating in the standard rules (null before a rated game); `ends`
//! ms since the Unix epoch, absent: until lifted.

use super::{health, log};
use crate::server::chat::{relay, tables, Chat, Said};
use crate::server::error::Refusal;
use crate::server::game::clock::now_ms;
use crate::server::http::one_line::one_line;
use crate::server::http::openapi::{NotAdmin, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::{accounts, invites, suspensions, Admin, Members, SignedIn};
use crate::server::play::hub::Hub;
use crate::server::play::protocol::ServerMsg;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use sqlx::Row;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The longest reason of a suspension, in characters.
const MAX_REASON_CHARS: usize = 300;

/// The admin routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(members, reports, dismiss, hide, suspended, suspend, lift, invite, server_health))]
pub struct Api;

/// The admin routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Members>: FromRef<S>,
    Arc<Chat>: FromRef<S>,
    Arc<Hub>: FromRef<S>,
{
    Router::new()
        .route("/api/admin/members", get(members))
        .route("/api/admin/reports", get(reports))
        .route("/api/admin/reports/{id}/dismiss", post(dismiss))
        .route("/api/admin/messages/{id}/hide", post(hide))
        .route("/api/admin/suspensions", get(suspended).post(suspend))
        .route("/api/admin/suspensions/{name}", delete(lift))
        .route("/api/admin/health", get(server_health))
        .route("/api/invites", post(invite))
}

#[utoipa::path(get, path = "/api/admin/members", tag = "admin",
    summary = "The club's members, each once, with their rating, games and suspension",
    responses(
        (status = 200, description = "[{\"name\",\"created\",\"admin\",\"rating\",\"games\",\"suspended\"}]: the rating in the standard rules' category the member played most, the rated games in all", body = serde_json::Value),
        NotSignedIn,
        NotAdmin,
    ))]
async fn members(State(members): State<Arc<Members>>, _: Admin) -> Answer {
    let rows = sqlx::query(&format!(
        "SELECT m.name, m.created, m.admin,
         (SELECT r.rating FROM ratings r WHERE r.member_id = m.id AND r.rules = ''
          ORDER BY r.games DESC, r.category LIMIT 1) AS rating,
         (SELECT CAST(SUM(r.games) AS BIGINT) FROM ratings r WHERE r.member_id = m.id) AS games,
         CASE WHEN {} THEN 0 ELSE 1 END AS suspended
         FROM members m ORDER BY m.name_key LIMIT 1000",
        suspensions::not_suspended("m.id", "$1")
    ))
    .bind(now_ms())
    .fetch_all(members.pool())
    .await
    .map_err(Refusal::storage)?;
    let listed = rows
        .iter()
        .map(|row| {
            Ok(serde_json::json!({
                "name": row.try_get::<String, _>("name")?,
                "created": row.try_get::<i64, _>("created")?,
                "admin": row.try_get::<i64, _>("admin")? == 1,
                "rating": row.try_get::<Option<f64>, _>("rating")?.map(f64::round),
                "games": row.try_get::<Option<i64>, _>("games")?.unwrap_or(0),
                "suspended": row.try_get::<i64, _>("suspended")? == 1,
            }))
        })
        .collect::<sqlx::Result<Vec<_>>>()
        .map_err(Refusal::storage)?;
    Ok(Json(listed).into_response())
}

#[utoipa::path(get, path = "/api/admin/reports", tag = "admin",
    summary = "The open reports of chat messages",
    responses(
        (status = 200, description = "[{\"id\",\"reporter\",\"reason\",\"at\",\"message\",\"game\",\"room\"}]", body = serde_json::Value),
        NotSignedIn,
        NotAdmin,
    ))]
async fn reports(State(members): State<Arc<Members>>, _: Admin) -> Answer {
    let open = tables::open_reports(members.pool()).await.map_err(Refusal::storage)?;
    Ok(Json(open).into_response())
}

#[utoipa::path(post, path = "/api/admin/reports/{id}/dismiss", tag = "admin",
    summary = "Dismisses a report",
    params(("id" = String, Path, description = "The report")),
    responses(
        (status = 204, description = "Dismissed"),
        NotSignedIn,
        NotAdmin,
        (status = 404, description = "No such report"),
    ))]
async fn dismiss(
    State(members): State<Arc<Members>>,
    Admin(SignedIn { member: who, .. }): Admin,
    Path(id): Path<String>,
) -> Answer {
    if !tables::dismiss(members.pool(), &id).await.map_err(Refusal::storage)? {
        return Err(Refusal::not_found("open report"));
    }
    log(members.pool(), &who, "dismiss", &id, "").await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/admin/messages/{id}/hide", tag = "admin",
    summary = "Hides a chat message from everyone",
    params(("id" = String, Path, description = "The message")),
    responses(
        (status = 204, description = "Hidden"),
        NotSignedIn,
        NotAdmin,
        (status = 404, description = "No such message"),
    ))]
async fn hide(
    State(chat): State<Arc<Chat>>,
    Admin(SignedIn { member: who, .. }): Admin,
    Path(id): Path<String>,
) -> Answer {
    let pool = chat.pool();
    let message = tables::message(pool, &id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("message"))?;
    tables::hide(pool, &id).await.map_err(Refusal::storage)?;
    log(pool, &who, "hide", &id, &message.game_id).await?;
    relay::tell_others(&chat, &message.game_id, &id, true);
    let room = message.room.name();
    let json = ServerMsg::ChatHidden { room, id }.to_json();
    let said = Said { audience: message.room, author_id: message.author_id, hidden: true, json };
    chat.say(&message.game_id, said);
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/admin/suspensions", tag = "admin",
    summary = "The suspensions in force",
    responses(
        (status = 200, description = "[{\"name\",\"reason\",\"since\",\"ends\",\"by\"}]", body = serde_json::Value),
        NotSignedIn,
        NotAdmin,
    ))]
async fn suspended(State(members): State<Arc<Members>>, _: Admin) -> Answer {
    let active = suspensions::active(members.pool()).await.map_err(Refusal::storage)?;
    Ok(Json(active).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Suspend {
    name: String,
    reason: String,
    ends: Option<i64>,
}

#[utoipa::path(post, path = "/api/admin/suspensions", tag = "admin",
    summary = "Suspends a member; their sessions end",
    request_body(content = serde_json::Value, description = "{\"name\",\"reason\",\"ends\"?}"),
    responses(
        (status = 201, description = "{\"sessions_ended\":N}", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        NotAdmin,
        (status = 404, description = "No member of this name"),
    ))]
async fn suspend(
    State(members): State<Arc<Members>>,
    Admin(SignedIn { member: who, .. }): Admin,
    JsonBody(request): JsonBody<Suspend>,
) -> Answer {
    let reason =
        one_line(&request.reason, "reason", MAX_REASON_CHARS).map_err(|e| Refusal::field("reason", e))?;
    if request.ends.is_some_and(|ends| ends <= now_ms()) {
        return Err(Refusal::field("ends", "ends must be in the future"));
    }
    let pool = members.pool();
    let (member, _) = accounts::by_name(pool, &request.name)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(Refusal::no_member)?;
    if member.id == who.id {
        return Err(Refusal::field("name", "an admin cannot suspend themselves"));
    }
    let ended = suspensions::suspend(pool, &member.id, reason, request.ends, &who.id)
        .await
        .map_err(Refusal::storage)?;
    members.ends.ended(&member.id);
    let detail = request
        .ends
        .map_or_else(|| format!("{reason} (until lifted)"), |ends| format!("{reason} (until {ends})"));
    log(pool, &who, "suspend", &member.name, &detail).await?;
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "sessions_ended": ended }))).into_response())
}

#[utoipa::path(delete, path = "/api/admin/suspensions/{name}", tag = "admin",
    summary = "Lifts a member's suspension",
    params(("name" = String, Path, description = "The member")),
    responses(
        (status = 204, description = "Lifted"),
        NotSignedIn,
        NotAdmin,
        (status = 404, description = "No member of this name"),
    ))]
async fn lift(
    State(members): State<Arc<Members>>,
    Admin(SignedIn { member: who, .. }): Admin,
    Path(name): Path<String>,
) -> Answer {
    let pool = members.pool();
    let (member, _) =
        accounts::by_name(pool, &name).await.map_err(Refusal::storage)?.ok_or_else(Refusal::no_member)?;
    if !suspensions::lift(pool, &member.id).await.map_err(Refusal::storage)? {
        return Err(Refusal::not_found("suspension"));
    }
    log(pool, &who, "lift", &member.name, "").await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/invites", tag = "admin",
    summary = "Makes an invite code (an admin)",
    responses(
        (status = 201, description = "{\"code\",\"expires_in_days\"}", body = serde_json::Value),
        NotSignedIn,
        NotAdmin,
    ))]
async fn invite(State(members): State<Arc<Members>>, Admin(who): Admin) -> Answer {
    let pool = members.pool();
    let code = invites::make(pool, &who.member.id).await.map_err(Refusal::storage)?;
    log(pool, &who.member, "invite", "", "").await?;
    let days = invites::LIFETIME_MS / (24 * 3600 * 1000);
    Ok((StatusCode::CREATED, Json(serde_json::json!({ "code": code, "expires_in_days": days })))
        .into_response())
}

#[utoipa::path(get, path = "/api/admin/health", tag = "admin",
    summary = "The server's figures: games, connections, memory, database",
    responses(
        (status = 200, description = "The figures", body = serde_json::Value),
        NotSignedIn,
        NotAdmin,
    ))]
async fn server_health(State(hub): State<Arc<Hub>>, State(members): State<Arc<Members>>, _: Admin) -> Answer {
    let figures = health::now(&hub, members.pool()).await.map_err(Refusal::storage)?;
    Ok(Json(figures).into_response())
}
