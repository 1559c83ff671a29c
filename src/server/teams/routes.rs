//! The teams' API. Reads are open to anyone; the rest needs a signed-in member. A member is in
//! one team at most; its captain (or an admin of the club) adds and removes members by name
//! and hands the captaincy to another member of the team; a member leaves by removing
//! themselves (the captain hands the captaincy on first).
//!
//! ```text
//! GET    api/teams                       → {"teams":[{"id","name"}]}, by name
//! POST   api/teams  {"name"}             → 201 the team, its maker its captain (within
//!                                          [`limits`](super::limits))
//! GET    api/teams/{id}                  → {"id","name","captain","members":[names]}
//! POST   api/teams/{id}/members {"name"} (its captain) → 201 the team
//! DELETE api/teams/{id}/members/{name}   (its captain, or the member leaving) → the team
//! PUT    api/teams/{id}/captain {"name"} (its captain) → the team
//! ```

use super::shown;
use super::store::{self, Team};
use super::Parts;
use crate::server::error::{Code, Refusal};
use crate::server::game::token::new_game_id;
use crate::server::http::one_line::one_line;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::accounts::{self, Member};
use crate::server::members::{Members, SignedIn};
use crate::server::time::now_ms;
use crate::server::tournaments::tables::begin_writing;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{Any, Transaction};
use std::sync::Arc;
use utoipa::{IntoResponses, OpenApi};

type Answer = Result<Response, Refusal>;

/// The longest name of a team, in characters.
pub const MAX_NAME_CHARS: usize = 40;

/// The answer of a route for a team's captain to a member who is not it.
#[derive(IntoResponses)]
#[response(status = 403, description = "Not the team's captain (nor an admin of the club)")]
pub struct NotCaptain;

/// The team routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, add_member, remove_member, hand_captaincy))]
pub struct Api;

/// The team routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Parts: FromRef<S>,
    Arc<Members>: FromRef<S>,
{
    Router::new()
        .route("/api/teams", get(list).post(create))
        .route("/api/teams/{id}", get(show))
        .route("/api/teams/{id}/members", post(add_member))
        .route("/api/teams/{id}/members/{name}", delete(remove_member))
        .route("/api/teams/{id}/captain", put(hand_captaincy))
}

/// A body naming a team or a member.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Named {
    name: String,
}

/// Whether `member` leads `team`: its captain, or an admin of the club.
pub fn leads(member: &Member, team: &Team) -> bool {
    member.admin || team.captain == member.id
}

fn not_captain() -> Refusal {
    Refusal::new(Code::NotCaptain, "only the team's captain may do this")
}

/// The member called `name`; refused if there is none.
pub async fn member_named(members: &Members, name: &str) -> Result<Member, Refusal> {
    let found = accounts::by_name(members.pool(), name).await.map_err(Refusal::storage)?;
    found
        .map(|(member, _)| member)
        .ok_or_else(|| Refusal::new(Code::NoMember, "the club has no member of this name"))
}

#[utoipa::path(get, path = "/api/teams", operation_id = "list_teams", tag = "teams",
    summary = "The club's teams, by name",
    responses((status = 200, description = "{\"teams\":[{\"id\",\"name\"}]}", body = serde_json::Value)))]
async fn list(State(members): State<Arc<Members>>) -> Answer {
    let teams = store::teams(members.pool()).await.map_err(Refusal::storage)?;
    let teams: Vec<_> = teams.into_iter().map(|(id, name)| json!({ "id": id, "name": name })).collect();
    Ok(Json(json!({ "teams": teams })).into_response())
}

#[utoipa::path(post, path = "/api/teams", operation_id = "create_team", tag = "teams",
    summary = "Makes a team; the signed-in member is its captain and first member",
    request_body(content = serde_json::Value, description = "{\"name\"}"),
    responses(
        (status = 201, description = "The team", body = serde_json::Value),
        (status = 400, description = "A bad name"),
        NotSignedIn,
        (status = 409, description = "The name is taken, or the member is in a team already"),
        (status = 429, description = "Too many teams or matches made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(body): JsonBody<Named>) -> Answer {
    let name = one_line(&body.name, "name", MAX_NAME_CHARS).map_err(|why| Refusal::field("name", why))?;
    parts.limits.may_create(&who.member)?;
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if store::name_taken(&mut tx, name).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::TeamNameTaken, "another team has this name"));
    }
    let id = new_game_id();
    if !store::insert_team(&mut tx, &id, name, &who.member.id, now_ms()).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::InATeam, "you are in a team already"));
    }
    tx.commit().await.map_err(Refusal::storage)?;
    Ok((StatusCode::CREATED, Json(shown::team(parts.members.pool(), &id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/teams/{id}", operation_id = "show_team", tag = "teams",
    summary = "A team: its name, captain and members",
    params(("id" = String, Path, description = "The team")),
    responses(
        (status = 200, description = "{\"id\",\"name\",\"captain\",\"members\"}", body = serde_json::Value),
        (status = 404, description = "No such team"),
    ))]
async fn show(State(members): State<Arc<Members>>, Path(id): Path<String>) -> Answer {
    Ok(Json(shown::team(members.pool(), &id).await?).into_response())
}

/// A write transaction and team `id` as it is in it.
async fn team_to_change(parts: &Parts, id: &str) -> Result<(Transaction<'static, Any>, Team), Refusal> {
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let team = store::team(&mut tx, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("team"))?;
    Ok((tx, team))
}

/// Commits `tx`, which changed team `id`, and shows the team as it is now.
async fn changed(parts: &Parts, tx: Transaction<'static, Any>, id: &str) -> Result<Value, Refusal> {
    tx.commit().await.map_err(Refusal::storage)?;
    shown::team(parts.members.pool(), id).await
}

#[utoipa::path(post, path = "/api/teams/{id}/members", operation_id = "add_team_member", tag = "teams",
    summary = "Adds a member to the team by name (its captain)",
    params(("id" = String, Path, description = "The team")),
    request_body(content = serde_json::Value, description = "{\"name\"}: the member's"),
    responses(
        (status = 201, description = "The team", body = serde_json::Value),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such team or member"),
        (status = 409, description = "The member is in a team already"),
    ))]
async fn add_member(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(body): JsonBody<Named>,
) -> Answer {
    let member = member_named(&parts.members, &body.name).await?;
    let (mut tx, team) = team_to_change(&parts, &id).await?;
    if !leads(&who.member, &team) {
        return Err(not_captain());
    }
    if !store::add_member(&mut tx, &id, &member.id, now_ms()).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::InATeam, "this member is in a team already"));
    }
    Ok((StatusCode::CREATED, Json(changed(&parts, tx, &id).await?)).into_response())
}

#[utoipa::path(delete, path = "/api/teams/{id}/members/{name}", operation_id = "remove_team_member", tag = "teams",
    summary = "Takes a member out of the team (its captain), or the member leaves",
    params(("id" = String, Path, description = "The team"), ("name" = String, Path, description = "The member's name")),
    responses(
        (status = 200, description = "The team", body = serde_json::Value),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such team or member"),
        (status = 409, description = "Not in the team, or the captain (who hands the captaincy on first)"),
    ))]
async fn remove_member(
    State(parts): State<Parts>,
    Path((id, name)): Path<(String, String)>,
    who: SignedIn,
) -> Answer {
    let member = member_named(&parts.members, &name).await?;
    let (mut tx, team) = team_to_change(&parts, &id).await?;
    if member.id != who.member.id && !leads(&who.member, &team) {
        return Err(not_captain());
    }
    if member.id == team.captain {
        return Err(Refusal::new(Code::CaptainStays, "the captain hands the captaincy on before leaving"));
    }
    if !store::remove_member(&mut tx, &id, &member.id).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::NotInTeam, "this member is not in the team"));
    }
    Ok(Json(changed(&parts, tx, &id).await?).into_response())
}

#[utoipa::path(put, path = "/api/teams/{id}/captain", operation_id = "hand_team_captaincy", tag = "teams",
    summary = "Hands the captaincy to another member of the team (its captain)",
    params(("id" = String, Path, description = "The team")),
    request_body(content = serde_json::Value, description = "{\"name\"}: the new captain's"),
    responses(
        (status = 200, description = "The team", body = serde_json::Value),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such team or member"),
        (status = 409, description = "The member is not in the team"),
    ))]
async fn hand_captaincy(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(body): JsonBody<Named>,
) -> Answer {
    let member = member_named(&parts.members, &body.name).await?;
    let (mut tx, team) = team_to_change(&parts, &id).await?;
    if !leads(&who.member, &team) {
        return Err(not_captain());
    }
    if !team.members.iter().any(|m| m.id == member.id) {
        return Err(Refusal::new(Code::NotInTeam, "this member is not in the team"));
    }
    if !store::set_captain(&mut tx, &id, &team.captain, &member.id).await.map_err(Refusal::storage)? {
        return Err(not_captain());
    }
    Ok(Json(changed(&parts, tx, &id).await?).into_response())
}
