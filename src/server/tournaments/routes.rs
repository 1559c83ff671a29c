//! The tournament API. Reads are open to anyone; the rest needs a signed-in member, and
//! starting, pairing, results and the other changes of a tournament its director: an admin,
//! or its creator where the club lets members make tournaments ([`directing`]). Every change
//! is noted in the tournament's log. The games are played on the server: see [`director`]; a
//! result the director sets is followed by its game and the ratings: see [`adjust`].
//!
//! ```text
//! GET  api/tournaments?limit&after   → a page of the list: see [`listing`](super::listing)
//! POST api/tournaments  {"name","format","rounds"?,"rules"?,"rated"?,"bye_points"?,
//!                        "late_entry_points"?,"clock"?,"no_show_seconds"?,"starts_at"?,
//!                        "minutes"?,"over_the_board"?,"entrants"?,"challenger"?,
//!                        "games_each"?}  (an admin, or any member if the club allows,
//!                        within [`limits`](super::limits))      → 201 the tournament
//! GET  api/tournaments/{id}     → the tournament, players, pairings (with their games) and
//!                                 standings
//! PATCH api/tournaments/{id}  {the fields of POST, each optional} (its director, while it is
//!                              registering: see [`edit`](super::edit)) → the tournament
//! POST api/tournaments/{id}/players   (the member registers, or comes back) → 201 {"number"}
//! POST api/tournaments/{id}/entrants {"name"} (its director enters a bot, in a tournament
//!                                     that takes bots: see [`entrants`](super::entrants)) → 201 {"number"}
//! DELETE api/tournaments/{id}/players (the member withdraws; a game of theirs in play is
//!                                     lost by forfeit at once)    → 204
//!                                     (either: within [`limits`](super::limits))
//! POST api/tournaments/{id}/start     (its director)             → the tournament, round 1 paired
//! POST api/tournaments/{id}/rounds    (its director)             → 201 the next round's boards
//! PUT  api/tournaments/{id}/results   {"round","board","result"} (its director) → 204
//! GET  api/tournaments/{id}/log       (its director)             → {"log":[…]}, oldest first
//! DELETE api/tournaments/{id}/players/{number} (its director removes a player) → 204
//! POST api/tournaments/{id}/pause | resume | end (its director)  → the tournament
//! ```
//! `format`: `swiss` (with `rounds`), `round-robin`, `double-round-robin`, `arena` (with
//! `minutes`, 60 unless given) or `gauntlet` (with `challenger`, a member's name, and
//! `games_each`, 2 unless given); `entrants`: `members` (unless given), `members-and-bots` or
//! `bots`; `clock` as a game's (`{"kind":"live","seconds":180,
//! "increment":2}`); `no_show_seconds`: 180 unless given; `starts_at`: ms since the Unix epoch
//! (none: an admin starts it); `over_the_board`: played on real boards, the results entered
//! or reported by the players (see [`over_the_board`]), all checked by
//! [`settings`](super::settings); `result`: `red`, `blue`, `draw`, `red-forfeits`,
//! `blue-forfeits` or `double-forfeit`. The director pairs a round when every result of the one
//! before is in; `rounds` asks for it at once (and after the last round finishes the
//! tournament, `{"finished":true}`).

use super::adjust::adjust;
use super::directing::Director;
use super::director::{self, Paired, Parts, Started};
use super::edit::{self, edit};
use super::entrants::{self, enter_bot};
use super::forfeits;
use super::limits::Limits;
use super::listing::{self, list};
use super::log_detail;
use super::over_the_board;
use super::settings::{checked, Settings};
use super::shown::shown;
use super::tables::{self, TournamentRow};
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::{NotDirector, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::options::TournamentMakers;
use crate::server::members::{Members, SignedIn};
use crate::server::pairing::Pairing;
use crate::server::play::hub::Hub;
use crate::server::push::Push;
use crate::server::watchers::Live;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The tournament routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    listing::list,
    create,
    show,
    edit::edit,
    register,
    entrants::enter_bot,
    withdraw,
    start,
    pair_next,
    set_result,
    log,
    remove,
    pause,
    resume,
    end,
    over_the_board::report
))]
pub struct Api;

/// The tournament routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Limits>: FromRef<S>,
    Arc<Push>: FromRef<S>,
    Arc<Pairing>: FromRef<S>,
{
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(show).patch(edit))
        .route("/api/tournaments/{id}/players", post(register).delete(withdraw))
        .route("/api/tournaments/{id}/entrants", post(enter_bot))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/api/tournaments/{id}/rounds", post(pair_next))
        .route("/api/tournaments/{id}/results", put(set_result))
        .route("/api/tournaments/{id}/log", get(log))
        .route("/api/tournaments/{id}/players/{number}", delete(remove))
        .route("/api/tournaments/{id}/pause", post(pause))
        .route("/api/tournaments/{id}/resume", post(resume))
        .route("/api/tournaments/{id}/end", post(end))
        .route("/api/tournaments/{id}/reports", post(over_the_board::report))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewResult {
    round: i64,
    board: i64,
    result: String,
}

async fn tournament(members: &Members, id: &str) -> Result<TournamentRow, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::get(&mut conn, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("tournament"))
}

#[utoipa::path(post, path = "/api/tournaments", operation_id = "create_tournament", tag = "tournaments",
    summary = "Makes a tournament (an admin, or any member if the club allows)",
    request_body(content = serde_json::Value, description = "{\"name\",\"format\",\"rounds\"?,\"rules\"?,\"rated\"?,\"bye_points\"?,\"late_entry_points\"?,\"clock\"?,\"no_show_seconds\"?,\"starts_at\"?,\"minutes\"?,\"over_the_board\"?,\"entrants\"?,\"challenger\"?,\"games_each\"?}"),
    responses(
        (status = 201, description = "The tournament", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        (status = 403, description = "Not allowed to make one"),
        (status = 409, description = "Too many tournaments of the member's not yet finished"),
        (status = 429, description = "Too many tournaments made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(request): JsonBody<Settings>) -> Answer {
    if !who.member.admin && parts.members.tournament_makers != TournamentMakers::Members {
        return Err(Refusal::not_admin());
    }
    let row = checked(request)?.new_row(&who.member.id);
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    parts.limits.may_create(&mut tx, &who.member).await?;
    tables::insert(&mut tx, &row).await.map_err(Refusal::storage)?;
    tables::log(&mut tx, &row.id, &who.member.id, "created", &row.format).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(&row.id);
    Ok((StatusCode::CREATED, Json(shown(&parts.members, &row.id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/tournaments/{id}", operation_id = "show_tournament", tag = "tournaments",
    summary = "A tournament: its players, pairings with their games, and standings",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        (status = 404, description = "No such tournament"),
    ))]
async fn show(State(members): State<Arc<Members>>, Path(id): Path<String>) -> Answer {
    Ok(Json(shown(&members, &id).await?).into_response())
}

#[utoipa::path(post, path = "/api/tournaments/{id}/players", tag = "tournaments",
    summary = "Registers the signed-in member (or brings them back)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 201, description = "{\"number\"}", body = serde_json::Value),
        NotSignedIn,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Registration is closed, a bot in a tournament of members (`bot_not_allowed`), or a member in one of bots (`bots_only`)"),
        (status = 429, description = "Too many registration changes lately"),
    ))]
async fn register(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let row = tournament(&parts.members, &id).await?;
    parts.limits.may_change_registration(&who.member.id, &id)?;
    let number = entrants::enter(&parts, &row, &who.member, &who.member.id).await?;
    if number.is_none() {
        return Ok(Json(json!({ "number": null })).into_response());
    }
    Ok((StatusCode::CREATED, Json(json!({ "number": number }))).into_response())
}

#[utoipa::path(delete, path = "/api/tournaments/{id}/players", tag = "tournaments",
    summary = "Withdraws the signed-in member (a game of theirs in play is lost by forfeit at once)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 204, description = "Withdrawn"),
        NotSignedIn,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Not a player"),
        (status = 429, description = "Too many registration changes lately"),
    ))]
async fn withdraw(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let row = tournament(&parts.members, &id).await?;
    parts.limits.may_change_registration(&who.member.id, &id)?;
    if row.state == "finished" {
        return Err(Refusal::new(Code::TournamentFinished, "this tournament is over"));
    }
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::set_withdrawn(&mut tx, &id, &who.member.id, true).await.map_err(Refusal::storage)? {
        return Err(Refusal::not_found("player of this tournament"));
    }
    tables::log(&mut tx, &id, &who.member.id, "withdrew", "").await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(&id);
    // Their game in play ends now, or at the director's next look should this fail.
    let _ = forfeits::end_games_of_leavers(&parts.hub, parts.members.pool(), &parts.live, Some(&id)).await;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(post, path = "/api/tournaments/{id}/start", tag = "tournaments",
    summary = "Starts a tournament and pairs round 1 (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Already started, too few players, or a gauntlet's challenger not in (`no_challenger`)"),
    ))]
async fn start(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    match director::start(&parts, &id, &director.who.member.id).await? {
        Started::Now => {}
        Started::Already => {
            return Err(Refusal::new(Code::AlreadyStarted, "this tournament has started already"))
        }
        Started::TooFewPlayers => {
            return Err(Refusal::new(Code::TooFewPlayers, "a tournament needs two players or more"))
        }
        Started::NoChallenger => {
            let name = director.tournament.challenger.clone();
            let message = format!("a gauntlet starts once its challenger, {name}, is in");
            return Err(Refusal::new(Code::NoChallenger, message).with("name", name));
        }
    }
    Ok(Json(shown(&parts.members, &id).await?).into_response())
}

#[utoipa::path(post, path = "/api/tournaments/{id}/rounds", tag = "tournaments",
    summary = "Pairs the next round now (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 201, description = "The round's boards, or {\"finished\":true}", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "A result is missing or the tournament is over"),
    ))]
async fn pair_next(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    match director::pair_round(&parts, &id, &director.who.member.id).await? {
        None => Err(Refusal::new(Code::RoundAlreadyPaired, "another request paired or finished it first")),
        Some(Paired::Finished) => Ok(Json(json!({ "finished": true })).into_response()),
        Some(Paired::Round(number)) => {
            let shown = shown(&parts.members, &id).await?;
            let all = shown["pairings"].as_array().cloned().unwrap_or_default();
            let boards: Vec<Value> = all.into_iter().filter(|p| p["round"] == number).collect();
            Ok((StatusCode::CREATED, Json(json!({ "round": number, "pairings": boards }))).into_response())
        }
    }
}

/// The director's change of a running tournament: `pause`, `resume` or `end`.
async fn director_change(parts: &Parts, id: &str, director: Director, change: &str) -> Answer {
    if director.tournament.state == "finished" {
        return Err(Refusal::new(Code::TournamentFinished, "this tournament is over"));
    }
    let by = &director.who.member.id;
    let changed = match change {
        "pause" => director::set_paused(parts, id, true, by).await?,
        "resume" => director::set_paused(parts, id, false, by).await?,
        _ => director::finish(parts, id, by, "ended early").await?,
    };
    if !changed {
        return Err(Refusal::new(Code::Unchanged, format!("the tournament was not changed by {change}")));
    }
    Ok(Json(shown(&parts.members, id).await?).into_response())
}

#[utoipa::path(post, path = "/api/tournaments/{id}/pause", tag = "tournaments",
    summary = "Pauses a tournament (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Not running"),
    ))]
async fn pause(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    director_change(&parts, &id, director, "pause").await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/resume", tag = "tournaments",
    summary = "Resumes a paused tournament (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Not paused"),
    ))]
async fn resume(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    director_change(&parts, &id, director, "resume").await
}

#[utoipa::path(post, path = "/api/tournaments/{id}/end", tag = "tournaments",
    summary = "Ends a tournament now (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "The tournament", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
        (status = 409, description = "Already over"),
    ))]
async fn end(State(parts): State<Parts>, Path(id): Path<String>, director: Director) -> Answer {
    director_change(&parts, &id, director, "end").await
}

#[utoipa::path(delete, path = "/api/tournaments/{id}/players/{number}", operation_id = "remove_player", tag = "tournaments",
    summary = "Removes a player (its director)",
    params(("id" = String, Path, description = "The tournament"), ("number" = i64, Path, description = "The player's number")),
    responses(
        (status = 204, description = "Removed"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
    ))]
async fn remove(
    State(parts): State<Parts>,
    Path((id, number)): Path<(String, i64)>,
    director: Director,
) -> Answer {
    if !director::remove_player(&parts, &id, number, &director.who.member.id).await? {
        return Err(Refusal::not_found("player of this tournament"));
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(put, path = "/api/tournaments/{id}/results", tag = "tournaments",
    summary = "Sets or corrects a board's result (its director); its game and the ratings follow",
    params(("id" = String, Path, description = "The tournament")),
    request_body(content = serde_json::Value, description = "{\"round\",\"board\",\"result\"}"),
    responses(
        (status = 204, description = "Set"),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
    ))]
async fn set_result(
    State(parts): State<Parts>,
    director: Director,
    JsonBody(request): JsonBody<NewResult>,
) -> Answer {
    let by = &director.who.member.id;
    adjust(&parts, &director.tournament, by, (request.round, request.board), &request.result).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/tournaments/{id}/log", tag = "tournaments",
    summary = "The tournament's log of changes, oldest first, each with its detail's parts where known (its director)",
    params(("id" = String, Path, description = "The tournament")),
    responses(
        (status = 200, description = "{\"log\":[…]}", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament"),
    ))]
async fn log(State(members): State<Arc<Members>>, Path(id): Path<String>, _: Director) -> Answer {
    let entries = tables::log_entries(members.pool(), &id).await.map_err(Refusal::storage)?;
    let shown: Vec<Value> = entries
        .iter()
        .map(|(at, by, action, detail)| {
            json!({ "at": at, "by": by, "action": action, "detail": detail,
                    "params": log_detail::params(action, detail) })
        })
        .collect();
    Ok(Json(json!({ "log": shown })).into_response())
}
