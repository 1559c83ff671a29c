//! A team and a match as the API shows them (by names: member ids are not shown). A match's
//! score and outcome are worked out from its boards' results by
//! `crate::competitions::team_match`; before the start, whether each captain gave a line-up
//! (the line-ups themselves stay hidden until the boards are made), and who proposed it (the
//! other captain accepts it).

use super::store::{self, BoardRow, MatchRow, Team, SIDES};
use crate::competitions::team_match::{home_color, score};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::tournaments::ledger::result_of;
use serde_json::{json, Value};
use sqlx::{AnyConnection, AnyPool, Row};

/// The name of member `id` ('' if unknown).
async fn name_of(conn: &mut AnyConnection, id: &str) -> sqlx::Result<String> {
    let row = sqlx::query("SELECT name FROM members WHERE id = $1").bind(id).fetch_optional(conn).await?;
    Ok(row.map(|row| row.try_get("name")).transpose()?.unwrap_or_default())
}

/// A team: its name, captain and members.
pub fn team_view(team: &Team) -> Value {
    let captain = team.members.iter().find(|m| m.id == team.captain).map(|m| m.name.as_str());
    let members: Vec<&str> = team.members.iter().map(|m| m.name.as_str()).collect();
    json!({ "id": team.id, "name": team.name, "captain": captain, "members": members })
}

/// Team `id` as shown; refused if there is none.
pub async fn team(pool: &AnyPool, id: &str) -> Result<Value, Refusal> {
    let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
    let team = store::team(&mut conn, id).await.map_err(Refusal::storage)?;
    Ok(team_view(&team.ok_or_else(|| Refusal::not_found("team"))?))
}

/// A board as shown: who plays it for each team, which colour the home team has, its game and
/// result.
async fn board_view(conn: &mut AnyConnection, board: &BoardRow) -> sqlx::Result<Value> {
    let home_colour = usize::try_from(board.board).map_or("red", |b| home_color(b).name());
    Ok(json!({
        "board": board.board,
        "game_id": board.game_id,
        "home": name_of(conn, &board.home_member).await?,
        "away": name_of(conn, &board.away_member).await?,
        "home_color": home_colour,
        "result": board.result,
    }))
}

/// Match `m` as shown, with its boards, score and the teams' names.
pub async fn match_view(conn: &mut AnyConnection, m: &MatchRow) -> sqlx::Result<Value> {
    let mut teams = Vec::with_capacity(2);
    for id in [&m.home, &m.away] {
        let team = store::team(conn, id).await?;
        teams.push(team.map_or_else(|| json!({ "id": id }), |t| team_view(&t)));
    }
    let rows = store::boards(conn, &m.id).await?;
    let mut boards = Vec::with_capacity(rows.len());
    for row in &rows {
        boards.push(board_view(conn, row).await?);
    }
    let results: Vec<_> = rows.iter().map(|b| b.result.as_deref().and_then(result_of)).collect();
    let score = score(&results);
    let mut line_ups = serde_json::Map::new();
    for side in SIDES {
        line_ups.insert(side.to_string(), json!(!store::line_up(conn, &m.id, side).await?.is_empty()));
    }
    let clock = ClockSpec::from_text(&m.clock).unwrap_or_default();
    Ok(json!({
        "id": m.id,
        "home": teams[0],
        "away": teams[1],
        "board_count": m.boards,
        "rules": m.rules,
        "clock": clock,
        "rated": m.rated,
        "starts_at": m.starts_at,
        "state": m.state,
        "proposed_by": name_of(conn, &m.created_by).await?,
        "outcome": m.outcome,
        "score": { "home": score.home.as_f64(), "away": score.away.as_f64() },
        "line_ups_given": line_ups,
        "boards": boards,
    }))
}

/// Match `id` as shown; refused if there is none.
pub async fn team_match(pool: &AnyPool, id: &str) -> Result<Value, Refusal> {
    let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
    let m = store::get_match(&mut conn, id).await.map_err(Refusal::storage)?;
    let m = m.ok_or_else(|| Refusal::not_found("match"))?;
    match_view(&mut conn, &m).await.map_err(Refusal::storage)
}
