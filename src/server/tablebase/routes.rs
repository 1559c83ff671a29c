//! The endgame tables' route:
//!
//! ```text
//! GET api/tablebase?fen=FEN[&rules=RULES]
//!   → {"result":"win","plies":17,"sure":true,"moves":[{"move":"a3a4","result":"win","plies":17},…]}
//! ```
//! Everything from the side to move's view; refused with `bad_field` (the FEN or the rules),
//! `tablebase_rules` (rules the tables do not hold), `too_many_animals`, `no_tablebase` (no
//! tables on this server, or not of this set) and `rate_limited`.

use super::answer::{answer, Answer};
use super::{Tables, MAX_ANIMALS};
use crate::rules::Position;
use crate::server::error::{Code, Refusal};
use crate::server::http::client_ip::{ClientIp, Proxies};
use crate::server::http::query::QueryParams;
use crate::server::play::hub::{check_rules, MAX_FEN_BYTES};
use crate::tablebase::covers;
use axum::extract::{FromRef, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::OpenApi;

/// The route in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(tablebase))]
pub struct Api;

/// The route.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Tables>: FromRef<S>,
    Proxies: FromRef<S>,
{
    Router::new().route("/api/tablebase", get(tablebase))
}

/// The question: a position and its rules (empty: the standard ones).
#[derive(Deserialize)]
struct Ask {
    fen: String,
    #[serde(default)]
    rules: String,
}

#[utoipa::path(get, path = "/api/tablebase", tag = "tablebase",
    summary = "A position of up to 4 animals solved: won, drawn or lost, and every move's value",
    description = "Everything is from the side to move's view: `result` is `win`, `draw` or `loss` \
        for the side to move, `plies` the half-moves to the end under perfect play (the winner \
        hurrying, the loser holding out; `null` for a draw), `sure` whether the no-capture limit \
        cannot turn the result into a draw (the tables do not see it: the FEN's half-move clock \
        plus `plies` stay within the limit). `moves` lists every legal move with the value it \
        gives the side to move, best first.",
    params(("fen" = String, Query, description = "The position, in Jungle FEN"),
        ("rules" = Option<String>, Query, description = "The rule options (default: the standard rules); the tables hold the standard rules, whoever moves first and whatever the draw settings")),
    responses(
        (status = 200, description = "{\"result\",\"plies\",\"sure\",\"moves\":[{\"move\",\"result\",\"plies\"}]}", body = serde_json::Value),
        (status = 400, description = "A bad FEN or rules, or a game already over (`bad_field`), rules the tables do not hold (`tablebase_rules`), more animals than the tables hold (`too_many_animals`, `max`)"),
        (status = 404, description = "No tables on this server, or none of this material (`no_tablebase`)"),
        (status = 429, description = "Too many questions from this address (`rate_limited`)"),
    ))]
async fn tablebase(
    State(tables): State<Arc<Tables>>,
    ClientIp(ip): ClientIp,
    QueryParams(ask): QueryParams<Ask>,
) -> Result<Json<Answer>, Refusal> {
    if !tables.limit.allow(ip) {
        return Err(Refusal::rate_limited("too many endgame table questions from this address: slow down"));
    }
    if tables.cache.is_none() {
        return Err(Refusal::new(Code::NoTablebase, "this server has no endgame tables"));
    }
    let pos = position(&ask)?;
    let answer = tokio::task::spawn_blocking(move || {
        let cache = tables.cache.as_ref().expect("checked above");
        answer(cache, &pos)
    })
    .await
    .map_err(Refusal::storage)??;
    Ok(Json(answer))
}

/// The position asked about, if the tables can hold it.
fn position(ask: &Ask) -> Result<Position, Refusal> {
    let rules = check_rules(&ask.rules)?;
    if ask.fen.len() > MAX_FEN_BYTES {
        return Err(Refusal::field("fen", format!("fen is limited to {MAX_FEN_BYTES} bytes")));
    }
    let pos = Position::from_fen(&ask.fen, rules)
        .map_err(|e| Refusal::field("fen", format!("fen: {e}")).caused_by(&e))?;
    if !covers(&rules) {
        return Err(Refusal::new(
            Code::TablebaseRules,
            "the endgame tables hold the standard rules only (whoever moves first, any draw settings)",
        ));
    }
    let animals = pos.occupied().count();
    if animals > MAX_ANIMALS {
        let message =
            format!("the endgame tables hold positions of up to {MAX_ANIMALS} animals, not {animals}");
        return Err(Refusal::new(Code::TooManyAnimals, message).with("max", MAX_ANIMALS as usize));
    }
    if pos.is_decided() {
        return Err(Refusal::field("fen", "fen: the game is already over in this position"));
    }
    Ok(pos)
}
