//! The HTTP routes: every part's router assembled with the game WebSocket, the operator's
//! routes and the built page, and the OpenAPI document of them all.

use super::admin;
use super::app::App;
use super::bots;
use super::chat;
use super::conditional_api;

use super::cups;
use super::email;
use super::error::{Code, Refusal};
use super::games_api;
use super::http::MAX_BODY_BYTES;
use super::ladders;
use super::leagues;
use super::members;
use super::pairing;
use super::push;
use super::scrape;
use super::tablebase;
use super::teams;
use super::tournaments;
use crate::server::connection::ws;
use crate::server::http::client_ip::ClientIp;
use crate::server::http::files::{self, Files};
use crate::server::http::headers;
use crate::server::http::openapi;
use crate::server::http::origin::{self, Origins};
use crate::server::http::request_span;
use axum::extract::Request;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use std::sync::{Arc, LazyLock};
use tower_http::timeout::TimeoutLayer;
use utoipa::OpenApi;

/// The API, and the page from `dist` when given; every answer with the [`headers`]; every
/// state-changing request of the API from the club's own page ([`origin`]).
pub fn router(app: App, dist: Option<Files>) -> Router {
    let timeout = app.http_timeout;
    let policy = app.page_policy.clone();
    let origins = Origins {
        own: app.members.own_origin.clone(),
        open_to_guests: games_api::OPEN_TO_GUESTS,
        by_token: email::routes::BY_TOKEN,
    };
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi_json))
        .merge(games_api::router())
        .merge(conditional_api::router())
        .merge(members::routes::router())
        .merge(tournaments::routes::router())
        .merge(ladders::routes::router())
        .merge(pairing::routes::router())
        .merge(pairing::inbox::router())
        .merge(tournaments::live::router())
        .merge(cups::routes::router())
        .merge(cups::live::router())
        .merge(leagues::routes::router())
        .merge(teams::routes::router())
        .merge(teams::match_routes::router())
        .merge(teams::desk::router())
        .merge(chat::routes::router())
        .merge(push::routes::router())
        .merge(email::routes::router())
        .merge(admin::routes::router())
        .merge(bots::account::router())
        .merge(tablebase::routes::router())
        .layer(middleware::from_fn_with_state(origins, origin::own_page_only))
        // Bots act by a bearer token alone, never by a cookie, which no page of another site
        // can send (it would need CORS, which the server never grants): no origin to check.
        .merge(bots::routes::router())
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
    all.layer(middleware::map_response_with_state(policy, headers::secure))
        .layer(middleware::from_fn(request_span::trace))
}

/// The operator's routes and the games' WebSocket in the OpenAPI document; each part of the
/// API lists its own.
#[derive(OpenApi)]
#[openapi(paths(health, openapi_json, scrape::local, ws::upgrade))]
struct Server;

/// The OpenAPI document of every route, made once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    openapi::document([
        Server::openapi(),
        games_api::Api::openapi(),
        conditional_api::Api::openapi(),
        members::routes::Api::openapi(),
        members::passkeys::routes::Api::openapi(),
        tournaments::routes::Api::openapi(),
        tournaments::live::Api::openapi(),
        cups::routes::Api::openapi(),
        ladders::routes::Api::openapi(),
        leagues::routes::Api::openapi(),
        teams::routes::Api::openapi(),
        teams::match_routes::Api::openapi(),
        teams::desk::Api::openapi(),
        pairing::routes::Api::openapi(),
        pairing::inbox::Api::openapi(),
        chat::routes::Api::openapi(),
        push::routes::Api::openapi(),
        email::routes::Api::openapi(),
        admin::routes::Api::openapi(),
        bots::account::Api::openapi(),
        bots::routes::Api::openapi(),
        tablebase::routes::Api::openapi(),
    ])
});

#[utoipa::path(get, path = "/api/openapi.json", tag = "operations",
    summary = "This OpenAPI 3 document: every route of the server",
    responses((status = 200, description = "The document", body = serde_json::Value)))]
async fn openapi_json() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], DOCUMENT.as_str()).into_response()
}

#[utoipa::path(get, path = "/api/health", tag = "operations",
    summary = "Whether the server is up, its database, how members sign up and the club's time",
    responses((status = 200, description = "{\"ok\",\"db\",\"members\",\"now\"}: `now` in ms since the Unix epoch", body = serde_json::Value)))]
async fn health(State(app): State<App>) -> Response {
    let db = match app.hub.db.backend {
        crate::server::storage::db::Backend::Sqlite => "sqlite",
        crate::server::storage::db::Backend::Postgres => "postgres",
    };
    let members = match app.members.signup {
        members::options::Signup::Open => "open",
        members::options::Signup::Invite => "invite",
    };
    let now = crate::server::time::now_ms();
    Json(serde_json::json!({ "ok": true, "db": db, "members": members, "now": now })).into_response()
}

/// The REST requests of an address over its rate are refused.
async fn limit_requests(
    State(app): State<App>,
    ClientIp(ip): ClientIp,
    request: Request,
    next: Next,
) -> Response {
    if app.request_limit.allow(ip) {
        next.run(request).await
    } else {
        Refusal::new(Code::RateLimited, "too many requests from this address: slow down").into_response()
    }
}
