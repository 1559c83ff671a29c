//! Over-the-board tournaments: the games are played on real boards in a room. The server
//! pairs the rounds as for any tournament but makes no game to play; each board's result is
//! entered by the director (`PUT api/tournaments/{id}/results`) or reported by its two players
//! from their phones — the same report from both enters it, different ones wait for the
//! director. A played result (not a forfeit) gets the board a finished game, so that the
//! players' game lists and records show it and the rating sweep rates it, in the
//! `over-the-board` category.
//!
//! ```text
//! POST api/tournaments/{id}/reports {"round","board","result"} (a player of that board)
//!      → 200 {"state": "waiting" | "confirmed" | "disputed"}
//! ```

use super::director::Parts;
use super::games;
use super::tables::{self, PairingRow, PlayerRow, TournamentRow};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::Status;
use crate::server::game::token::new_game_id;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::SignedIn;
use crate::server::pairing::options::BotRatings;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use sqlx::{AnyConnection, Row};

/// The results a player may report: the board's, never a forfeit (the director enters those).
const REPORTED: [&str; 3] = ["red", "blue", "draw"];

/// A player's report of their board's result.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    round: i64,
    board: i64,
    result: String,
}

/// What one player of a board reported (`color`: theirs), while it has no result.
pub struct Reported {
    /// The round.
    pub round: i64,
    /// The board.
    pub board: i64,
    /// `red` or `blue`: who reported.
    pub color: String,
    /// What they reported: `red`, `blue` or `draw`.
    pub result: String,
}

/// The reports of `id`'s boards.
pub async fn reports(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<Reported>> {
    let rows =
        sqlx::query("SELECT round, board, color, result FROM tournament_reports WHERE tournament_id = $1")
            .bind(id)
            .fetch_all(conn)
            .await?;
    rows.iter()
        .map(|row| {
            Ok(Reported {
                round: row.try_get("round")?,
                board: row.try_get("board")?,
                color: row.try_get("color")?,
                result: row.try_get("result")?,
            })
        })
        .collect()
}

/// After `board` of over-the-board `tournament` was given `result` for the first time: a played
/// result gets the board its finished game (a forfeit, none). A board's game, once made, follows
/// a later change of its result as any tournament game does ([`adjust`](super::adjust)).
pub async fn result_entered(
    conn: &mut AnyConnection,
    tournament: &TournamentRow,
    board: &PairingRow,
    result: &str,
) -> sqlx::Result<()> {
    let winner = match result {
        "red" | "blue" => Some(result),
        "draw" => None,
        _ => return Ok(()),
    };
    if board.game_id.is_some() {
        return Ok(());
    }
    let players = tables::players(&mut *conn, &tournament.id).await?;
    let player = |number: i64| players.iter().find(|p| p.number == number);
    let (Some(red), Some(blue)) = (player(board.red), board.blue.and_then(player)) else {
        return Ok(());
    };
    let id = new_game_id();
    // Over the board takes no bots: no game between a bot and a member to rate.
    games::insert(&mut *conn, tournament, &id, [red, blue], now_ms(), Status::Over, BotRatings::Separate)
        .await?;
    sqlx::query("UPDATE games SET winner = $1, reason = 'over-the-board', updated = $2 WHERE id = $3")
        .bind(winner)
        .bind(now_ms())
        .bind(&id)
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "UPDATE tournament_pairings SET game_id = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(&id)
    .bind(&tournament.id)
    .bind(board.round)
    .bind(board.board)
    .execute(conn)
    .await?;
    Ok(())
}

/// The colour `member_id` plays on `board`, if they are one of its players.
fn color_on(board: &PairingRow, players: &[PlayerRow], member_id: &str) -> Option<&'static str> {
    let number = players.iter().find(|p| p.member_id == member_id)?.number;
    if board.red == number {
        Some("red")
    } else if board.blue == Some(number) {
        Some("blue")
    } else {
        None
    }
}

#[utoipa::path(post, path = "/api/tournaments/{id}/reports", operation_id = "report_board_result", tag = "tournaments",
    summary = "A player reports the result of their board in an over-the-board tournament",
    params(("id" = String, Path, description = "The tournament")),
    request_body(content = serde_json::Value, description = "{\"round\",\"board\",\"result\": \"red\" | \"blue\" | \"draw\"}"),
    responses(
        (status = 200, description = "{\"state\": \"waiting\" (for the other player) | \"confirmed\" (both agree: the result is in) | \"disputed\" (they differ: the director settles it)}", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "not_on_board: not a player of this board"),
        (status = 404, description = "No such tournament or board in its current round"),
        (status = 409, description = "not_over_the_board, result_in (the board has its result), not_started or tournament_finished"),
    ))]
pub async fn report(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(request): JsonBody<Report>,
) -> Result<Response, Refusal> {
    if !REPORTED.contains(&request.result.as_str()) {
        return Err(Refusal::field("result", "result is red, blue or draw"));
    }
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let tournament = tables::get(&mut tx, &id).await.map_err(Refusal::storage)?;
    let tournament = tournament.ok_or_else(|| Refusal::not_found("tournament"))?;
    if !tournament.over_the_board {
        return Err(Refusal::new(Code::NotOverTheBoard, "this tournament's results come from its games"));
    }
    match tournament.state.as_str() {
        "registering" => return Err(Refusal::new(Code::NotStarted, "this tournament has not started")),
        "finished" => return Err(Refusal::new(Code::TournamentFinished, "this tournament is over")),
        _ => {}
    }
    // Taken first, so that two players reporting at once are counted one after the other.
    let locked = sqlx::query(
        "UPDATE tournament_pairings SET paired_at = paired_at
         WHERE tournament_id = $1 AND round = $2 AND board = $3 AND blue IS NOT NULL",
    )
    .bind(&id)
    .bind(request.round)
    .bind(request.board)
    .execute(&mut *tx)
    .await
    .map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut tx, &id).await.map_err(Refusal::storage)?;
    let board = pairings.iter().find(|p| p.round == request.round && p.board == request.board);
    let Some(board) = board.filter(|_| locked.rows_affected() == 1 && request.round == tournament.round)
    else {
        return Err(Refusal::not_found("board in this tournament's current round"));
    };
    let players = tables::players(&mut tx, &id).await.map_err(Refusal::storage)?;
    let color = color_on(board, &players, &who.member.id).ok_or_else(|| {
        Refusal::new(Code::NotOnBoard, "only the two players of this board report its result")
    })?;
    if board.result.is_some() {
        return Err(Refusal::new(Code::ResultIn, "this board's result is in: the director may change it"));
    }
    let keys = (&id, request.round, request.board);
    sqlx::query("DELETE FROM tournament_reports WHERE tournament_id = $1 AND round = $2 AND board = $3 AND color = $4")
        .bind(keys.0)
        .bind(keys.1)
        .bind(keys.2)
        .bind(color)
        .execute(&mut *tx)
        .await
        .map_err(Refusal::storage)?;
    sqlx::query(
        "INSERT INTO tournament_reports (tournament_id, round, board, color, result, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(keys.0)
    .bind(keys.1)
    .bind(keys.2)
    .bind(color)
    .bind(&request.result)
    .bind(now_ms())
    .execute(&mut *tx)
    .await
    .map_err(Refusal::storage)?;
    let said: Vec<String> = reports(&mut tx, &id)
        .await
        .map_err(Refusal::storage)?
        .into_iter()
        .filter(|r| r.round == request.round && r.board == request.board)
        .map(|r| r.result)
        .collect();
    let state = match said.as_slice() {
        [one, other] if one == other => "confirmed",
        [_, _] => "disputed",
        _ => "waiting",
    };
    let detail =
        format!("round {} board {}: {color} reported {}", request.round, request.board, request.result);
    tables::log(&mut tx, &id, &who.member.id, "reported", &detail).await.map_err(Refusal::storage)?;
    if state == "confirmed" {
        tables::set_result(&mut tx, &id, request.round, request.board, &request.result)
            .await
            .map_err(Refusal::storage)?;
        result_entered(&mut tx, &tournament, board, &request.result).await.map_err(Refusal::storage)?;
        let detail = format!(
            "round {} board {}: none → {} (both players)",
            request.round, request.board, request.result
        );
        tables::log(&mut tx, &id, &who.member.id, "result", &detail).await.map_err(Refusal::storage)?;
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(&id);
    Ok(Json(json!({ "state": state })).into_response())
}
