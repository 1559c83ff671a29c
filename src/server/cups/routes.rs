//! The cup API. Reads are open to anyone; the rest needs a signed-in member, and starting a
//! cup and its desk (a match's result, a player withdrawn) its director: an admin, or its
//! creator where the club lets members make tournaments (as `tournaments::directing`).
//!
//! ```text
//! GET    api/cups                      → {"cups":[…],"makers":"admins"|"members"}, the open
//!                                        ones first, newest first
//! POST   api/cups {"name","rules"?,"rated"?,"clock"?,"games"?,"tie_break"?,
//!                  "tie_break_clock"?,"round_hours"?}   (within [`limits`](super::limits))
//!                                      → 201 the cup
//! GET    api/cups/{id}                 → the cup: players by seed, the matches, the placing
//! POST   api/cups/{id}/players         (the member joins, before the start) → 201
//! DELETE api/cups/{id}/players         (the member leaves; once started, their match is lost) → 204
//! POST   api/cups/{id}/start           (its director) → the cup, round 1 drawn
//! PUT    api/cups/{id}/results {"round","slot","winner":"top"|"bottom"} (its director) → 204
//! DELETE api/cups/{id}/players/{seed}  (its director withdraws a player: their match is lost) → 204
//! ```
//! `games`: a match is the best of 1 (unless given) to 7; `tie_break`: `extra-games` (unless
//! given) or `armageddon`, with `tie_break_clock` (3+2 unless given); `round_hours`: a match's
//! time from its pairing to its deadline (a week unless given). See
//! `crate::competitions::cup` for the bracket and the tie-breaks, [`director`] for the rest.

use super::director::{self, Parts, Started};
use super::settings::{new_cup, Settings};
use super::shown::{shown, summary};
use super::tables::{self, CupRow, PlayerRow};
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::{NotDirector, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::tournaments::tables::begin_writing;
use crate::server::watchers::Live;
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

/// The cup routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, join, leave, start, set_result, withdraw, super::live::cup_events))]
pub struct Api;

/// The cup routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<super::limits::Limits>: FromRef<S>,
    Bounds: FromRef<S>,
{
    Router::new()
        .route("/api/cups", get(list).post(create))
        .route("/api/cups/{id}", get(show))
        .route("/api/cups/{id}/players", post(join).delete(leave))
        .route("/api/cups/{id}/start", post(start))
        .route("/api/cups/{id}/results", put(set_result))
        .route("/api/cups/{id}/players/{seed}", delete(withdraw))
}

async fn cup(members: &Members, id: &str) -> Result<CupRow, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::get(&mut conn, id).await.map_err(Refusal::storage)?.ok_or_else(|| Refusal::not_found("cup"))
}

/// Cup `id` if `who` directs it (an admin, or its creator where members make tournaments).
async fn directed(members: &Members, id: &str, who: &SignedIn) -> Result<CupRow, Refusal> {
    let cup = cup(members, id).await?;
    let makers = members.tournament_makers;
    if who.member.admin || (makers == TournamentMakers::Members && cup.created_by == who.member.id) {
        return Ok(cup);
    }
    Err(match makers {
        TournamentMakers::Admins => Refusal::not_admin(),
        TournamentMakers::Members => {
            Refusal::new(Code::NotDirector, "only an admin of the club or the cup's creator may do this")
        }
    })
}

#[utoipa::path(get, path = "/api/cups", tag = "cups", summary = "The club's cups, the open ones first",
    responses((status = 200, description = "{\"cups\":[…],\"makers\":\"admins\"|\"members\"}", body = serde_json::Value)))]
async fn list(State(members): State<Arc<Members>>) -> Answer {
    let cups = tables::list(members.pool()).await.map_err(Refusal::storage)?;
    let mut shown = Vec::new();
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    for cup in &cups {
        let players = tables::players(&mut conn, &cup.id).await.map_err(Refusal::storage)?;
        shown.push(summary(cup, players.len()));
    }
    let makers = if members.tournament_makers == TournamentMakers::Members { "members" } else { "admins" };
    Ok(Json(json!({ "cups": shown, "makers": makers })).into_response())
}

#[utoipa::path(post, path = "/api/cups", operation_id = "create_cup", tag = "cups",
    summary = "Makes a knockout cup (an admin, or any member if the club allows)",
    request_body(content = serde_json::Value, description = "{\"name\",\"rules\"?,\"rated\"?,\"clock\"?,\"games\"?,\"tie_break\"?,\"tie_break_clock\"?,\"round_hours\"?}"),
    responses(
        (status = 201, description = "The cup", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "Not allowed to make one"),
        (status = 409, description = "Too many cups of the member's not yet finished"),
        (status = 429, description = "Too many cups made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(request): JsonBody<Settings>) -> Answer {
    if !who.member.admin && parts.members.tournament_makers != TournamentMakers::Members {
        return Err(Refusal::not_admin());
    }
    let cup = new_cup(request, &who.member.id)?;
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    parts.limits.may_create(&mut tx, &who.member).await?;
    tables::insert(&mut tx, &cup).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.cup_changed(&cup.id);
    Ok((StatusCode::CREATED, Json(shown(&parts.members, &cup.id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/cups/{id}", operation_id = "show_cup", tag = "cups",
    summary = "A cup: its players by seed, every match of its bracket with its games, the placing",
    params(("id" = String, Path, description = "The cup")),
    responses(
        (status = 200, description = "The cup", body = serde_json::Value),
        (status = 404, description = "No such cup"),
    ))]
async fn show(State(members): State<Arc<Members>>, Path(id): Path<String>) -> Answer {
    Ok(Json(shown(&members, &id).await?).into_response())
}

#[utoipa::path(post, path = "/api/cups/{id}/players", operation_id = "join_cup", tag = "cups",
    summary = "Enters the signed-in member in a cup that has not started",
    params(("id" = String, Path, description = "The cup")),
    responses(
        (status = 201, description = "In"),
        NotSignedIn,
        (status = 404, description = "No such cup"),
        (status = 409, description = "Started already, or in already"),
        (status = 429, description = "Too many changes lately"),
    ))]
async fn join(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let cup = cup(&parts.members, &id).await?;
    parts.limits.may_change_entry(&who.member.id, &id)?;
    if cup.state != "registering" {
        return Err(Refusal::new(Code::RegistrationClosed, "this cup has started: it takes no more players"));
    }
    let player = PlayerRow {
        member_id: who.member.id.clone(),
        name: who.member.name.clone(),
        rating: 0,
        lot: director::lot(),
        seed: None,
        withdrawn: false,
    };
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    // Read again in the transaction: a start since the check above closed the entries.
    let still_open =
        tables::get(&mut tx, &id).await.map_err(Refusal::storage)?.is_some_and(|c| c.state == "registering");
    if !still_open {
        return Err(Refusal::new(Code::RegistrationClosed, "this cup has started: it takes no more players"));
    }
    if !tables::join(&mut tx, &id, &player).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::AlreadyRegistered, "you are in already"));
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.cup_changed(&id);
    Ok((StatusCode::CREATED, Json(json!({ "joined": true }))).into_response())
}

#[utoipa::path(delete, path = "/api/cups/{id}/players", operation_id = "leave_cup", tag = "cups",
    summary = "Takes the signed-in member out of a cup (once it started, their match is lost)",
    params(("id" = String, Path, description = "The cup")),
    responses(
        (status = 204, description = "Out"),
        NotSignedIn,
        (status = 404, description = "No such cup, or not a player"),
        (status = 409, description = "The cup is over"),
        (status = 429, description = "Too many changes lately"),
    ))]
async fn leave(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let cup = cup(&parts.members, &id).await?;
    parts.limits.may_change_entry(&who.member.id, &id)?;
    if cup.state == "registering" {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        if !tables::leave(&mut conn, &id, &who.member.id).await.map_err(Refusal::storage)? {
            return Err(Refusal::not_found("player of this cup"));
        }
        parts.live.cup_changed(&id);
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let players = {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        tables::players(&mut conn, &id).await.map_err(Refusal::storage)?
    };
    let seed = players.iter().find(|p| p.member_id == who.member.id).and_then(|p| p.seed);
    let seed = seed.ok_or_else(|| Refusal::not_found("player of this cup"))?;
    withdrawn(&parts, &cup, seed).await
}

#[utoipa::path(post, path = "/api/cups/{id}/start", operation_id = "start_cup", tag = "cups",
    summary = "Seeds the players and draws the bracket; round 1's games are made (its director)",
    params(("id" = String, Path, description = "The cup")),
    responses(
        (status = 200, description = "The cup", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such cup"),
        (status = 409, description = "Started already, or fewer than two players"),
    ))]
async fn start(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    directed(&parts.members, &id, &who).await?;
    match director::start(&parts, &id).await? {
        Started::Now => Ok(Json(shown(&parts.members, &id).await?).into_response()),
        Started::Already => Err(Refusal::new(Code::AlreadyStarted, "this cup has started already")),
        Started::TooFewPlayers => Err(Refusal::new(Code::TooFewPlayers, "a cup needs two players or more")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewResult {
    round: i64,
    slot: i64,
    /// `top` or `bottom`.
    winner: String,
}

#[utoipa::path(put, path = "/api/cups/{id}/results", operation_id = "set_cup_result", tag = "cups",
    summary = "Decides a match (its director): its game in play is lost by forfeit by the loser",
    params(("id" = String, Path, description = "The cup")),
    request_body(content = serde_json::Value, description = "{\"round\",\"slot\",\"winner\":\"top\"|\"bottom\"}"),
    responses(
        (status = 204, description = "Decided"),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such cup or match"),
        (status = 409, description = "The match is decided already"),
    ))]
async fn set_result(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(request): JsonBody<NewResult>,
) -> Answer {
    let cup = directed(&parts.members, &id, &who).await?;
    let top = match request.winner.as_str() {
        "top" => true,
        "bottom" => false,
        _ => return Err(Refusal::field("winner", "winner is top or bottom")),
    };
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let matches = tables::matches(&mut conn, &cup.id).await.map_err(Refusal::storage)?;
    let m = matches.iter().find(|m| m.round == request.round && m.slot == request.slot);
    let m = m.ok_or_else(|| Refusal::not_found("match"))?;
    let Some(bottom) = m.bottom else {
        return Err(Refusal::new(Code::MatchDecided, "this match is a bye"));
    };
    let (winner, loser) = if top { (m.top, bottom) } else { (bottom, m.top) };
    if !tables::decide(&mut conn, &cup.id, (m.round, m.slot), winner, "desk")
        .await
        .map_err(Refusal::storage)?
    {
        return Err(Refusal::new(Code::MatchDecided, "this match is decided already"));
    }
    director::end_game_in_play(&parts, &mut conn, &cup.id, m, loser).await?;
    parts.live.cup_changed(&cup.id);
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(delete, path = "/api/cups/{id}/players/{seed}", operation_id = "withdraw_cup_player", tag = "cups",
    summary = "Withdraws a player (its director): their match in play is lost",
    params(("id" = String, Path, description = "The cup"), ("seed" = i64, Path, description = "The player's seed")),
    responses(
        (status = 204, description = "Withdrawn"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such cup or player"),
        (status = 409, description = "The cup has not started, or is over"),
    ))]
async fn withdraw(
    State(parts): State<Parts>,
    Path((id, seed)): Path<(String, i64)>,
    who: SignedIn,
) -> Answer {
    let cup = directed(&parts.members, &id, &who).await?;
    if cup.state == "registering" {
        return Err(Refusal::new(
            Code::RegistrationClosed,
            "a player leaves a cup not started by themselves",
        ));
    }
    withdrawn(&parts, &cup, seed).await
}

/// Withdraws the player of `seed` from running `cup`: their undecided match is lost (its game
/// in play by forfeit at once; the director decides the match).
async fn withdrawn(parts: &Parts, cup: &CupRow, seed: i64) -> Answer {
    if cup.state == "finished" {
        return Err(Refusal::new(Code::TournamentFinished, "this cup is over"));
    }
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    if !tables::withdraw(&mut conn, &cup.id, seed).await.map_err(Refusal::storage)? {
        return Err(Refusal::not_found("player of this cup"));
    }
    let matches = tables::matches(&mut conn, &cup.id).await.map_err(Refusal::storage)?;
    let open = matches.iter().find(|m| m.winner.is_none() && (m.top == seed || m.bottom == Some(seed)));
    if let Some(m) = open {
        director::end_game_in_play(parts, &mut conn, &cup.id, m, seed).await?;
    }
    parts.live.cup_changed(&cup.id);
    Ok(StatusCode::NO_CONTENT.into_response())
}
