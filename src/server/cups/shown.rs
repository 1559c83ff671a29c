//! A cup as the API and its live stream show it: its settings, players by seed, every match
//! of the bracket with its score and games, and the placing once the final is decided.
//! Players are named by seed in the matches; members' ids are never shown. `director`: the
//! member who directs it beside the admins (its creator where members make cups; else null).

use super::ledger::{self, side_name};
use super::tables::{self, CupRow, GameRow, MatchRow, PlayerRow};
use crate::competitions::cup::{rounds, Side};
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::members::options::TournamentMakers;
use crate::server::members::Members;
use serde_json::{json, Value};
use sqlx::Row;

/// The cup's line in the list of cups.
pub fn summary(cup: &CupRow, players: usize) -> Value {
    json!({
        "id": cup.id, "name": cup.name, "rules": cup.rules, "rated": cup.rated, "state": cup.state,
        "clock": ClockSpec::from_text(&cup.clock), "tie_break_clock": ClockSpec::from_text(&cup.tie_break_clock),
        "games": cup.games, "tie_break": cup.tie_break, "round_hours": cup.round_ms / 3_600_000,
        "winner": cup.winner, "players": players,
    })
}

fn match_shown(cup: &CupRow, m: &MatchRow, games: &[GameRow]) -> Value {
    let state = ledger::so_far(cup, m, games);
    let score = |side: Side| if side == Side::Top { state.top } else { state.bottom }.as_f64();
    let mine: Vec<Value> = games
        .iter()
        .filter(|g| g.round == m.round && g.slot == m.slot)
        .map(|g| {
            json!({ "number": g.number, "game_id": g.game_id, "red": g.red, "tie_break": g.tie_break,
                    "result": g.result })
        })
        .collect();
    let next = state.next.filter(|_| m.winner.is_none() && m.bottom.is_some());
    json!({
        "round": m.round, "slot": m.slot, "top": m.top, "bottom": m.bottom, "winner": m.winner,
        "decided_by": m.decided_by, "paired_at": m.paired_at, "deadline": m.deadline,
        "score": { "top": score(Side::Top), "bottom": score(Side::Bottom) },
        "tie_break": mine.iter().any(|g| g["tie_break"] == true),
        "next_red": next.map(|n| side_name(n.red)), "games": mine,
    })
}

fn player_shown(p: &PlayerRow) -> Value {
    json!({ "seed": p.seed, "name": p.name, "rating": p.rating, "withdrawn": p.withdrawn })
}

/// Cup `id` as `GET api/cups/{id}` shows it.
pub async fn shown(members: &Members, id: &str) -> Result<Value, Refusal> {
    let mut conn = members.pool().acquire().await.map_err(Refusal::storage)?;
    let cup = tables::get(&mut conn, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("cup"))?;
    let players = tables::players(&mut conn, id).await.map_err(Refusal::storage)?;
    let matches = tables::matches(&mut conn, id).await.map_err(Refusal::storage)?;
    let games = tables::games(&mut conn, id).await.map_err(Refusal::storage)?;
    // Who directs it beside the admins: its creator, where members make tournaments and cups.
    let director: Option<String> = if members.tournament_makers == TournamentMakers::Members {
        let row = sqlx::query("SELECT name FROM members WHERE id = $1")
            .bind(&cup.created_by)
            .fetch_optional(&mut *conn);
        row.await
            .map_err(Refusal::storage)?
            .map(|row| row.try_get("name"))
            .transpose()
            .map_err(Refusal::storage)?
    } else {
        None
    };
    drop(conn);
    let placing = if cup.state == "registering" {
        None
    } else {
        ledger::bracket(&players, &matches).map_err(Refusal::storage)?.placing()
    };
    let mut shown = summary(&cup, players.len());
    shown["director"] = json!(director);
    shown["round"] = json!(matches.iter().map(|m| m.round).max().unwrap_or(0));
    shown["rounds"] = json!(if players.len() < 2 { 0 } else { rounds(players.len()) });
    shown["players"] = players.iter().map(player_shown).collect();
    shown["matches"] = matches.iter().map(|m| match_shown(&cup, m, &games)).collect();
    shown["placing"] = json!(placing.map(|p| json!({
        "winner": p.winner.0, "runner_up": p.runner_up.0,
        "semi_finalists": p.semi_finalists.iter().map(|s| s.0).collect::<Vec<_>>(),
    })));
    Ok(shown)
}
