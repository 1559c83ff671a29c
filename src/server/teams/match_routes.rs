//! The team matches' API. Reads are open to anyone; the rest needs a signed-in member. A
//! captain of one team proposes a match to another team, whose captain accepts it (a match an
//! admin of the club makes is accepted at once); until the start each captain may give their
//! line-up (N of their members, board 1 first; none: by rating in the match's category). A
//! captain of either team or an admin starts an accepted match, or it starts at its time
//! ([`sweep`](super::sweep)); its N games are made at once ([`start`](super::start)).
//!
//! ```text
//! GET  api/team-matches                  → {"matches":[…]}, the latest 50, newest first
//! POST api/team-matches {"home","away","boards","rules"?,"clock"?,"rated"?,"starts_at"?}
//!                                        → 201 the match (within [`limits`](super::limits))
//! GET  api/team-matches/{id}             → the match: teams, boards with their players,
//!                                          colours, games and results, the score
//! POST api/team-matches/{id}/accept      (the other team's captain) → the match
//! PUT  api/team-matches/{id}/line-up {"members":[names]} (a captain, for their team; [] for
//!                                          by rating) → the match
//! POST api/team-matches/{id}/start       (a captain of either team, or an admin) → the match
//! GET  api/team-matches/{id}/events      → the match as server-sent events, again after each
//!                                          change (a board's result, the score, the end)
//! ```
//! `home`, `away`: team ids (home plays Red on board 1); `boards`: 2 to 16; `clock` as a
//! game's (`{"kind":"correspondence","days":3}`); a rated match needs a clock; `starts_at`: ms
//! since the Unix epoch.

use super::routes::{leads, member_named, NotCaptain};
use super::shown::{match_view, team_match};
use super::start::{boards_of, rated_members, refusal_of, start};
use super::store::{self, MatchRow, Team, SIDES};
use super::Parts;
use crate::competitions::team_match::{by_captain, Boards, MAX_BOARDS, MIN_BOARDS};
use crate::rules::{Rules, RulesError};
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::ClockSpec;
use crate::server::game::token::new_game_id;
use crate::server::http::client_ip::ClientIp;
use crate::server::http::openapi::NotSignedIn;
use crate::server::http::JsonBody;
use crate::server::members::{Members, SignedIn};
use crate::server::ops::shutdown::Shutdown;
use crate::server::rating::clocked::check_rated_clock;
use crate::server::time::now_ms;
use crate::server::tournaments::live::events;
use crate::server::tournaments::tables::begin_writing;
use crate::server::watchers::{Live, Topic};
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use utoipa::OpenApi;

type Answer = Result<Response, Refusal>;

/// How many matches the list shows.
const LISTED: i64 = 50;

/// The match routes in the OpenAPI document.
#[derive(OpenApi)]
#[openapi(paths(list, create, show, accept, line_up, start_now, match_events))]
pub struct Api;

/// The match routes.
pub fn router<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Parts: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Shutdown: FromRef<S>,
    crate::server::http::client_ip::Proxies: FromRef<S>,
{
    Router::new()
        .route("/api/team-matches", get(list).post(create))
        .route("/api/team-matches/{id}", get(show))
        .route("/api/team-matches/{id}/accept", post(accept))
        .route("/api/team-matches/{id}/line-up", put(line_up))
        .route("/api/team-matches/{id}/start", post(start_now))
        .route("/api/team-matches/{id}/events", get(match_events))
}

/// A new match, as a request gives it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewMatch {
    home: String,
    away: String,
    boards: i64,
    rules: Option<String>,
    clock: Option<ClockSpec>,
    rated: Option<bool>,
    starts_at: Option<i64>,
}

/// A captain's line-up, by names.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineUp {
    members: Vec<String>,
}

fn not_open(m: &MatchRow) -> Refusal {
    Refusal::new(Code::MatchNotOpen, format!("this match is {} already", m.state))
        .with("state", m.state.as_str())
}

/// The match and both teams, read in `conn`.
async fn match_and_teams(conn: &mut sqlx::AnyConnection, id: &str) -> Result<(MatchRow, [Team; 2]), Refusal> {
    let m = store::get_match(conn, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("match"))?;
    let home = store::team(conn, &m.home).await.map_err(Refusal::storage)?;
    let away = store::team(conn, &m.away).await.map_err(Refusal::storage)?;
    match (home, away) {
        (Some(home), Some(away)) => Ok((m, [home, away])),
        _ => Err(Refusal::not_found("team")),
    }
}

async fn shown(parts: &Parts, id: &str) -> Answer {
    Ok(Json(team_match(parts.members.pool(), id).await?).into_response())
}

#[utoipa::path(get, path = "/api/team-matches", operation_id = "list_team_matches", tag = "teams",
    summary = "The latest team matches, newest first",
    responses((status = 200, description = "{\"matches\":[…]}, each as GET /api/team-matches/{id} shows it", body = serde_json::Value)))]
async fn list(State(members): State<Arc<Members>>) -> Answer {
    let rows = store::matches(members.pool(), LISTED).await.map_err(Refusal::storage)?;
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    let mut matches = Vec::with_capacity(rows.len());
    for m in &rows {
        matches.push(match_view(&mut conn, m).await.map_err(Refusal::storage)?);
    }
    Ok(Json(json!({ "matches": matches })).into_response())
}

#[utoipa::path(post, path = "/api/team-matches", operation_id = "create_team_match", tag = "teams",
    summary = "Proposes a match between two teams (a captain of one; an admin's is accepted at once)",
    request_body(content = serde_json::Value, description = "{\"home\",\"away\",\"boards\",\"rules\"?,\"clock\"?,\"rated\"?,\"starts_at\"?}"),
    responses(
        (status = 201, description = "The match", body = serde_json::Value),
        (status = 400, description = "A bad field"),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such team"),
        (status = 429, description = "Too many teams or matches made lately"),
    ))]
async fn create(State(parts): State<Parts>, who: SignedIn, JsonBody(body): JsonBody<NewMatch>) -> Answer {
    let boards = usize::try_from(body.boards).ok().and_then(Boards::new).ok_or_else(|| {
        Refusal::field("boards", format!("a match has {MIN_BOARDS} to {MAX_BOARDS} boards"))
    })?;
    if body.home == body.away {
        return Err(Refusal::field("away", "a match is between two teams"));
    }
    let rules: Rules = body
        .rules
        .as_deref()
        .unwrap_or("")
        .parse()
        .map_err(|e: RulesError| Refusal::field("rules", e.to_string()).caused_by(&e))?;
    let clock = body.clock.unwrap_or_default();
    clock.check().map_err(|why| Refusal::field("clock", why))?;
    let rated = body.rated.unwrap_or(false);
    check_rated_clock(rated, &clock)?;
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let mut teams = Vec::with_capacity(2);
    for id in [&body.home, &body.away] {
        teams.push(
            store::team(&mut conn, id)
                .await
                .map_err(Refusal::storage)?
                .ok_or_else(|| Refusal::not_found("team"))?,
        );
    }
    if !who.member.admin && !teams.iter().any(|team| team.captain == who.member.id) {
        return Err(Refusal::new(
            Code::NotCaptain,
            "only a captain of one of the two teams may propose a match",
        ));
    }
    parts.limits.may_create(&who.member)?;
    let row = MatchRow {
        id: new_game_id(),
        home: body.home,
        away: body.away,
        boards: boards.count() as i64,
        rules: rules.to_string(),
        clock: clock.to_text(),
        rated,
        starts_at: body.starts_at,
        state: if who.member.admin { "accepted" } else { "proposed" }.to_string(),
        outcome: None,
        created_by: who.member.id.clone(),
        created: now_ms(),
    };
    store::insert_match(&mut conn, &row).await.map_err(Refusal::storage)?;
    drop(conn);
    Ok((StatusCode::CREATED, Json(team_match(parts.members.pool(), &row.id).await?)).into_response())
}

#[utoipa::path(get, path = "/api/team-matches/{id}", operation_id = "show_team_match", tag = "teams",
    summary = "A team match: teams, boards with players, colours, games and results, the score",
    params(("id" = String, Path, description = "The match")),
    responses(
        (status = 200, description = "The match", body = serde_json::Value),
        (status = 404, description = "No such match"),
    ))]
async fn show(State(parts): State<Parts>, Path(id): Path<String>) -> Answer {
    shown(&parts, &id).await
}

#[utoipa::path(post, path = "/api/team-matches/{id}/accept", operation_id = "accept_team_match", tag = "teams",
    summary = "Accepts a proposed match (the other team's captain)",
    params(("id" = String, Path, description = "The match")),
    responses(
        (status = 200, description = "The match", body = serde_json::Value),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such match"),
        (status = 409, description = "Not proposed any more"),
    ))]
async fn accept(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let (m, teams) = match_and_teams(&mut tx, &id).await?;
    if who.member.id == m.created_by || !teams.iter().any(|team| leads(&who.member, team)) {
        return Err(Refusal::new(Code::NotCaptain, "only the other team's captain accepts a match"));
    }
    if !store::change_state(&mut tx, &id, "proposed", "accepted").await.map_err(Refusal::storage)? {
        return Err(not_open(&m));
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.team_match_changed(&id);
    shown(&parts, &id).await
}

#[utoipa::path(put, path = "/api/team-matches/{id}/line-up", operation_id = "set_team_line_up", tag = "teams",
    summary = "Gives the captain's line-up for their team: one member per board, board 1 first ([] for by rating)",
    params(("id" = String, Path, description = "The match")),
    request_body(content = serde_json::Value, description = "{\"members\":[names]}"),
    responses(
        (status = 200, description = "The match", body = serde_json::Value),
        (status = 400, description = "Not one distinct member per board"),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such match or member"),
        (status = 409, description = "The match has started, or a member named is not in the team"),
    ))]
async fn line_up(
    State(parts): State<Parts>,
    Path(id): Path<String>,
    who: SignedIn,
    JsonBody(body): JsonBody<LineUp>,
) -> Answer {
    let mut named = Vec::with_capacity(body.members.len());
    for name in body.members.iter().take(MAX_BOARDS + 1) {
        named.push(member_named(&parts.members, name).await?.id);
    }
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let (m, teams) = match_and_teams(&mut tx, &id).await?;
    // The captain's own team (an admin who leads neither gives no line-up).
    let Some((side, team)) = SIDES.into_iter().zip(&teams).find(|(_, team)| team.captain == who.member.id)
    else {
        return Err(Refusal::new(Code::NotCaptain, "only a captain of one of the two teams gives a line-up"));
    };
    if !matches!(m.state.as_str(), "proposed" | "accepted") {
        return Err(not_open(&m));
    }
    if !named.is_empty() {
        let members = rated_members(&mut tx, &parts, &m, team).await?;
        by_captain(&members, boards_of(&m)?, &named).map_err(|e| refusal_of(&e))?;
    }
    store::set_line_up(&mut tx, &id, side, &named).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.team_match_changed(&id);
    shown(&parts, &id).await
}

#[utoipa::path(post, path = "/api/team-matches/{id}/start", operation_id = "start_team_match", tag = "teams",
    summary = "Starts an accepted match now: its games are made at once (a captain of either team, or an admin)",
    params(("id" = String, Path, description = "The match")),
    responses(
        (status = 200, description = "The match, with its boards", body = serde_json::Value),
        (status = 400, description = "A captain's line-up no longer fits the team"),
        NotSignedIn,
        NotCaptain,
        (status = 404, description = "No such match"),
        (status = 409, description = "Not accepted yet, started already, or a team too small"),
    ))]
async fn start_now(State(parts): State<Parts>, Path(id): Path<String>, who: SignedIn) -> Answer {
    let (m, teams) = {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        match_and_teams(&mut conn, &id).await?
    };
    if !teams.iter().any(|team| leads(&who.member, team)) {
        return Err(Refusal::new(Code::NotCaptain, "only a captain of one of the two teams starts a match"));
    }
    if !start(&parts, &id).await? {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        let now = store::get_match(&mut conn, &id).await.map_err(Refusal::storage)?;
        return Err(not_open(now.as_ref().unwrap_or(&m)));
    }
    shown(&parts, &id).await
}

#[utoipa::path(get, path = "/api/team-matches/{id}/events", operation_id = "team_match_events", tag = "teams",
    summary = "A team match as server-sent events, again after each change",
    params(("id" = String, Path, description = "The match")),
    responses(
        (status = 200, description = "The match as GET /api/team-matches/{id} shows it, again after each change", body = String, content_type = "text/event-stream"),
        (status = 404, description = "No such match"),
        (status = 429, description = "Too many streams"),
    ))]
async fn match_events(
    State(members): State<Arc<Members>>,
    State(live): State<Arc<Live>>,
    State(shutdown): State<Shutdown>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Answer {
    let slot = live.slot(ip)?;
    team_match(members.pool(), &id).await?;
    Ok(events((members, read), live, Box::pin(shutdown.signalled()), Topic::TeamMatch(id), slot))
}

/// The stream's reader: the match as GET api/team-matches/{id} shows it.
fn read(
    members: Arc<Members>,
    topic: Topic,
) -> Pin<Box<dyn Future<Output = Result<serde_json::Value, Refusal>> + Send>> {
    Box::pin(async move {
        match topic {
            Topic::TeamMatch(id) => team_match(members.pool(), &id).await,
            _ => Err(Refusal::not_found("match")),
        }
    })
}
