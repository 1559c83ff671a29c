//! The bot API (bearer token of a bot account; see [`super::bearer`]), as lichess's Bot API in
//! our own words. Lines of the streams are NDJSON; every refusal is the server's typed
//! `{"code","message","params"}`.
//!
//! ```text
//! GET  api/bot/account                     → {"name","bot":true}
//! GET  api/bot/stream/event                → NDJSON: gameStart, gameFinish, challenge, challengeCanceled
//! GET  api/bot/game/stream/{id}            → NDJSON: gameFull, then gameState and chatLine
//! POST api/bot/challenge/{id}/accept       → {"game"}
//! POST api/bot/challenge/{id}/decline {"reason"} → 204
//! POST api/bot/challenge/{name} {"rules","clock","color","rated"} → 201 {"id"}
//! POST api/bot/game/{id}/move/{uci}        → 204
//! POST api/bot/game/{id}/draw/{yes|no}     → 204 (yes: offer, or accept the opponent's)
//! POST api/bot/game/{id}/resign            → 204
//! POST api/bot/game/{id}/chat {"text"}     → 204 (the players' chat)
//! ```

use super::bearer::{Bot, Refused};
use super::events::{self, Follow};
use super::game_stream::{self, Watched};
use super::ndjson;
use super::wire::{self, ClockAsked};
use super::Bots;
use crate::rules::Color;
use crate::server::chat::seat::ChatSeat;
use crate::server::chat::Chat;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::{OfferKind, Status};
use crate::server::game::event::{Command, Event};
use crate::server::game::token;
use crate::server::http::JsonBody;
use crate::server::members::{games, Members};
use crate::server::ops::shutdown::Shutdown;
use crate::server::pairing::challenging::{self, Asked, Club};
use crate::server::pairing::Pairing;
use crate::server::play::hub::Hub;
use crate::server::play::room::Room;
use crate::server::push::Push;
use crate::server::watchers::Live;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refused>;

/// The bot API in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(
    bot_account,
    event_stream,
    game_stream,
    bot_accept,
    bot_decline,
    bot_challenge,
    bot_move,
    bot_draw,
    bot_resign,
    bot_chat
))]
pub struct Api;

/// How long a bot's seat may be away before the opponent may claim the win (the club's
/// `--abandon-after`), as the room's watchers are told.
#[derive(Clone, Copy)]
pub struct AbandonMs(pub i64);

/// The bot API's routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Pairing>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Push>: FromRef<S>,
    Arc<Chat>: FromRef<S>,
    Arc<Bots>: FromRef<S>,
    Shutdown: FromRef<S>,
    AbandonMs: FromRef<S>,
{
    Router::new()
        .route("/api/bot/account", get(bot_account))
        .route("/api/bot/stream/event", get(event_stream))
        .route("/api/bot/game/stream/{id}", get(game_stream))
        .route("/api/bot/challenge/{id}/accept", post(bot_accept))
        .route("/api/bot/challenge/{id}/decline", post(bot_decline))
        .route("/api/bot/challenge/{name}", post(bot_challenge))
        .route("/api/bot/game/{id}/move/{uci}", post(bot_move))
        .route("/api/bot/game/{id}/draw/{answer}", post(bot_draw))
        .route("/api/bot/game/{id}/resign", post(bot_resign))
        .route("/api/bot/game/{id}/chat", post(bot_chat))
}

/// The bot's seat in game `id` and its room: refused unless the bot took a seat there.
async fn seat(members: &Members, hub: &Hub, id: &str, bot: &Bot) -> Result<(Arc<Room>, Color), Refusal> {
    if !token::is_game_id(id) {
        return Err(Refusal::new(Code::NotFound, "this is not a game id"));
    }
    let color = games::seat_in(members.pool(), id, &bot.member.id).await.map_err(Refusal::storage)?;
    let color = color.ok_or_else(|| Refusal::new(Code::NotAPlayer, "this bot has no seat in this game"))?;
    Ok((hub.room(id).await?, color))
}

/// The path's parameters, or a typed refusal (not UTF-8, say).
fn in_path<T>(path: Result<Path<T>, PathRejection>) -> Result<T, Refusal> {
    path.map(|Path(values)| values).map_err(|rejection| Refusal::field("path", rejection.body_text()))
}

fn done() -> Answer {
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(get, path = "/api/bot/account", tag = "bots",
    summary = "The bot the token plays for",
    responses(
        (status = 200, description = "{\"name\",\"bot\":true}", body = serde_json::Value),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
    ))]
async fn bot_account(bot: Bot) -> Answer {
    Ok(Json(json!({ "name": bot.member.name, "bot": true })).into_response())
}

#[utoipa::path(get, path = "/api/bot/stream/event", tag = "bots",
    summary = "The bot's events: games started and finished, challenges made and called off",
    responses(
        (status = 200, description = "NDJSON lines; an empty line at least every 10 s", body = String, content_type = "application/x-ndjson"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 429, description = "Too many streams"),
    ))]
async fn event_stream(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    bot: Bot,
) -> Answer {
    let slot = live.member_slot(&bot.member.id)?;
    let (lines, answer) = ndjson::stream();
    let follow = Follow { pool: members.pool().clone(), member_id: bot.member.id, token_id: bot.token_id };
    let stop = shutdown.signalled();
    tokio::spawn(async move {
        let _slot = slot;
        events::run(lines, follow, stop).await;
    });
    Ok(answer)
}

#[utoipa::path(get, path = "/api/bot/game/stream/{id}", tag = "bots",
    summary = "A game of the bot: the whole game, then each change and each line of the players' chat",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 200, description = "NDJSON lines: gameFull, then gameState and chatLine; ends after the game's end", body = String, content_type = "application/x-ndjson"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 404, description = "No such game"),
        (status = 409, description = "The bot has no seat in it (`not_a_player`)"),
    ))]
async fn game_stream(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(chat): State<Arc<Chat>>,
    State(shutdown): State<Shutdown>,
    State(AbandonMs(abandon_ms)): State<AbandonMs>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
) -> Answer {
    let id = in_path(path)?;
    let (_, color) = seat(&members, &hub, &id, &bot).await?;
    // The bot came: a tournament's director no longer takes it for a no-show.
    games::note_taken(members.pool(), &id, color, now_ms()).await.map_err(Refusal::storage)?;
    let room = hub.enter(&id).await?;
    let (lines, answer) = ndjson::stream();
    let pool = members.pool().clone();
    let watched = Watched { hub, chat, pool, room, color, token_id: bot.token_id, abandon_ms };
    tokio::spawn(game_stream::run(lines, watched, shutdown.signalled()));
    Ok(answer)
}

#[utoipa::path(post, path = "/api/bot/challenge/{id}/accept", tag = "bots",
    summary = "Accepts a challenge to the bot: the game starts",
    params(("id" = String, Path, description = "The challenge")),
    responses(
        (status = 200, description = "{\"game\"}", body = serde_json::Value),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "No such challenge, expired or answered"),
    ))]
async fn bot_accept(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(pairing): State<Arc<Pairing>>,
    State(live): State<Arc<Live>>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
) -> Answer {
    let id = in_path(path)?;
    let (game, _) = challenging::accept(&members, &hub, &pairing, &live, &id, &bot.member).await?;
    Ok(Json(json!({ "game": game })).into_response())
}

/// Why a bot declines.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeclineBody {
    #[serde(default)]
    reason: Option<String>,
}

#[utoipa::path(post, path = "/api/bot/challenge/{id}/decline", tag = "bots",
    summary = "Declines a challenge to the bot",
    params(("id" = String, Path, description = "The challenge")),
    request_body(content = serde_json::Value, description = "{\"reason\": \"variant\"|\"clock\"|\"rated\"|\"generic\"}"),
    responses(
        (status = 204, description = "Declined"),
        (status = 400, description = "An unknown reason"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "No such challenge, expired or answered"),
    ))]
async fn bot_decline(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
    JsonBody(body): JsonBody<DeclineBody>,
) -> Answer {
    let id = in_path(path)?;
    let reason = body.reason.as_deref().unwrap_or("generic");
    if !["variant", "clock", "rated", "generic"].contains(&reason) {
        return Err(Refusal::field("reason", "variant, clock, rated or generic").into());
    }
    challenging::answer(&members, &live, &id, &bot.member, false).await?;
    tracing::debug!(challenge = %id, reason, "a bot declined a challenge");
    done()
}

/// A bot's challenge.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    #[serde(default)]
    rules: String,
    #[serde(default)]
    clock: Option<ClockAsked>,
    #[serde(default)]
    color: Option<String>,
    #[serde(default)]
    rated: bool,
}

#[utoipa::path(post, path = "/api/bot/challenge/{name}", tag = "bots",
    summary = "The bot challenges a member (or another bot), as a member's challenge",
    params(("name" = String, Path, description = "The member challenged")),
    request_body(content = serde_json::Value, description = "{\"rules\",\"clock\":{\"minutes\",\"increment\"}|{\"days\"}|null,\"color\":\"red\"|\"blue\"|\"random\",\"rated\"}"),
    responses(
        (status = 201, description = "{\"id\"}", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "A rated game with a human where bots are rated apart (`bot_game_casual`), or oneself"),
        (status = 429, description = "Too many challenges (10, then 10 a minute)"),
    ))]
async fn bot_challenge(
    State(members): State<Arc<Members>>,
    State(pairing): State<Arc<Pairing>>,
    State(live): State<Arc<Live>>,
    State(push): State<Arc<Push>>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
    JsonBody(body): JsonBody<ChallengeBody>,
) -> Answer {
    let name = in_path(path)?;
    let club = Club { members: &members, pairing: &pairing, live: &live, push: &push };
    let asked = Asked {
        to: name,
        rules: body.rules,
        clock: wire::clock_spec(body.clock)?,
        color: body.color.unwrap_or_else(|| "random".into()),
        rated: body.rated,
    };
    let (id, _) = challenging::send(&club, &bot.member, &asked).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

#[utoipa::path(post, path = "/api/bot/game/{id}/move/{uci}", tag = "bots",
    summary = "Plays the bot's move, such as a3a4 (sent again after a lost answer, it is not played twice)",
    params(("id" = String, Path, description = "The game"), ("uci" = String, Path, description = "The move: from and to squares")),
    responses(
        (status = 204, description = "Played"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 404, description = "No such game"),
        (status = 409, description = "Not the bot's game or turn, an illegal move, or the game is over"),
    ))]
async fn bot_move(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    path: Result<Path<(String, String)>, PathRejection>,
    bot: Bot,
) -> Answer {
    let (id, uci) = in_path(path)?;
    let (room, color) = seat(&members, &hub, &id, &bot).await?;
    let game = room.snapshot().await;
    let ply = game.ply();
    // The same move sent again (its answer lost on the way): played once, answered as played.
    let last = game.game.moves().last().map(ToString::to_string);
    if ply > 0
        && game.mover(ply - 1) == color
        && game.turn() != color
        && last.as_deref() == Some(uci.as_str())
    {
        return done();
    }
    match room.apply(Command::Play { by: color, ply, mv: uci }).await? {
        Event::Moved(_) | Event::Resent(_) => done(),
        // A move gives no other event than the end on time, when the mover's flag fell first.
        _ => Err(Refusal::new(Code::GameOver, "your time ran out before the move").into()),
    }
}

#[utoipa::path(post, path = "/api/bot/game/{id}/draw/{answer}", tag = "bots",
    summary = "yes: offers a draw, or accepts the opponent's offer; no: declines it",
    params(("id" = String, Path, description = "The game"), ("answer" = String, Path, description = "yes or no")),
    responses(
        (status = 204, description = "Done"),
        (status = 400, description = "Neither yes nor no"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "Not the bot's game, no offer to decline, or the game is over"),
    ))]
async fn bot_draw(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    path: Result<Path<(String, String)>, PathRejection>,
    bot: Bot,
) -> Answer {
    let (id, answer) = in_path(path)?;
    let yes = match answer.as_str() {
        "yes" => true,
        "no" => false,
        _ => return Err(Refusal::field("answer", "yes or no").into()),
    };
    let (room, color) = seat(&members, &hub, &id, &bot).await?;
    let game = room.snapshot().await;
    let offered = game.offer.is_some_and(|offer| offer.kind == OfferKind::Draw && offer.by != color);
    let command = match (yes, offered) {
        (true, true) => {
            Command::Accept { by: color, offer: OfferKind::Draw, rematch_id: token::new_game_id() }
        }
        (true, false) => Command::Offer(color, OfferKind::Draw),
        (false, _) => Command::Decline(color, OfferKind::Draw),
    };
    room.apply(command).await?;
    done()
}

#[utoipa::path(post, path = "/api/bot/game/{id}/resign", tag = "bots",
    summary = "The bot resigns the game",
    params(("id" = String, Path, description = "The game")),
    responses(
        (status = 204, description = "Resigned"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "Not the bot's game, or the game is over"),
    ))]
async fn bot_resign(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
) -> Answer {
    let id = in_path(path)?;
    let (room, color) = seat(&members, &hub, &id, &bot).await?;
    if room.snapshot().await.status == Status::Over {
        return Err(Refusal::new(Code::GameOver, "the game is over").into());
    }
    room.apply(Command::Resign(color)).await?;
    done()
}

/// A line for the players' chat.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatBody {
    text: String,
}

#[utoipa::path(post, path = "/api/bot/game/{id}/chat", tag = "bots",
    summary = "Says a line in the game's players' chat",
    params(("id" = String, Path, description = "The game")),
    request_body(content = serde_json::Value, description = "{\"text\"}"),
    responses(
        (status = 204, description = "Said"),
        (status = 400, description = "No text, or not one line"),
        (status = 401, description = "No working bot token (`bad_bot_token`)"),
        (status = 409, description = "Not the bot's game, too long (`chat_too_long`) or too fast (`chat_too_fast`)"),
    ))]
async fn bot_chat(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(chat): State<Arc<Chat>>,
    path: Result<Path<String>, PathRejection>,
    bot: Bot,
    JsonBody(body): JsonBody<ChatBody>,
) -> Answer {
    let id = in_path(path)?;
    seat(&members, &hub, &id, &bot).await?;
    let place = ChatSeat::of_bot(&chat, &id, bot.member).await?;
    place.post(&chat, &id, &body.text).await?;
    done()
}
