//! A league as the API and its live stream show it: its line in the list, and the whole of it
//! with its members, the current season's divisions (players, standings with who goes up and
//! down as things stand) and pairings. Members are named by their names, unique in the club.

use super::ledger::{self, Division};
use super::tables::{self, LeagueRow, PairingRow};
use crate::competitions::league;
use crate::server::error::Refusal;
use crate::server::game::clock::{ClockSpec, DAY_MS};
use crate::server::members::options::TournamentMakers;
use crate::server::members::Members;
use crate::server::time::now_ms;
use crate::tournament::Format;
use serde_json::{json, Value};

/// The league's line in the list of leagues.
pub fn summary(row: &LeagueRow) -> Value {
    json!({
        "id": row.id, "name": row.name, "rules": row.rules, "clock": ClockSpec::from_text(&row.clock),
        "rated": row.rated, "division_size": row.division_size, "promote": row.promote,
        "relegate": row.relegate, "round_days": row.window_ms / DAY_MS, "double": row.cycles == 2,
        "state": row.state, "season": row.season,
    })
}

/// The league as `GET api/leagues/{id}` shows it.
pub async fn shown(members: &Members, id: &str) -> Result<Value, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    let row = tables::get(&mut conn, id).await.map_err(Refusal::storage)?;
    let row = row.ok_or_else(|| Refusal::not_found("league"))?;
    let joined = tables::members(&mut conn, id).await.map_err(Refusal::storage)?;
    let placements = tables::placements(&mut conn, id, row.season).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut conn, id, row.season).await.map_err(Refusal::storage)?;
    let started_at = tables::started_at(&mut conn, id, row.season).await.map_err(Refusal::storage)?;
    // Beside the admins, the creator directs where members make competitions.
    let director = if members.tournament_makers == TournamentMakers::Members {
        let found = sqlx::query_scalar::<_, String>("SELECT name FROM members WHERE id = $1")
            .bind(&row.created_by)
            .fetch_optional(&mut *conn)
            .await
            .map_err(Refusal::storage)?;
        found
    } else {
        None
    };
    let divisions = ledger::divisions(&row, &placements, &pairings).map_err(Refusal::storage)?;
    let name = |member: &str| {
        let placed = placements.iter().find(|p| p.member_id == member).map(|p| p.name.clone());
        placed.or_else(|| joined.iter().find(|(id, _)| id == member).map(|(_, name)| name.clone()))
    };
    let mut shown = summary(&row);
    shown["director"] = json!(director);
    shown["now"] = json!(now_ms());
    shown["started_at"] = json!(started_at);
    shown["members"] = json!(joined.iter().map(|(_, name)| name).collect::<Vec<_>>());
    shown["tie_breaks"] = json!(Format::RoundRobin.tie_breaks().iter().map(|t| t.name()).collect::<Vec<_>>());
    shown["divisions"] = json!(divisions_shown(&row, &divisions));
    shown["pairings"] = pairings.iter().map(|p| pairing_shown(p, &name)).collect();
    Ok(shown)
}

fn pairing_shown(p: &PairingRow, name: &impl Fn(&str) -> Option<String>) -> Value {
    json!({
        "division": p.division, "round": p.round, "board": p.board, "red": name(&p.red),
        "blue": name(&p.blue), "opens_at": p.opens_at, "deadline": p.deadline,
        "started_by": p.started_by.as_deref().and_then(name), "game": p.game_id, "result": p.result,
    })
}

/// Each division: its players by seed, and its standings marked with who goes up and down.
fn divisions_shown(row: &LeagueRow, divisions: &[Division]) -> Vec<Value> {
    let finishers = ledger::finishers(divisions);
    let promote = usize::try_from(row.promote).unwrap_or(0);
    let relegate = usize::try_from(row.relegate).unwrap_or(0);
    let moves = league::movements(&finishers, promote, relegate);
    divisions
        .iter()
        .enumerate()
        .map(|(d, division)| {
            json!({
                "division": division.number,
                "players": division.players.iter().map(|(_, p)| json!({
                    "name": p.name, "rating": p.rating, "seed": p.seed, "withdrawn": p.withdrawn,
                })).collect::<Vec<_>>(),
                "standings": division.table.lines.iter().map(|line| {
                    let placed = division.member(line.player);
                    let movement = if moves.up[d].contains(&line.player) {
                        Some("up")
                    } else if moves.down[d].contains(&line.player) {
                        Some("down")
                    } else {
                        None
                    };
                    json!({
                        "rank": line.rank, "name": placed.map(|p| p.name.clone()),
                        "points": line.points.as_f64(),
                        "tie_breaks": line.tie_breaks.iter().map(|v| v.as_f64()).collect::<Vec<_>>(),
                        "withdrawn": division.table.withdrawn.contains(&line.player),
                        "move": movement,
                    })
                }).collect::<Vec<_>>(),
                "annulled": division.table.annulled.iter().filter_map(|&p| division.member(p)).map(|p| p.name.clone()).collect::<Vec<_>>(),
            })
        })
        .collect()
}
