//! The club admin's desk for team matches: a board's result set by hand (a dispute, a game
//! that cannot be finished), which its game follows. The captains run a match; the admin is the
//! neutral one who settles it.
//!
//! ```text
//! PUT api/team-matches/{id}/boards/{board}/result {"result"} (an admin) → the match
//! ```
//! `result`: `red`, `blue`, `draw`, `red-forfeits`, `blue-forfeits` or `double-forfeit`, as a
//! tournament board's. Only a board without a result takes one: its game in play ends with the
//! admin's verdict (the ratings follow as for any game's end), and the sweep ends the match
//! once every board has its result.

use super::shown::team_match;
use super::store;
use super::Parts;
use crate::server::error::{Code, Refusal};
use crate::server::game::event::Command;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::{Members, SignedIn};
use crate::server::tournaments::adjust::verdict_of;
use crate::server::tournaments::ledger::RESULTS;
use axum::extract::{FromRef, Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::put;
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::OpenApi;

/// The desk's route in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(set_result))]
pub struct Api;

/// The desk's route.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Parts: FromRef<S>,
    Arc<Members>: FromRef<S>,
{
    Router::new().route("/api/team-matches/{id}/boards/{board}/result", put(set_result))
}

/// A board's result, as the admin gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardResult {
    result: String,
}

#[utoipa::path(put, path = "/api/team-matches/{id}/boards/{board}/result", operation_id = "set_team_board_result", tag = "teams",
    summary = "Sets a board's result by hand (an admin of the club); its game in play ends with it",
    params(("id" = String, Path, description = "The match"), ("board" = i64, Path, description = "The board, from 1")),
    request_body(content = serde_json::Value, description = "{\"result\":\"red\"|\"blue\"|\"draw\"|\"red-forfeits\"|\"blue-forfeits\"|\"double-forfeit\"}"),
    responses(
        (status = 200, description = "The match", body = serde_json::Value),
        (status = 400, description = "Not a result"),
        NotSignedIn,
        (status = 403, description = "Not an admin of the club"),
        (status = 404, description = "No such match or board"),
        (status = 409, description = "The board has its result already"),
    ))]
async fn set_result(
    State(parts): State<Parts>,
    Path((id, board)): Path<(String, i64)>,
    who: SignedIn,
    JsonBody(body): JsonBody<BoardResult>,
) -> Result<Response, Refusal> {
    if !who.member.admin {
        return Err(Refusal::not_admin());
    }
    let verdict =
        verdict_of(&body.result).ok_or_else(|| Refusal::field("result", format!("result is {RESULTS}")))?;
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let boards = store::boards(&mut conn, &id).await.map_err(Refusal::storage)?;
    let game =
        boards.iter().find(|b| b.board == board).ok_or_else(|| Refusal::not_found("board"))?.game_id.clone();
    if !store::record_result(&mut conn, &id, board, &body.result).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::ResultIn, "this board has its result already"));
    }
    drop(conn);
    parts.live.team_match_changed(&id);
    // The game follows the board: one still in play ends with the verdict (an ended one, whose
    // result the sweep has not entered yet, refuses it and keeps its own end).
    let room = parts.hub.enter(&game).await?;
    let _ = room.apply(Command::Adjudicate(verdict)).await;
    parts.hub.leave(&room);
    Ok(Json(team_match(parts.members.pool(), &id).await?).into_response())
}
