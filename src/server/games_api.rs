//! The games' REST API: creating and joining a game, a game and its record, and the lists of
//! games (the lobby, the games in play, the archive). A game is played on its WebSocket
//! ([`ws`](crate::server::connection::ws)).

use super::app::App;
use super::error::{Code, Refusal};
use super::http::client_ip::ClientIp;
use super::http::{lists, JsonBody, QueryParams};
use super::members;
use super::members::vacation::hold::hold_seat;
use super::pairing::filters::{LobbyFilter, SCAN};
use super::play::listing::listed;
use super::rating::clocked::check_rated_clock;
use super::rating::in_game::in_game;
use crate::rules::Color;
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::game::record::record_text;
use crate::server::play::hub::MAX_RULES_BYTES;
use crate::server::play::protocol::{CreateGame, JoinGame, Listed};
use crate::server::storage::db::{ListFilter, ListPage, ResultFilter};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::net::IpAddr;
use utoipa::{IntoParams, OpenApi};

/// The games' routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(create, show, join, record, lobby, live, archive))]
pub struct Api;

/// The routes a guest's client may call without `Origin` when it sends no cookie (see
/// [`origin`](super::http::origin)): it acts for nobody.
pub const OPEN_TO_GUESTS: &[&str] = &["/api/games", "/api/games/{id}/join"];

/// The games' routes.
pub fn router() -> Router<App> {
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/record", get(record))
        .route("/api/lobby", get(lobby))
        .route("/api/live", get(live))
        .route("/api/archive", get(archive))
}

fn limited(app: &App, ip: IpAddr) -> Result<(), Refusal> {
    if app.create_limit.allow(ip) {
        Ok(())
    } else {
        Err(Refusal::new(
            Code::RateLimited,
            "too many games created or joined from this address: wait a minute",
        ))
    }
}

#[utoipa::path(post, path = "/api/games", tag = "games", summary = "Creates a game and seats its maker",
    request_body(content = serde_json::Value, description = "{\"name\",\"color\"?,\"rules\"?,\"fen\"?,\"clock\"?,\"rated\"?}"),
    responses(
        (status = 201, description = "The seat: the game's id, the color and the seat's token", body = serde_json::Value),
        (status = 400, description = "Bad JSON or field, or a rated game without a clock (`rated_needs_clock`)"),
        (status = 403, description = "A rated game needs a signed-in member"),
        (status = 409, description = "A guest's name that passes for a member's or the staff's"),
        (status = 429, description = "Too many games from this address"),
    ))]
async fn create(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonBody(mut request): JsonBody<CreateGame>,
) -> Result<Response, Refusal> {
    limited(&app, ip)?;
    let member = app.members.seat_name(&headers, &mut request.name).await?;
    if request.rated && member.is_none() {
        return Err(members_only());
    }
    check_rated_clock(request.rated, &request.clock)?;
    let seated = app.hub.create(request, ip).await?;
    app.members.took_seat(member.as_ref(), &seated).await;
    Ok((StatusCode::CREATED, Json(seated)).into_response())
}

#[utoipa::path(post, path = "/api/games/{id}/join", tag = "games", summary = "Takes the free seat of a game",
    params(("id" = String, Path, description = "The game")),
    request_body(content = serde_json::Value, description = "{\"name\"}"),
    responses(
        (status = 200, description = "The seat: the game's id, the color and the seat's token", body = serde_json::Value),
        (status = 403, description = "A rated game needs a signed-in member"),
        (status = 404, description = "No such game"),
        (status = 409, description = "The game is full or over, or a guest's name passes for a member's or the staff's"),
    ))]
async fn join(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(mut request): JsonBody<JoinGame>,
) -> Result<Response, Refusal> {
    limited(&app, ip)?;
    let member = app.members.seat_name(&headers, &mut request.name).await?;
    // A game's rated flag never changes: checked before joining, it holds.
    if member.is_none() && app.hub.snapshot(&id).await?.rated {
        return Err(members_only());
    }
    let seated = app.hub.join(&id, request).await?;
    app.members.took_seat(member.as_ref(), &seated).await;
    if let (Some(member), Some(color)) = (&member, Color::ALL.into_iter().find(|c| c.name() == seated.color))
    {
        hold_seat(&app.members, &app.hub, &member.id, &id, color).await;
    }
    Ok(Json(seated).into_response())
}

fn members_only() -> Refusal {
    Refusal::new(Code::MembersOnly, "rated games are played by signed-in members: sign in first")
}

#[utoipa::path(get, path = "/api/games/{id}", tag = "games", summary = "A game: its players (with members' `ratings`, and the change once rated), position, moves and clocks",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The game", body = serde_json::Value),
        (status = 404, description = "No such game"),
    ))]
async fn show(State(app): State<App>, Path(id): Path<String>) -> Result<Response, Refusal> {
    let seats = app.hub.loaded(&id).map_or_else(Default::default, |room| room.seats());
    let game = app.hub.snapshot(&id).await?;
    let category = app.pairing.bounds.category(&game.clock);
    let mut view = serde_json::to_value(game.view(now_ms(), seats)).map_err(Refusal::storage)?;
    view["ratings"] = in_game(app.members.pool(), &id, category).await.map_err(Refusal::storage)?;
    Ok(Json(view).into_response())
}

#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games", summary = "A game's record as a text file",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The record", body = String, content_type = "text/plain"),
        (status = 404, description = "No such game"),
    ))]
async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Response, Refusal> {
    let text = record_text(&app.hub.snapshot(&id).await?);
    let disposition = format!("attachment; filename=\"jungle-{id}.txt\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `?before=MS&limit=N&offset=N` of a list, and its filters: `player=NAME` (a member),
/// `rules=TEXT` (empty: the standard rules), `result=red|blue|draw`; the lobby's also `clock`,
/// `min_rating`, `max_rating` ([`LobbyFilter`]).
#[derive(Deserialize, Default, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct Page {
    before: Option<i64>,
    limit: Option<i64>,
    offset: Option<i64>,
    player: Option<String>,
    rules: Option<String>,
    #[param(value_type = Option<String>)]
    result: Option<ResultFilter>,
    clock: Option<String>,
    min_rating: Option<i64>,
    max_rating: Option<i64>,
}

#[utoipa::path(get, path = "/api/lobby", tag = "games", summary = "The open games, waiting for an opponent",
    params(Page), responses(
        (status = 200, description = "The games, newest first", body = serde_json::Value),
        (status = 400, description = "A bad filter or page"),
    ))]
async fn lobby(app: State<App>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Open, page).await
}

#[utoipa::path(get, path = "/api/live", tag = "games", summary = "The games being played",
    params(Page), responses(
        (status = 200, description = "The games, newest first", body = serde_json::Value),
        (status = 400, description = "A bad filter or page"),
    ))]
async fn live(app: State<App>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Playing, page).await
}

#[utoipa::path(get, path = "/api/archive", tag = "games", summary = "The finished games",
    params(Page), responses(
        (status = 200, description = "The games, newest first", body = serde_json::Value),
        (status = 400, description = "A bad filter or page"),
    ))]
async fn archive(app: State<App>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Over, page).await
}

async fn list(State(app): State<App>, status: Status, page: QueryParams<Page>) -> Result<Response, Refusal> {
    let QueryParams(page) = page;
    let (limit, offset) = (lists::limit(page.limit)?, lists::offset(page.offset)?);
    if page.rules.as_ref().is_some_and(|rules| rules.len() > MAX_RULES_BYTES) {
        return Err(Refusal::field("rules", format!("rules are limited to {MAX_RULES_BYTES} bytes")));
    }
    let member = match &page.player {
        Some(name) => Some(members::public::member_named(&app.members, name).await?.id),
        None => None,
    };
    let lobby = LobbyFilter::parse(page.clock.as_deref(), page.min_rating, page.max_rating)?;
    let filter = ListFilter { member, rules: page.rules, result: page.result };
    let before = page.before.unwrap_or(i64::MAX);
    if lobby.is_empty() {
        let page = ListPage { before, limit, offset };
        return Ok(Json(
            listed(&app.hub, (app.members.pool(), app.pairing.bounds), status, &filter, page).await?,
        )
        .into_response());
    }
    if status != Status::Open {
        return Err(Refusal::field("clock", "only the lobby filters by clock and rating"));
    }
    let scanned = listed(
        &app.hub,
        (app.members.pool(), app.pairing.bounds),
        status,
        &filter,
        ListPage { before, limit: SCAN, offset: 0 },
    )
    .await?;
    let kept = scanned.into_iter().filter(|game| lobby.keeps(game, app.pairing.bounds));
    let kept: Vec<Listed> = kept.skip(offset as usize).take(limit as usize).collect();
    Ok(Json(kept).into_response())
}
