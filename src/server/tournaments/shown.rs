//! A tournament as the API and its live stream show it: its line in the list, and the whole
//! of it with players, pairings, standings (live: a game counts as soon as it ended) and the
//! member who directs it besides the admins (`director`, null where only admins do); an
//! engine match's rating list too (`rating_list`, see [`rating_list`](super::rating_list)).

use super::directing::director_name;
use super::ledger::{self, format_of};
use super::over_the_board;
use super::rating_list::rating_list;
use super::tables::{self, PairingRow, TournamentRow};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::members::Members;
use crate::tournament::Format;
use serde_json::{json, Value};

/// The tournament's line in the list of tournaments.
pub fn summary(row: &TournamentRow) -> Value {
    json!({
        "id": row.id, "name": row.name, "format": row.format, "rules": row.rules, "rated": row.rated,
        "state": row.state, "round": row.round, "rounds": row.rounds,
        "bye_points": ledger::points(row.bye_quarters).as_f64(),
        "late_entry_points": ledger::points(row.late_quarters).as_f64(),
        "clock": ClockSpec::from_text(&row.clock), "no_show_seconds": row.no_show_ms / 1000,
        "starts_at": row.starts_at, "minutes": row.minutes, "ends_at": row.ends_at, "paused": row.paused,
        "over_the_board": row.over_the_board, "entrants": row.entrants,
        "challenger": (!row.challenger.is_empty()).then_some(&row.challenger),
        "games_each": (row.games_each > 0).then_some(row.games_each),
    })
}

/// The tournament as `GET api/tournaments/{id}` shows it: its `pairings` of every round, and
/// its `director` beside the admins (its creator where members make tournaments; else null).
pub async fn shown(members: &Members, id: &str) -> Result<Value, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    let row = tables::get(&mut conn, id).await.map_err(Refusal::storage)?;
    let row = row.ok_or_else(|| Refusal::not_found("tournament"))?;
    let players = tables::players(&mut conn, id).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut conn, id).await.map_err(Refusal::storage)?;
    let director =
        director_name(&mut conn, &row, members.tournament_makers).await.map_err(Refusal::storage)?;
    let (_, finished) = ledger::history(&row, &players, &pairings).map_err(Refusal::storage)?;
    // Each game that ended counts at once; a line that a game still played may change is
    // provisional.
    let (history, playing) = ledger::live_history(&row, &players, &pairings).map_err(Refusal::storage)?;
    let name_of =
        |number: u32| players.iter().find(|p| p.number == i64::from(number)).map(|p| p.name.clone());
    let (lines, provisional) = ledger::standings_of(&row, &history, &playing);
    let standings: Vec<Value> = lines
        .iter()
        .map(|line| {
            json!({
                "rank": line.rank, "number": line.player.0, "name": name_of(line.player.0),
                "points": line.points.as_f64(),
                "tie_breaks": line.tie_breaks.iter().map(|v| v.as_f64()).collect::<Vec<_>>(),
                "provisional": provisional.contains(&line.player),
            })
        })
        .collect();
    let format = format_of(&row.format).map_or(Format::Swiss, |(format, _)| format);
    let mut shown = summary(&row);
    shown["rounds_finished"] = json!(finished);
    shown["tie_breaks"] = json!(format.tie_breaks().iter().map(|t| t.name()).collect::<Vec<_>>());
    shown["players"] = players
        .iter()
        .map(|p| {
            json!({ "number": p.number, "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn,
                    "removed": p.removed, "bot": p.bot })
        })
        .collect();
    let reports = if row.over_the_board {
        over_the_board::reports(&mut conn, id).await.map_err(Refusal::storage)?
    } else {
        Vec::new()
    };
    let reported = |p: &PairingRow, color: &str| {
        reports
            .iter()
            .find(|r| r.round == p.round && r.board == p.board && r.color == color)
            .map(|r| r.result.clone())
    };
    shown["director"] = json!(director);
    shown["pairings"] = pairings
        .iter()
        .map(|p| {
            let mut board = json!({ "round": p.round, "board": p.board, "red": p.red, "blue": p.blue,
                                    "result": p.result, "game": p.game_id });
            if row.over_the_board && p.blue.is_some() && p.result.is_none() {
                board["reports"] = json!({ "red": reported(p, "red"), "blue": reported(p, "blue") });
            }
            board
        })
        .collect();
    shown["standings"] = json!(standings);
    if row.entrants == "bots" {
        shown["rating_list"] = json!(rating_list(&players, &pairings));
    }
    Ok(shown)
}
