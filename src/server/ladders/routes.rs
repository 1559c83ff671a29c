//! The ladder API. Reads are open to anyone; the rest needs a signed-in member, and the desk
//! (a result set, a member removed, the settings changed) the ladder's director: an admin, or
//! its maker where the club lets members make tournaments ([`directing`](super::directing)).
//! Members are named by their names.
//!
//! ```text
//! GET  api/ladders                      → {"ladders":[{settings…,"members"}],"makers":"admins"|
//!                                         "members"}, newest first (makers: who may make one)
//! POST api/ladders {"name","rules"?,"rated"?,"clock"?,"reach"?,"max_open"?,"answer_hours"?,
//!                   "cool_down_hours"?,"idle_days"?,"free_declines"?,"placement"?}
//!                  (an admin, or any member if the club allows; within [`limits`](super::limits))
//!                                       → 201 the ladder
//! GET  api/ladders/{id}                 → the ladder: settings, ranking, open challenges
//! PATCH api/ladders/{id} {the fields of POST, each optional} (its director) → the ladder
//! POST api/ladders/{id}/members         (the member joins)  → 201 {"place"} (from 1)
//! DELETE api/ladders/{id}/members       (the member leaves: everyone below moves up) → 204
//! DELETE api/ladders/{id}/members/{name} (its director removes a member) → 204
//! POST api/ladders/{id}/challenges {"name"} (a member challenges one above) → 201 the challenge
//! POST api/ladders/{id}/challenges/{challenge}/answer {"accept"} (the one challenged)
//!                                       → the challenge (accepted: with its game)
//! PUT  api/ladders/{id}/challenges/{challenge}/result {"result"} (its director: challenger,
//!                                       challenged or draw) → the challenge
//! GET  api/ladders/{id}/history         → {"history":[…]}, oldest first
//! ```
//! A member who leaves (or is removed) has their open challenges cancelled: a game of theirs
//! being played goes on but counts for nothing. A director's win for a game being played ends
//! the game, lost by the loser; a director's draw leaves it to be played out for nothing.

use super::challenges::{self, RESULTS};
use super::directing::LadderDirector;
use super::settings::{new_row, Settings};
use super::shown::{challenge_json, history_json, settings_json, shown};
use super::tables;
use super::turn::Turn;
use super::Parts;
use crate::competitions::ladder::place_for_rating;
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::event::Command;
use crate::server::game::token::new_game_id;
use crate::server::http::openapi::{NotDirector, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::options::TournamentMakers;
use crate::server::members::SignedIn;
use crate::server::rating::tables::rating_in;
use crate::server::time::now_ms;
use crate::server::tournaments::games::member_at;
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

/// The ladder routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, edit, join, leave, remove, challenge, answer, set_result, history))]
pub struct Api;

/// The ladder routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Parts: FromRef<S>,
    Arc<crate::server::members::Members>: FromRef<S>,
{
    Router::new()
        .route("/api/ladders", get(list).post(create))
        .route("/api/ladders/{id}", get(show).patch(edit))
        .route("/api/ladders/{id}/members", post(join).delete(leave))
        .route("/api/ladders/{id}/members/{name}", delete(remove))
        .route("/api/ladders/{id}/challenges", post(challenge))
        .route("/api/ladders/{id}/challenges/{challenge}/answer", post(answer))
        .route("/api/ladders/{id}/challenges/{challenge}/result", put(set_result))
        .route("/api/ladders/{id}/history", get(history))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Named {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reply {
    accept: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewResult {
    result: String,
}

async fn take(parts: &Parts, id: &str) -> Result<Turn, Refusal> {
    Turn::take(parts.members.pool(), parts.hub.db.backend, id, now_ms()).await
}

#[utoipa::path(get, path = "/api/ladders", operation_id = "list_ladders", tag = "ladders",
    summary = "The club's ladders, the newest first",
    responses((status = 200, description = "{\"ladders\":[…],\"makers\":\"admins\"|\"members\"}", body = serde_json::Value)))]
async fn list(State(parts): State<Parts>) -> Answer {
    let rows = tables::list(parts.members.pool()).await.map_err(Refusal::storage)?;
    let ladders: Vec<_> = rows
        .iter()
        .map(|(row, members)| {
            let mut shown = settings_json(row);
            shown["members"] = json!(members);
            shown
        })
        .collect();
    let makers =
        if parts.members.tournament_makers == TournamentMakers::Members { "members" } else { "admins" };
    Ok(Json(json!({ "ladders": ladders, "makers": makers })).into_response())
}

#[utoipa::path(post, path = "/api/ladders", operation_id = "create_ladder", tag = "ladders",
    summary = "Makes a ladder (an admin, or any member if the club lets members make tournaments)",
    request_body(content = serde_json::Value, description = "{\"name\",\"rules\"?,\"rated\"?,\"clock\"?,\"reach\"?,\"max_open\"?,\"answer_hours\"?,\"cool_down_hours\"?,\"idle_days\"?,\"free_declines\"?,\"placement\"?}"),
    responses(
        (status = 201, description = "The ladder", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "Not allowed to make one"),
        (status = 409, description = "Too many ladders made by the member"),
        (status = 429, description = "Too many ladders made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(settings): JsonBody<Settings>) -> Answer {
    if !who.member.admin && parts.members.tournament_makers != TournamentMakers::Members {
        return Err(Refusal::not_admin());
    }
    let now = now_ms();
    let row = settings.over(&new_row(new_game_id(), &who.member.id, now))?;
    let pool = parts.members.pool();
    let mut tx = crate::server::tournaments::tables::begin_writing(pool, parts.hub.db.backend)
        .await
        .map_err(Refusal::storage)?;
    parts.limits.may_create(&mut tx, &who.member).await?;
    tables::insert(&mut tx, &row).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    Ok((StatusCode::CREATED, Json(shown(&parts, &row.id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/ladders/{id}", operation_id = "show_ladder", tag = "ladders",
    summary = "A ladder: its settings, its members in order with their ratings, its open challenges",
    params(("id" = String, Path, description = "The ladder")),
    responses(
        (status = 200, description = "The ladder", body = serde_json::Value),
        (status = 404, description = "No such ladder"),
    ))]
async fn show(State(parts): State<Parts>, Path(id): Path<String>) -> Answer {
    Ok(Json(shown(&parts, &id).await?).into_response())
}

#[utoipa::path(patch, path = "/api/ladders/{id}", operation_id = "edit_ladder", tag = "ladders",
    summary = "Changes a ladder's settings (its director); challenges made keep their time to answer",
    params(("id" = String, Path, description = "The ladder")),
    request_body(content = serde_json::Value, description = "The fields of POST api/ladders, each optional"),
    responses(
        (status = 200, description = "The ladder", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such ladder"),
    ))]
async fn edit(
    State(parts): State<Parts>,
    director: LadderDirector,
    JsonBody(settings): JsonBody<Settings>,
) -> Answer {
    let mut turn = take(&parts, &director.ladder.id).await?;
    let changed = settings.over(&turn.ladder)?;
    tables::set_settings(&mut turn.tx, &changed).await.map_err(Refusal::storage)?;
    turn.commit().await?;
    Ok(Json(shown(&parts, &director.ladder.id).await?).into_response())
}

#[utoipa::path(post, path = "/api/ladders/{id}/members", operation_id = "join_ladder", tag = "ladders",
    summary = "The signed-in member joins the ladder: at the bottom, or by rating (a setting)",
    params(("id" = String, Path, description = "The ladder")),
    responses(
        (status = 201, description = "{\"place\"} from 1", body = serde_json::Value),
        NotSignedIn,
        (status = 404, description = "No such ladder"),
        (status = 409, description = "On the ladder already"),
        (status = 429, description = "Too many joins and leaves lately"),
    ))]
async fn join(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    parts.limits.may_change_membership(&who.member.id, &id)?;
    let mut turn = take(&parts, &id).await?;
    let place = if turn.ladder.by_rating {
        let category = parts.bounds.category_of_text(&turn.ladder.clock);
        let mut ratings = Vec::new();
        for rung in turn.rungs.clone() {
            let rating = rating_in(&mut turn.tx, &rung.member_id, &turn.ladder.rules, category).await;
            ratings.push(rating.map_err(Refusal::storage)?.rating.round() as i64);
        }
        let own = rating_in(&mut turn.tx, &who.member.id, &turn.ladder.rules, category).await;
        place_for_rating(&ratings, own.map_err(Refusal::storage)?.rating.round() as i64)
    } else {
        turn.rungs.len()
    };
    let place = turn
        .ranking
        .join(who.member.id.clone(), place)
        .ok_or_else(|| Refusal::new(Code::AlreadyOnLadder, "you are on this ladder already"))?;
    turn.note("joined", &who.member.id, None, None, Some(place));
    turn.commit().await?;
    Ok((StatusCode::CREATED, Json(json!({ "place": place + 1 }))).into_response())
}

/// Takes `member_id` off `turn`'s ladder (`kind`: `left` or `removed`), their open challenges
/// cancelled.
async fn take_off(mut turn: Turn, member_id: &str, kind: &str) -> Result<(), Refusal> {
    let place = turn
        .ranking
        .leave(&member_id.to_string())
        .ok_or_else(|| Refusal::new(Code::NotOnLadder, "not on this ladder"))?;
    challenges::cancel_of(&mut turn, member_id).await?;
    turn.note(kind, member_id, None, Some(place), None);
    turn.commit().await
}

#[utoipa::path(delete, path = "/api/ladders/{id}/members", operation_id = "leave_ladder", tag = "ladders",
    summary = "The signed-in member leaves the ladder: everyone below moves up one",
    params(("id" = String, Path, description = "The ladder")),
    responses(
        (status = 204, description = "Left"),
        NotSignedIn,
        (status = 404, description = "No such ladder"),
        (status = 409, description = "Not on the ladder"),
        (status = 429, description = "Too many joins and leaves lately"),
    ))]
async fn leave(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    parts.limits.may_change_membership(&who.member.id, &id)?;
    take_off(take(&parts, &id).await?, &who.member.id, "left").await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The member of `turn`'s ladder named `name`; else the refusal.
fn member_named(turn: &Turn, name: &str) -> Result<String, Refusal> {
    turn.rungs
        .iter()
        .find(|r| r.name == name)
        .map(|r| r.member_id.clone())
        .ok_or_else(|| Refusal::new(Code::NotOnLadder, "no member of this name is on the ladder"))
}

#[utoipa::path(delete, path = "/api/ladders/{id}/members/{name}", operation_id = "remove_from_ladder", tag = "ladders",
    summary = "Takes a member off the ladder (its director): everyone below moves up one",
    params(("id" = String, Path, description = "The ladder"), ("name" = String, Path, description = "The member's name")),
    responses(
        (status = 204, description = "Removed"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such ladder"),
        (status = 409, description = "Not on the ladder"),
    ))]
async fn remove(
    State(parts): State<Parts>,
    director: LadderDirector,
    Path((_, name)): Path<(String, String)>,
) -> Answer {
    let turn = take(&parts, &director.ladder.id).await?;
    let member = member_named(&turn, &name)?;
    take_off(turn, &member, "removed").await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/ladders/{id}/challenges", operation_id = "challenge_on_ladder", tag = "ladders",
    summary = "The signed-in member challenges a member placed above, within the ladder's reach and limits",
    params(("id" = String, Path, description = "The ladder")),
    request_body(content = serde_json::Value, description = "{\"name\"}: the member challenged"),
    responses(
        (status = 201, description = "The challenge", body = serde_json::Value),
        (status = 400, description = "A bad body"),
        NotSignedIn,
        (status = 404, description = "No such ladder"),
        (status = 409, description = "Not allowed: not on the ladder, not above, out of reach, too many open challenges, or too soon after the last between the two"),
    ))]
async fn challenge(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(named): JsonBody<Named>,
) -> Answer {
    let mut turn = take(&parts, &id).await?;
    let challenged = member_named(&turn, &named.name)?;
    let made = challenges::make(&mut turn, &who.member.id, &challenged).await?;
    let shown = challenge_json(&made, &turn.rungs);
    turn.commit().await?;
    Ok((StatusCode::CREATED, Json(shown)).into_response())
}

#[utoipa::path(post, path = "/api/ladders/{id}/challenges/{challenge}/answer", operation_id = "answer_ladder_challenge", tag = "ladders",
    summary = "The member challenged accepts (the game is made, colours by lot) or declines (past the free declines: lost by forfeit)",
    params(("id" = String, Path, description = "The ladder"), ("challenge" = String, Path, description = "The challenge")),
    request_body(content = serde_json::Value, description = "{\"accept\": true or false}"),
    responses(
        (status = 200, description = "The challenge", body = serde_json::Value),
        (status = 400, description = "A bad body"),
        NotSignedIn,
        (status = 403, description = "Not the member challenged"),
        (status = 404, description = "No such ladder or challenge"),
        (status = 409, description = "Answered already"),
    ))]
async fn answer(
    State(parts): State<Parts>,
    Path((id, challenge_id)): Path<(String, String)>,
    who: SignedIn,
    JsonBody(reply): JsonBody<Reply>,
) -> Answer {
    let mut turn = take(&parts, &id).await?;
    let challenge = challenges::load(&mut turn, &challenge_id).await?;
    let answered = challenges::answer(&mut turn, &challenge, &who.member.id, reply.accept).await?;
    let shown = challenge_json(&answered, &turn.rungs);
    turn.commit().await?;
    Ok(Json(shown).into_response())
}

#[utoipa::path(put, path = "/api/ladders/{id}/challenges/{challenge}/result", operation_id = "set_ladder_result", tag = "ladders",
    summary = "Sets a challenge's result (its director): a win from below takes the loser's place",
    params(("id" = String, Path, description = "The ladder"), ("challenge" = String, Path, description = "The challenge")),
    request_body(content = serde_json::Value, description = "{\"result\"}: challenger, challenged or draw"),
    responses(
        (status = 200, description = "The challenge", body = serde_json::Value),
        (status = 400, description = "A bad result"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such ladder or challenge"),
        (status = 409, description = "Over already"),
    ))]
async fn set_result(
    State(parts): State<Parts>,
    director: LadderDirector,
    Path((_, challenge_id)): Path<(String, String)>,
    JsonBody(asked): JsonBody<NewResult>,
) -> Answer {
    if !RESULTS.contains(&asked.result.as_str()) {
        return Err(Refusal::field("result", format!("result is one of {}", RESULTS.join(", "))));
    }
    let mut turn = take(&parts, &director.ladder.id).await?;
    let challenge = challenges::load(&mut turn, &challenge_id).await?;
    let over = challenges::end(&mut turn, &challenge, &asked.result, "director").await?;
    let shown = challenge_json(&over, &turn.rungs);
    turn.commit().await?;
    if let (Some(game_id), "playing") = (&challenge.game_id, challenge.state.as_str()) {
        end_game(&parts, game_id, &challenge, &asked.result).await?;
    }
    Ok(Json(shown).into_response())
}

/// Ends the game of `challenge`, still being played, lost by the loser of the director's
/// `result` (a draw leaves it to be played out).
async fn end_game(
    parts: &Parts,
    game_id: &str,
    challenge: &tables::ChallengeRow,
    result: &str,
) -> Result<(), Refusal> {
    let loser = match result {
        "challenger" => &challenge.challenged,
        "challenged" => &challenge.challenger,
        _ => return Ok(()),
    };
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let red = member_at(&mut conn, game_id, Color::Red).await.map_err(Refusal::storage)?;
    drop(conn);
    let color = if red.as_deref() == Some(loser.as_str()) { Color::Red } else { Color::Blue };
    let room = parts.hub.enter(game_id).await?;
    // A game that ended by itself meanwhile keeps its end: the challenge's result is the director's.
    let _ = room.apply(Command::Withdraw(color)).await;
    parts.hub.leave(&room);
    Ok(())
}

#[utoipa::path(get, path = "/api/ladders/{id}/history", operation_id = "ladder_history", tag = "ladders",
    summary = "A ladder's history: every join, leave, removal, win that took a place and idle drop, with its time",
    params(("id" = String, Path, description = "The ladder")),
    responses(
        (status = 200, description = "{\"history\":[{\"version\",\"at\",\"kind\",\"member\",\"other\",\"from\",\"to\"}]}", body = serde_json::Value),
        (status = 404, description = "No such ladder"),
    ))]
async fn history(State(parts): State<Parts>, Path(id): Path<String>) -> Answer {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::get(&mut conn, &id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("ladder"))?;
    let entries = tables::history(&mut conn, &id).await.map_err(Refusal::storage)?;
    Ok(Json(json!({ "history": entries.iter().map(history_json).collect::<Vec<_>>() })).into_response())
}
