//! The league API. Reads are open to anyone; the rest needs a signed-in member, and drafting,
//! starting, arranging and correcting a season its director ([`directing`]).
//!
//! ```text
//! GET  api/leagues                       → {"leagues":[…],"makers"}, the newest first; makers:
//!                                          who may make one, `admins` or `members`
//! POST api/leagues {"name","rules"?,"clock"?,"rated"?,"division_size"?,"promote"?,"relegate"?,
//!                   "round_days"?,"double"?}  (an admin, or any member if the club allows,
//!                   within [`limits`](super::limits))  → 201 the league
//! GET  api/leagues/{id}                  → the league: members, the season's divisions,
//!                                          standings and pairings
//! POST api/leagues/{id}/members          (the member joins the next season)   → 201
//! DELETE api/leagues/{id}/members        (the member leaves; from a running season they
//!                                          withdraw)                           → 204
//! POST api/leagues/{id}/draft            (its director) → the league, the next season drafted
//! PUT  api/leagues/{id}/placements {"member","division"} (its director, a drafted season:
//!                                          moves a member, or places one who joined) → the league
//! DELETE api/leagues/{id}/players/{name} (its director: the member withdraws) → 204
//! POST api/leagues/{id}/start            (its director) → the league, every pairing laid out
//! POST api/leagues/{id}/games {"division","round","board"} (one of its two players, within
//!                                          its window) → {"game"}
//! PUT  api/leagues/{id}/results {"division","round","board","result"} (its director) → 204
//! GET  api/leagues/{id}/events           → the league as server-sent events, after each change
//! ```
//! `clock` as a game's (correspondence, 3 days a move, unless given); `round_days`: each
//! round's window (round k opens at start + (k-1)·days, its deadline start + k·days);
//! `result` as a tournament board's. What happens at a deadline: see [`season::overdue`].

use super::directing::{league, Director};
use super::limits::Limits;
use super::season;
use super::settings::{checked, Settings};
use super::shown::{shown, summary};
use super::tables::{self, PairingKey};
use super::Parts;
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::openapi::{NotDirector, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use crate::server::ops::shutdown::Shutdown;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::time::now_ms;
use crate::server::tournaments::live;
use crate::server::watchers::{Live, Topic};
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The most leagues the list shows.
const LIST_LIMIT: i64 = 100;

/// The league routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    list, create, show, join, leave, draft, place, remove, start, start_game, set_result, events
))]
pub struct Api;

/// The league routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Limits>: FromRef<S>,
    Bounds: FromRef<S>,
    Shutdown: FromRef<S>,
    Proxies: FromRef<S>,
{
    Router::new()
        .route("/api/leagues", get(list).post(create))
        .route("/api/leagues/{id}", get(show))
        .route("/api/leagues/{id}/members", post(join).delete(leave))
        .route("/api/leagues/{id}/draft", post(draft))
        .route("/api/leagues/{id}/placements", put(place))
        .route("/api/leagues/{id}/players/{name}", delete(remove))
        .route("/api/leagues/{id}/start", post(start))
        .route("/api/leagues/{id}/games", post(start_game))
        .route("/api/leagues/{id}/results", put(set_result))
        .route("/api/leagues/{id}/events", get(events))
}

/// A pairing of the current season, as a request names it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Board {
    division: i64,
    round: i64,
    board: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewResult {
    division: i64,
    round: i64,
    board: i64,
    result: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Move {
    member: String,
    division: i64,
}

fn key(id: &str, season: i64, (division, round, board): (i64, i64, i64)) -> PairingKey {
    PairingKey { league_id: id.to_string(), season, division, round, board }
}

/// The id of the member called `name`.
async fn member_named(members: &Members, name: &str) -> Result<String, Refusal> {
    let found = sqlx::query_scalar::<_, String>("SELECT id FROM members WHERE name = $1")
        .bind(name)
        .fetch_optional(members.pool())
        .await
        .map_err(Refusal::storage)?;
    found.ok_or_else(|| Refusal::new(Code::NoMember, "the club has no member of this name"))
}

#[utoipa::path(get, path = "/api/leagues", operation_id = "list_leagues", tag = "leagues", summary = "The leagues, the newest first",
    responses((status = 200, description = "{\"leagues\":[…],\"makers\":\"admins\"|\"members\"}", body = serde_json::Value)))]
async fn list(State(members): State<Arc<Members>>) -> Answer {
    let rows = tables::newest(members.pool(), LIST_LIMIT).await.map_err(Refusal::storage)?;
    let makers = if members.tournament_makers == TournamentMakers::Members { "members" } else { "admins" };
    Ok(Json(json!({ "leagues": rows.iter().map(summary).collect::<Vec<_>>(), "makers": makers }))
        .into_response())
}

#[utoipa::path(post, path = "/api/leagues", operation_id = "create_league", tag = "leagues",
    summary = "Makes a league (an admin, or any member if the club allows)",
    request_body(content = serde_json::Value, description = "{\"name\",\"rules\"?,\"clock\"?,\"rated\"?,\"division_size\"?,\"promote\"?,\"relegate\"?,\"round_days\"?,\"double\"?}"),
    responses(
        (status = 201, description = "The league", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "Not allowed to make one"),
        (status = 409, description = "Too many leagues of the member's not yet over"),
        (status = 429, description = "Too many leagues made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(request): JsonBody<Settings>) -> Answer {
    if !who.member.admin && parts.members.tournament_makers != TournamentMakers::Members {
        return Err(Refusal::not_admin());
    }
    let row = checked(request, &who.member.id)?;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    parts.limits.may_create(&mut tx, &who.member).await?;
    tables::insert(&mut tx, &row).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    Ok((StatusCode::CREATED, Json(shown(&parts.members, &row.id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/leagues/{id}", operation_id = "show_league", tag = "leagues",
    summary = "A league: its members, the season's divisions, standings and pairings",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 200, description = "The league", body = serde_json::Value),
        (status = 404, description = "No such league"),
    ))]
async fn show(State(members): State<Arc<Members>>, Path(id): Path<String>) -> Answer {
    Ok(Json(shown(&members, &id).await?).into_response())
}

#[utoipa::path(post, path = "/api/leagues/{id}/members", operation_id = "join_league", tag = "leagues",
    summary = "The signed-in member joins the league's next season",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 201, description = "Joined"),
        NotSignedIn,
        (status = 404, description = "No such league"),
        (status = 409, description = "A member already"),
        (status = 429, description = "Too many changes lately"),
    ))]
async fn join(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    league(&parts.members, &id).await?;
    parts.limits.may_change_membership(&who.member.id, &id)?;
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    if !tables::join(&mut conn, &id, &who.member.id, now_ms()).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::AlreadyRegistered, "you are in already"));
    }
    parts.live.league_changed(&id);
    Ok(StatusCode::CREATED.into_response())
}

#[utoipa::path(delete, path = "/api/leagues/{id}/members", operation_id = "leave_league", tag = "leagues",
    summary = "The signed-in member leaves the league (from a running season: withdraws)",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 204, description = "Left"),
        NotSignedIn,
        (status = 404, description = "No such league, or not a member"),
        (status = 429, description = "Too many changes lately"),
    ))]
async fn leave(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let row = league(&parts.members, &id).await?;
    parts.limits.may_change_membership(&who.member.id, &id)?;
    season::withdraw(&parts, &row, &who.member.id).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/leagues/{id}/draft", operation_id = "draft_league_season", tag = "leagues",
    summary = "Drafts the next season (its director): the first by rating, a later one from the last's tables",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 200, description = "The league", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such league"),
        (status = 409, description = "A season is drafted or running"),
    ))]
async fn draft(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    season::draft(&parts, &director.league).await?;
    parts.live.league_changed(&id);
    Ok(Json(shown(&parts.members, &id).await?).into_response())
}

#[utoipa::path(put, path = "/api/leagues/{id}/placements", operation_id = "place_league_member", tag = "leagues",
    summary = "Moves a member to a division of the drafted season, or places a member who joined (its director)",
    params(("id" = String, Path, description = "The league")),
    request_body(content = serde_json::Value, description = "{\"member\": name, \"division\": from 1}"),
    responses(
        (status = 200, description = "The league", body = serde_json::Value),
        (status = 400, description = "A bad division"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such league or member"),
        (status = 409, description = "No season drafted"),
    ))]
async fn place(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    director: Director,
    JsonBody(request): JsonBody<Move>,
) -> Answer {
    let row = director.league;
    if row.state != "drafted" {
        return Err(Refusal::new(Code::LeagueNoDraft, "draft a season first"));
    }
    let member = member_named(&parts.members, &request.member).await?;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let placements = tables::placements(&mut tx, &id, row.season).await.map_err(Refusal::storage)?;
    let lowest = placements.iter().map(|p| p.division).max().unwrap_or(0);
    if !(1..=lowest + 1).contains(&request.division) {
        return Err(Refusal::field("division", format!("division is 1 to {}", lowest + 1)));
    }
    if !tables::move_to(&mut tx, &id, row.season, &member, request.division)
        .await
        .map_err(Refusal::storage)?
    {
        let joined = tables::members(&mut tx, &id).await.map_err(Refusal::storage)?;
        if !joined.iter().any(|(m, _)| *m == member) {
            return Err(Refusal::not_found("member of this league"));
        }
        let seed = placements.iter().filter(|p| p.division == request.division).count() as i64 + 1;
        let category = parts.bounds.category_of_text(&row.clock);
        let rating = crate::server::rating::tables::rating_in(&mut tx, &member, &row.rules, category)
            .await
            .map_err(Refusal::storage)?;
        let place = (request.division, seed, rating.rating.round() as i64);
        tables::place(&mut tx, &id, row.season, &member, place).await.map_err(Refusal::storage)?;
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.league_changed(&id);
    Ok(Json(shown(&parts.members, &id).await?).into_response())
}

#[utoipa::path(delete, path = "/api/leagues/{id}/players/{name}", operation_id = "withdraw_league_player", tag = "leagues",
    summary = "Withdraws a member from the league (its director): their pairings left are forfeited",
    params(("id" = String, Path, description = "The league"), ("name" = String, Path, description = "The member")),
    responses(
        (status = 204, description = "Withdrawn"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such league or member"),
    ))]
async fn remove(
    State(parts): State<Parts>,
    Path((_, name)): Path<(String, String)>,
    director: Director,
) -> Answer {
    let member = member_named(&parts.members, &name).await?;
    season::withdraw(&parts, &director.league, &member).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/leagues/{id}/start", operation_id = "start_league_season", tag = "leagues",
    summary = "Starts the drafted season (its director): every division's round robin is laid out",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 200, description = "The league", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such league"),
        (status = 409, description = "No season drafted, started already, or a division too small"),
    ))]
async fn start(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    season::start(&parts, &director.league).await?;
    Ok(Json(shown(&parts.members, &id).await?).into_response())
}

#[utoipa::path(post, path = "/api/leagues/{id}/games", operation_id = "start_league_game", tag = "leagues",
    summary = "Starts the game of a pairing (one of its two players, within its window), or gives the one started",
    params(("id" = String, Path, description = "The league")),
    request_body(content = serde_json::Value, description = "{\"division\",\"round\",\"board\"}"),
    responses(
        (status = 200, description = "{\"game\"}", body = serde_json::Value),
        NotSignedIn,
        (status = 403, description = "Not a player of this pairing"),
        (status = 404, description = "No such league or pairing"),
        (status = 409, description = "The pairing's window is not open"),
    ))]
async fn start_game(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(board): JsonBody<Board>,
) -> Answer {
    let row = league(&parts.members, &id).await?;
    let key = key(&id, row.season, (board.division, board.round, board.board));
    let game = season::start_game(&parts, &row, &key, &who.member.id).await?;
    Ok(Json(json!({ "game": game })).into_response())
}

#[utoipa::path(put, path = "/api/leagues/{id}/results", operation_id = "set_league_result", tag = "leagues",
    summary = "Sets a pairing's result (its director); its game in play ends with it",
    params(("id" = String, Path, description = "The league")),
    request_body(content = serde_json::Value, description = "{\"division\",\"round\",\"board\",\"result\"}"),
    responses(
        (status = 204, description = "Set"),
        (status = 400, description = "A bad result"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such league or pairing"),
    ))]
async fn set_result(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    director: Director,
    JsonBody(request): JsonBody<NewResult>,
) -> Answer {
    let key = key(&id, director.league.season, (request.division, request.round, request.board));
    season::set_result(&parts, &key, &request.result).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/leagues/{id}/events", operation_id = "league_events", tag = "leagues",
    summary = "A league as server-sent events, again after each change",
    params(("id" = String, Path, description = "The league")),
    responses(
        (status = 200, description = "The league as GET /api/leagues/{id} shows it", body = String, content_type = "text/event-stream"),
        (status = 404, description = "No such league"),
        (status = 429, description = "Too many streams"),
    ))]
async fn events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Answer {
    let slot = live.slot(ip)?;
    shown(&members, &id).await?;
    let stop = Box::pin(shutdown.signalled());
    Ok(live::events((members, read_league), live, stop, Topic::League(id), slot))
}

/// A league's state for its stream, as `GET api/leagues/{id}` shows it.
fn read_league(
    members: Arc<Members>,
    topic: Topic,
) -> Pin<Box<dyn Future<Output = Result<Value, Refusal>> + Send>> {
    Box::pin(async move {
        match topic {
            Topic::League(id) => shown(&members, &id).await,
            _ => Err(Refusal::not_found("league")),
        }
    })
}
