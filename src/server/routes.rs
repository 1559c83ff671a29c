//! The HTTP routes: the REST endpoints, the game WebSocket, and the built page.

use super::admin;
use super::app::App;
use super::chat;
use super::clock::now_ms;
use super::db::{ListFilter, ListPage, ResultFilter};
use super::ending::Status;
use super::error::{Code, Refusal};
use super::files::{self, Files};
use super::headers;
use super::http::{lists, JsonBody, QueryParams, MAX_BODY_BYTES};
use super::hub::MAX_RULES_BYTES;
use super::members;
use super::openapi;
use super::pairing;
use super::pairing::filters::{LobbyFilter, SCAN};
use super::protocol::{CreateGame, JoinGame, Listed};
use super::rating::shown::beside;
use super::record::record_text;
use super::request_span;
use super::scrape;
use super::tournaments;
use super::ws;
use axum::extract::Request;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use tower_http::timeout::TimeoutLayer;
use utoipa::{IntoParams, OpenApi};

/// The API, and the page from `dist` when given; every answer with the [`headers`].
pub fn router(app: Arc<App>, dist: Option<Files>) -> Router {
    let timeout = app.http_timeout;
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(show))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/record", get(record))
        .route("/api/lobby", get(lobby))
        .route("/api/live", get(live))
        .route("/api/archive", get(archive))
        .route("/api/openapi.json", get(openapi_json))
        .merge(members::routes::router(app.clone()))
        .merge(tournaments::routes::router(app.clone()))
        .merge(pairing::routes::router(app.clone()))
        .merge(tournaments::live::router())
        .merge(chat::routes::router(app.clone()))
        .merge(admin::routes::router(app.clone()))
        .layer(middleware::from_fn_with_state(app.clone(), limit_requests))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/metrics", get(scrape::local))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        // A body sent too slowly is cut off (the headers have their own limit: `listen`).
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, timeout))
        .with_state(app);
    let all = match dist {
        Some(dist) => {
            let dist = Arc::new(dist);
            api.fallback(move |request| files::serve(dist.clone(), request))
        }
        None => api,
    };
    all.layer(middleware::map_response(headers::secure)).layer(middleware::from_fn(request_span::trace))
}

/// The games' routes (and the operator's) in the OpenAPI document; each part of the API
/// lists its own.
#[derive(OpenApi)]
#[openapi(paths(
    health,
    openapi_json,
    scrape::local,
    create,
    show,
    join,
    record,
    lobby,
    live,
    archive,
    ws::upgrade
))]
struct Games;

/// The OpenAPI document of every route, made once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    openapi::document([
        Games::openapi(),
        members::routes::Api::openapi(),
        members::passkeys::routes::Api::openapi(),
        tournaments::routes::Api::openapi(),
        tournaments::live::Api::openapi(),
        pairing::routes::Api::openapi(),
        chat::routes::Api::openapi(),
        admin::routes::Api::openapi(),
    ])
});

#[utoipa::path(get, path = "/api/openapi.json", tag = "operations",
    summary = "This OpenAPI 3 document: every route of the server",
    responses((status = 200, description = "The document", body = serde_json::Value)))]
async fn openapi_json() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str()).into_response()
}

#[utoipa::path(get, path = "/api/health", tag = "operations",
    summary = "Whether the server is up, its database and how members sign up",
    responses((status = 200, description = "{\"ok\",\"db\",\"members\"}", body = serde_json::Value)))]
async fn health(State(app): State<Arc<App>>) -> Response {
    let db = match app.hub.db.backend {
        super::db::Backend::Sqlite => "sqlite",
        super::db::Backend::Postgres => "postgres",
    };
    let members = match app.members.signup {
        members::options::Signup::Open => "open",
        members::options::Signup::Invite => "invite",
    };
    Json(serde_json::json!({ "ok": true, "db": db, "members": members })).into_response()
}

/// The REST requests of an address over its rate are refused.
async fn limit_requests(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if app.request_limit.allow(app.client_ip(addr, request.headers())) {
        next.run(request).await
    } else {
        Refusal::new(Code::RateLimited, "too many requests from this address: slow down").into_response()
    }
}

fn limited(app: &App, addr: SocketAddr, headers: &HeaderMap) -> Result<(), Refusal> {
    if app.create_limit.allow(app.client_ip(addr, headers)) {
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
        (status = 400, description = "Bad JSON or field"),
        (status = 403, description = "A rated game needs a signed-in member"),
        (status = 429, description = "Too many games from this address"),
    ))]
async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    JsonBody(mut request): JsonBody<CreateGame>,
) -> Result<Response, Refusal> {
    limited(&app, addr, &headers)?;
    let member = app.members.seat_name(&headers, &mut request.name).await.map_err(Refusal::storage)?;
    if request.rated && member.is_none() {
        return Err(members_only());
    }
    let seated = app.hub.create(request, app.client_ip(addr, &headers)).await?;
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
        (status = 409, description = "The game is full or over"),
    ))]
async fn join(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(mut request): JsonBody<JoinGame>,
) -> Result<Response, Refusal> {
    limited(&app, addr, &headers)?;
    let member = app.members.seat_name(&headers, &mut request.name).await.map_err(Refusal::storage)?;
    // A game's rated flag never changes: checked before joining, it holds.
    if member.is_none() && app.hub.snapshot(&id).await?.rated {
        return Err(members_only());
    }
    let seated = app.hub.join(&id, request).await?;
    app.members.took_seat(member.as_ref(), &seated).await;
    Ok(Json(seated).into_response())
}

fn members_only() -> Refusal {
    Refusal::new(Code::MembersOnly, "rated games are played by signed-in members: sign in first")
}

#[utoipa::path(get, path = "/api/games/{id}", tag = "games", summary = "A game: its players, position, moves and clocks",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The game", body = serde_json::Value),
        (status = 404, description = "No such game"),
    ))]
async fn show(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, Refusal> {
    let connected = app.hub.loaded(&id).map_or_else(Default::default, |room| room.connected());
    Ok(Json(app.hub.snapshot(&id).await?.view(now_ms(), connected)).into_response())
}

#[utoipa::path(get, path = "/api/games/{id}/record", tag = "games", summary = "A game's record as a text file",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "The record", body = String, content_type = "text/plain"),
        (status = 404, description = "No such game"),
    ))]
async fn record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, Refusal> {
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
async fn lobby(app: State<Arc<App>>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Open, page).await
}

#[utoipa::path(get, path = "/api/live", tag = "games", summary = "The games being played",
    params(Page), responses(
        (status = 200, description = "The games, newest first", body = serde_json::Value),
        (status = 400, description = "A bad filter or page"),
    ))]
async fn live(app: State<Arc<App>>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Playing, page).await
}

#[utoipa::path(get, path = "/api/archive", tag = "games", summary = "The finished games",
    params(Page), responses(
        (status = 200, description = "The games, newest first", body = serde_json::Value),
        (status = 400, description = "A bad filter or page"),
    ))]
async fn archive(app: State<Arc<App>>, page: QueryParams<Page>) -> Result<Response, Refusal> {
    list(app, Status::Over, page).await
}

async fn list(
    State(app): State<Arc<App>>,
    status: Status,
    page: QueryParams<Page>,
) -> Result<Response, Refusal> {
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
        return Ok(Json(listed(&app, status, &filter, page).await?).into_response());
    }
    if status != Status::Open {
        return Err(Refusal::field("clock", "only the lobby filters by clock and rating"));
    }
    let scanned = listed(&app, status, &filter, ListPage { before, limit: SCAN, offset: 0 }).await?;
    let kept = scanned.into_iter().filter(|game| lobby.keeps(game, app.pairing.bounds));
    let kept: Vec<Listed> = kept.skip(offset as usize).take(limit as usize).collect();
    Ok(Json(kept).into_response())
}

/// A page of the games of `status` that pass `filter`, as the lists show them.
pub(crate) async fn listed(
    app: &App,
    status: Status,
    filter: &ListFilter,
    page: ListPage,
) -> Result<Vec<Listed>, Refusal> {
    // Open games wait for an opponent only so long.
    let created_since = if status == Status::Open { app.hub.lobby.oldest_open(now_ms()) } else { i64::MIN };
    let games = app.hub.db.list(status, created_since, filter, page).await.map_err(Refusal::storage)?;
    let ratings = beside(app.members.pool(), &games, app.pairing.bounds).await.map_err(Refusal::storage)?;
    Ok(games.iter().map(|game| Listed::of(game, &ratings)).collect())
}
