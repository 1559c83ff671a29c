//! Conditional moves' REST API: a seat's player leaves lines of moves while the opponent is to
//! move, and the server plays their answers when the moves they foresee come (see
//! [`conditional`](crate::server::game::conditional) and the room's `answer_conditional`).
//!
//! ```text
//! GET    api/games/{id}/conditional                       → {"ply": N, "lines": [["a3a4","g7g6",…],…]}
//! PUT    api/games/{id}/conditional {"lines": [[…],…]}    → the same, the moves as the engine writes them
//! DELETE api/games/{id}/conditional                       → 204
//! ```
//! One rule says whose lines: the seat of the `X-Seat-Token` header (the token the game's
//! WebSocket uses) if sent, else the seat the signed-in member took; nobody else's, and each
//! seat sees only its own. `ply` is the ply of the opponent's move the lines answer.

use super::app::App;
use super::error::{Code, Refusal};
use super::http::JsonBody;
use super::members::games::seat_in;
use crate::rules::Color;
use crate::server::game::clock::now_ms;
use crate::server::game::conditional::Lines;
use crate::server::game::match_state::Match;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use utoipa::OpenApi;

/// The header that carries a seat's token.
pub const SEAT_TOKEN: &str = "x-seat-token";

/// The conditional moves' routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(conditional_lines, leave_conditional_lines, forget_conditional_lines))]
pub struct Api;

/// The routes.
pub fn router() -> Router<App> {
    Router::new().route(
        "/api/games/{id}/conditional",
        get(conditional_lines).put(leave_conditional_lines).delete(forget_conditional_lines),
    )
}

type Answer = Result<Response, Refusal>;

/// The game `id` and the seat the request speaks for ([`SEAT_TOKEN`], else the signed-in
/// member's seat), or `bad_token`.
async fn seat(app: &App, headers: &HeaderMap, id: &str) -> Result<(Match, Color), Refusal> {
    let game = app.hub.snapshot(id).await?;
    let none = || Refusal::new(Code::BadToken, "no seat of yours in this game");
    let color = match headers.get(SEAT_TOKEN) {
        Some(token) => token.to_str().ok().and_then(|token| game.seat_of(token)),
        None => match app.members.signed_in(headers).await.map_err(Refusal::storage)? {
            Some(who) => seat_in(app.members.pool(), id, &who.member.id).await.map_err(Refusal::storage)?,
            None => None,
        },
    };
    Ok((game, color.ok_or_else(none)?))
}

/// The lines as the API shows them: none when they answer a move already played.
fn view(game: &Match, left: Option<(usize, Lines)>) -> Response {
    let (ply, lines) = left.filter(|(ply, _)| *ply >= game.ply()).unwrap_or((game.ply(), Lines::default()));
    Json(serde_json::json!({ "ply": ply, "lines": lines })).into_response()
}

#[utoipa::path(get, path = "/api/games/{id}/conditional", tag = "games",
    summary = "The conditional moves the seat's player left (theirs alone)",
    params(("id" = String, Path, description = "The game"),
        ("X-Seat-Token" = Option<String>, Header, description = "The seat's token; else the signed-in member's seat")),
    responses(
        (status = 200, description = "{\"ply\",\"lines\"}: `lines` answer the opponent's move of ply `ply`", body = serde_json::Value),
        (status = 403, description = "No seat of the caller in this game (`bad_token`)"),
        (status = 404, description = "No such game"),
    ))]
async fn conditional_lines(State(app): State<App>, headers: HeaderMap, Path(id): Path<String>) -> Answer {
    let (game, color) = seat(&app, &headers, &id).await?;
    let left = app.hub.db.conditional(&id, color).await.map_err(Refusal::storage)?;
    Ok(view(&game, left))
}

/// The body of `PUT`: every line, each `[their move, my answer, …]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetLines {
    lines: Vec<Vec<String>>,
}

#[utoipa::path(put, path = "/api/games/{id}/conditional", tag = "games",
    summary = "Leaves conditional moves (replacing any): each line [their move, my answer, …], checked by the engine from the position",
    params(("id" = String, Path, description = "The game"),
        ("X-Seat-Token" = Option<String>, Header, description = "The seat's token; else the signed-in member's seat")),
    request_body(content = serde_json::Value, description = "{\"lines\": [[\"a3a4\",\"g7g6\"],…]}"),
    responses(
        (status = 200, description = "The lines kept, as GET shows them", body = serde_json::Value),
        (status = 400, description = "A line of an odd length, two answers to one move (`bad_field`), or too many lines (`too_many_lines`)"),
        (status = 403, description = "No seat of the caller in this game (`bad_token`)"),
        (status = 404, description = "No such game"),
        (status = 409, description = "Not the opponent's move (`conditional_not_now`), a move illegal in its line (`illegal_line`), the game over or not started"),
    ))]
async fn leave_conditional_lines(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<SetLines>,
) -> Answer {
    let (game, color) = seat(&app, &headers, &id).await?;
    let lines = Lines::unchecked(request.lines).check(&game, color)?;
    app.hub.db.set_conditional(&id, color, game.ply(), &lines, now_ms()).await.map_err(Refusal::storage)?;
    Ok(view(&game, Some((game.ply(), lines))))
}

#[utoipa::path(delete, path = "/api/games/{id}/conditional", tag = "games",
    summary = "Forgets the seat's conditional moves",
    params(("id" = String, Path, description = "The game"),
        ("X-Seat-Token" = Option<String>, Header, description = "The seat's token; else the signed-in member's seat")),
    responses(
        (status = 204, description = "Forgotten"),
        (status = 403, description = "No seat of the caller in this game (`bad_token`)"),
        (status = 404, description = "No such game"),
    ))]
async fn forget_conditional_lines(
    State(app): State<App>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Answer {
    let (_, color) = seat(&app, &headers, &id).await?;
    app.hub.db.clear_conditional(&id, Some(color)).await.map_err(Refusal::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}
