//! The API of finding a game between signed-in members; state-changing requests checked for
//! the page's own origin, as the member API's.
//!
//! ```text
//! POST   api/challenges {"to","rules"?,"clock"?,"color"?,"rated"?} → 201 {"id","to","expires"}
//!                                     (the challenger's open one to that name is replaced)
//! GET    api/me/challenges          → {"incoming":[challenge],"incoming_count","outgoing":[challenge]}
//! POST   api/challenges/{id}/accept → {"game","color"}: the game started, both members seated
//! POST   api/challenges/{id}/decline → 204
//! DELETE api/challenges/{id}        → 204 (the challenger calls it off)
//! POST   api/pairing {"rules"?,"clock"}   → {"game","color"} when paired at once, else 202 {"waiting":true}
//! GET    api/pairing                → the same, or {"waiting":false} when out of the queue
//! DELETE api/pairing                → 204: out of the queue
//! ```
//! A challenge: `{"id","from","from_bot","to","rules","clock","color","rated","state","game","expires"}`,
//! `color` the challenger's side (`red`, `blue` or `random`), `state` `open`, `accepted`,
//! `declined`, `cancelled` or `expired`. A challenge to a name that is no member's is answered
//! and kept exactly as one to a member, and expires unseen: the answer never says whether a
//! name exists. The incoming list is [`challenges::incoming`]; declining them all and blocking
//! a challenger are [`super::inbox`].

use super::challenges;
use super::challenging::{self, Asked, Club};
use super::queue::{self, Place, Waiting};
use super::start::{start, Player, Terms};
use crate::rules::{ByColor, Color};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::{now_ms, ClockSpec};
use crate::server::game::token;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::accounts::Member;
use crate::server::members::{Members, SignedIn};
use crate::server::pairing::Pairing;
use crate::server::play::hub::{check_rules, Hub};
use crate::server::push::Push;
use crate::server::rating::clocked::check_rated_clock;
use crate::server::rating::tables::rating_in;
use crate::server::watchers::Live;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// The routes of challenges and quick pairing in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(challenge, cancel, accept, decline, mine, wait, waiting, leave))]
pub struct Api;

/// The routes of challenges and quick pairing.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Pairing>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Push>: FromRef<S>,
{
    Router::new()
        .route("/api/challenges", post(challenge))
        .route("/api/challenges/{id}", delete(cancel))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/challenges/{id}/decline", post(decline))
        .route("/api/me/challenges", get(mine))
        .route("/api/pairing", get(waiting).post(wait).delete(leave))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChallengeBody {
    to: String,
    rules: Option<String>,
    #[serde(default)]
    clock: ClockSpec,
    color: Option<String>,
    #[serde(default)]
    rated: bool,
}

#[utoipa::path(post, path = "/api/challenges", tag = "pairing",
    summary = "Challenges a member to a game",
    request_body(content = serde_json::Value, description = "{\"to\",\"rules\"?,\"clock\"?,\"color\"?,\"rated\"?}"),
    responses(
        (status = 201, description = "{\"id\",\"to\",\"expires\"}", body = serde_json::Value),
        (status = 400, description = "A bad field, or a rated challenge without a clock (`rated_needs_clock`)"),
        NotSignedIn,
    ))]
async fn challenge(
    State(members): State<Arc<Members>>,
    State(pairing): State<Arc<Pairing>>,
    State(live): State<Arc<Live>>,
    State(push): State<Arc<Push>>,
    SignedIn { member: me, .. }: SignedIn,
    JsonBody(request): JsonBody<ChallengeBody>,
) -> Answer {
    let club = Club { members: &members, pairing: &pairing, live: &live, push: &push };
    let asked = Asked {
        to: request.to,
        rules: request.rules.unwrap_or_default(),
        clock: request.clock,
        color: request.color.unwrap_or_else(|| "random".into()),
        rated: request.rated,
    };
    let (id, expires) = challenging::send(&club, &me, &asked).await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "to": asked.to, "expires": expires }))).into_response())
}

#[utoipa::path(get, path = "/api/me/challenges", tag = "pairing",
    summary = "The signed-in member's challenges, incoming and outgoing",
    responses(
        (status = 200, description = "{\"incoming\":[…],\"incoming_count\",\"outgoing\":[…]}: incoming, from the challengers known first, then newest first, 20 at most; `incoming_count` all open", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn mine(
    State(members): State<Arc<Members>>,
    State(pairing): State<Arc<Pairing>>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    let pool = members.pool();
    let (incoming, incoming_count) = challenges::incoming(pool, &me.id).await.map_err(Refusal::storage)?;
    // Answered ones stay listed a while, so that the challenger's page learns the answer.
    let since = now_ms() - 2 * pairing.challenge_expiry_ms;
    let outgoing = challenges::outgoing(pool, &me.id, since).await.map_err(Refusal::storage)?;
    let answer = json!({ "incoming": incoming, "incoming_count": incoming_count, "outgoing": outgoing });
    Ok(Json(answer).into_response())
}

#[utoipa::path(post, path = "/api/challenges/{id}/accept", tag = "pairing",
    summary = "Accepts a challenge: the game starts",
    params(("id" = String, Path, description = "The challenge")),
    responses(
        (status = 200, description = "{\"game\",\"color\"}", body = serde_json::Value),
        NotSignedIn,
        (status = 404, description = "No such challenge"),
        (status = 409, description = "No longer open"),
    ))]
async fn accept(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(pairing): State<Arc<Pairing>>,
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    let (game, color) = challenging::accept(&members, &hub, &pairing, &live, &id, &me).await?;
    Ok(Json(json!({ "game": game, "color": color.name() })).into_response())
}

#[utoipa::path(post, path = "/api/challenges/{id}/decline", tag = "pairing",
    summary = "Declines a challenge",
    params(("id" = String, Path, description = "The challenge")),
    responses(
        (status = 204, description = "Declined"),
        NotSignedIn,
        (status = 404, description = "No such challenge"),
        (status = 409, description = "No longer open"),
    ))]
async fn decline(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    who: SignedIn,
) -> Answer {
    challenging::answer(&members, &live, &id, &who.member, false).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[utoipa::path(delete, path = "/api/challenges/{id}", tag = "pairing",
    summary = "Calls off one's challenge",
    params(("id" = String, Path, description = "The challenge")),
    responses(
        (status = 204, description = "Called off"),
        NotSignedIn,
        (status = 404, description = "No such challenge"),
        (status = 409, description = "No longer open"),
    ))]
async fn cancel(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    who: SignedIn,
) -> Answer {
    challenging::answer(&members, &live, &id, &who.member, true).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaitBody {
    rules: Option<String>,
    clock: ClockSpec,
}

#[utoipa::path(post, path = "/api/pairing", tag = "pairing",
    summary = "Joins the quick-pairing queue",
    request_body(content = serde_json::Value, description = "{\"rules\"?,\"clock\"}"),
    responses(
        (status = 200, description = "{\"game\",\"color\"}: paired at once", body = serde_json::Value),
        (status = 202, description = "{\"waiting\":true}", body = serde_json::Value),
        (status = 400, description = "A bad field, or no clock (`rated_needs_clock`: the game is rated)"),
        NotSignedIn,
    ))]
async fn wait(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(pairing): State<Arc<Pairing>>,
    SignedIn { member: me, .. }: SignedIn,
    JsonBody(request): JsonBody<WaitBody>,
) -> Answer {
    if me.bot {
        return Err(Refusal::new(Code::BotNotAllowed, "bots play by challenges, never by quick pairing"));
    }
    let rules = check_rules(request.rules.as_deref().unwrap_or(""))?.to_string();
    request.clock.check().map_err(|message| Refusal::field("clock", message))?;
    // Quick pairing always starts a rated game.
    check_rated_clock(true, &request.clock)?;
    let pool = members.pool();
    let category = pairing.bounds.category(&request.clock);
    let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
    let rating = rating_in(&mut conn, &me.id, &rules, category).await.map_err(Refusal::storage)?.rating;
    drop(conn);
    let clock = request.clock.to_text();
    let waiting = Waiting { member_id: &me.id, rules: &rules, clock: &clock, rating };
    queue::join(pool, &waiting).await.map_err(Refusal::storage)?;
    Ok(place_answer(pair_now(&members, &hub, &pairing, &me).await?))
}

#[utoipa::path(get, path = "/api/pairing", tag = "pairing",
    summary = "Whether the member is still waiting, or the game found",
    responses(
        (status = 200, description = "{\"game\",\"color\"}, {\"waiting\":true} or {\"waiting\":false}", body = serde_json::Value),
        NotSignedIn,
    ))]
async fn waiting(
    State(members): State<Arc<Members>>,
    State(hub): State<Arc<Hub>>,
    State(pairing): State<Arc<Pairing>>,
    SignedIn { member: me, .. }: SignedIn,
) -> Answer {
    Ok(place_answer(pair_now(&members, &hub, &pairing, &me).await?))
}

#[utoipa::path(delete, path = "/api/pairing", tag = "pairing",
    summary = "Leaves the quick-pairing queue",
    responses(
        (status = 204, description = "Out of the queue"),
        NotSignedIn,
    ))]
async fn leave(State(members): State<Arc<Members>>, SignedIn { member: me, .. }: SignedIn) -> Answer {
    queue::leave(members.pool(), &me.id).await.map_err(Refusal::storage)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Pairs `me` if someone fits, starting the rated game; where `me` stands then.
async fn pair_now(members: &Members, hub: &Hub, pairing: &Pairing, me: &Member) -> Result<Place, Refusal> {
    let pool = members.pool();
    let place = queue::place(pool, &me.id).await.map_err(Refusal::storage)?;
    if place != Place::Waiting {
        return Ok(place);
    }
    let _one_at_a_time = pairing.pairing.lock().await;
    let (game, color) = (token::new_game_id(), if token::coin() { Color::Red } else { Color::Blue });
    let paired = queue::pair(pool, hub.db.backend, &me.id, pairing.gap, &game, color.name())
        .await
        .map_err(Refusal::storage)?;
    let Some(paired) = paired else { return Ok(Place::Waiting) };
    let mine = Player { id: me.id.clone(), name: me.name.clone() };
    let opponent = Player { id: paired.opponent, name: paired.opponent_name };
    let players = match color {
        Color::Red => ByColor::new(&mine, &opponent),
        Color::Blue => ByColor::new(&opponent, &mine),
    };
    let terms = Terms {
        rules: check_rules(&paired.rules)?,
        clock: ClockSpec::from_text(&paired.clock).unwrap_or_default(),
        rated: true,
    };
    if let Err(refusal) = start(members, hub, &game, terms, players).await {
        queue::unpair(pool, &game).await.map_err(Refusal::storage)?;
        return Err(refusal);
    }
    Ok(Place::Paired { game, color: color.name().into() })
}

fn place_answer(place: Place) -> Response {
    match place {
        Place::Paired { game, color } => Json(json!({ "game": game, "color": color })).into_response(),
        Place::Waiting => (StatusCode::ACCEPTED, Json(json!({ "waiting": true }))).into_response(),
        Place::Out => Json(json!({ "waiting": false })).into_response(),
    }
}
