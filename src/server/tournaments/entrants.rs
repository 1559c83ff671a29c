//! Who may enter a tournament (issue 40), and entering one: a member registering themselves
//! (`POST api/tournaments/{id}/players`), or its director entering a bot
//! (`POST api/tournaments/{id}/entrants {"name"}`) — a bot's token only plays, so a bot is
//! entered by the director rather than by a session of its own.
//!
//! The tournament's `entrants` setting says who: `members` (the default) takes no bots,
//! `members-and-bots` takes both, and `bots` (an engine match) takes bots only. A round robin
//! or a gauntlet lays out its table at the start: it takes nobody new after it.

use super::directing::Director;
use super::director::Parts;
use super::ledger::format_of;
use super::tables::{self, TournamentRow};
use crate::server::error::{Code, Refusal};
use crate::server::http::openapi::{NotDirector, NotSignedIn};
use crate::server::http::JsonBody;
use crate::server::members::accounts::Member;
use crate::server::members::public::member_named;
use crate::server::rating::tables::rating_of;
use crate::tournament::Format;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

/// Whether tournament `row` takes `member`, as its `entrants` setting says; else the refusal.
pub fn may_enter(row: &TournamentRow, member: &Member) -> Result<(), Refusal> {
    match (row.entrants.as_str(), member.bot) {
        ("members", true) => {
            Err(Refusal::new(Code::BotNotAllowed, "this tournament is for members who are not bots"))
        }
        ("bots", false) => {
            Err(Refusal::new(Code::BotsOnly, "only bots enter this tournament: it is an engine match"))
        }
        _ => Ok(()),
    }
}

/// Enters `member` in tournament `row`, by member `by` (themselves, or the director): their
/// number, or none when they came back after withdrawing. Refused when the tournament does not
/// take them, is over or takes nobody new, or when they are in already or were removed.
pub async fn enter(
    parts: &Parts,
    row: &TournamentRow,
    member: &Member,
    by: &str,
) -> Result<Option<i64>, Refusal> {
    may_enter(row, member)?;
    if row.state == "finished" {
        return Err(Refusal::new(Code::TournamentFinished, "this tournament is over"));
    }
    let id = &row.id;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let players = tables::players(&mut tx, id).await.map_err(Refusal::storage)?;
    if players.iter().any(|p| p.member_id == member.id && p.removed) {
        return Err(Refusal::new(Code::Removed, "an admin removed this player from this tournament"));
    }
    let (action, detail) =
        if by == member.id { ("registered", "") } else { ("entered", member.name.as_str()) };
    if tables::set_withdrawn(&mut tx, id, &member.id, false).await.map_err(Refusal::storage)? {
        let (action, detail) = if by == member.id { ("came back", "") } else { (action, detail) };
        tables::log(&mut tx, id, by, action, detail).await.map_err(Refusal::storage)?;
        tx.commit().await.map_err(Refusal::storage)?;
        parts.live.tournament_changed(id);
        return Ok(None);
    }
    // A round robin's or a gauntlet's table is laid out at the start: no late entries.
    let laid_out = matches!(format_of(&row.format), Some((Format::RoundRobin | Format::Gauntlet, _)));
    if row.state != "registering" && laid_out {
        return Err(Refusal::new(Code::RegistrationClosed, "this tournament takes no more players"));
    }
    let rating = rating_of(&mut tx, &member.id, &row.rules).await.map_err(Refusal::storage)?;
    let number = tables::register(&mut tx, id, &member.id, rating.rating.round() as i64, row.round)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::new(Code::AlreadyRegistered, "this player is in already"))?;
    tables::log(&mut tx, id, by, action, detail).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    Ok(Some(number))
}

/// The bot a director enters.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entrant {
    name: String,
}

#[utoipa::path(post, path = "/api/tournaments/{id}/entrants", operation_id = "enter_bot", tag = "tournaments",
    summary = "Enters a bot in a tournament that takes bots (its director), or brings it back",
    params(("id" = String, Path, description = "The tournament")),
    request_body(content = serde_json::Value, description = "{\"name\"}: the bot's member name"),
    responses(
        (status = 201, description = "{\"number\"} (null: a bot that had withdrawn is back)", body = serde_json::Value),
        NotSignedIn,
        NotDirector,
        (status = 404, description = "No such tournament, or no member of this name (`no_member`)"),
        (status = 409, description = "Not a bot (`not_a_bot`), a tournament without bots (`bot_not_allowed`), over, closed, or the bot is in already"),
        (status = 429, description = "Too many registration changes lately"),
    ))]
pub async fn enter_bot(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    director: Director,
    JsonBody(entrant): JsonBody<Entrant>,
) -> Result<Response, Refusal> {
    let by = &director.who.member.id;
    let bot = member_named(&parts.members, entrant.name.trim()).await?;
    if !bot.bot {
        return Err(Refusal::new(Code::NotABot, "a director enters bots only: members register themselves"));
    }
    // Counted as the bot's own change: a director may enter a whole field at once.
    parts.limits.may_change_registration(&bot.id, &id)?;
    let number = enter(&parts, &director.tournament, &bot, by).await?;
    Ok((StatusCode::CREATED, Json(json!({ "number": number }))).into_response())
}
