//! A ladder as the API shows it: its settings, its members in order with their rating in the
//! ladder's category, the challenges open or being played (with their games), and the member
//! who directs it beside the admins (`director`, null where only admins do). Members are named
//! by their names, as elsewhere in the club.

use super::tables::{self, ChallengeRow, HistoryRow, LadderRow, RungRow};
use super::Parts;
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::members::options::TournamentMakers;
use crate::server::rating::tables::rating_in;
use serde_json::{json, Value};
use sqlx::AnyConnection;

const HOUR_MS: i64 = 3_600_000;

/// The name of member `id` among `rungs` (a member who left: their id is not shown).
fn name_in<'a>(rungs: &'a [RungRow], id: &str) -> &'a str {
    rungs.iter().find(|r| r.member_id == id).map_or("", |r| r.name.as_str())
}

/// `challenge` as the API shows it.
pub fn challenge_json(challenge: &ChallengeRow, rungs: &[RungRow]) -> Value {
    json!({
        "id": challenge.id, "challenger": name_in(rungs, &challenge.challenger),
        "challenged": name_in(rungs, &challenge.challenged), "state": challenge.state,
        "made": challenge.made, "answer_by": challenge.answer_by, "game_id": challenge.game_id,
        "result": challenge.result, "how": challenge.how,
    })
}

/// `ladder`'s settings as the API shows them (and as PATCH takes them).
pub fn settings_json(ladder: &LadderRow) -> Value {
    json!({
        "id": ladder.id, "name": ladder.name, "rules": ladder.rules, "rated": ladder.rated,
        "clock": ClockSpec::from_text(&ladder.clock).unwrap_or_default(), "reach": ladder.reach,
        "max_open": ladder.max_open, "answer_hours": ladder.answer_ms / HOUR_MS,
        "cool_down_hours": ladder.cool_down_ms / HOUR_MS, "idle_days": ladder.idle_ms / (24 * HOUR_MS),
        "free_declines": ladder.free_declines,
        "placement": if ladder.by_rating { "rating" } else { "bottom" },
        "version": ladder.version, "created": ladder.created,
    })
}

/// Ladder `id` with its members and open challenges.
pub async fn shown(parts: &Parts, id: &str) -> Result<Value, Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let ladder = tables::get(&mut conn, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("ladder"))?;
    let rungs = tables::rungs(&mut conn, id).await.map_err(Refusal::storage)?;
    let category = parts.bounds.category_of_text(&ladder.clock);
    let mut ranking = Vec::new();
    for rung in &rungs {
        let rating =
            rating_in(&mut conn, &rung.member_id, &ladder.rules, category).await.map_err(Refusal::storage)?;
        ranking.push(
            json!({ "place": rung.place + 1, "name": rung.name, "rating": rating.rating.round() as i64 }),
        );
    }
    let open = tables::open_challenges(&mut conn, id).await.map_err(Refusal::storage)?;
    let mut shown = settings_json(&ladder);
    shown["ranking"] = json!(ranking);
    shown["challenges"] = json!(open.iter().map(|c| challenge_json(c, &rungs)).collect::<Vec<_>>());
    shown["director"] = json!(director(&mut conn, &ladder, parts.members.tournament_makers).await?);
    Ok(shown)
}

/// The name of the member who directs `ladder` beside the admins, if any.
async fn director(
    conn: &mut AnyConnection,
    ladder: &LadderRow,
    makers: TournamentMakers,
) -> Result<Option<String>, Refusal> {
    if makers != TournamentMakers::Members {
        return Ok(None);
    }
    tables::member_name(conn, &ladder.created_by).await.map_err(Refusal::storage)
}

/// `entry` of a ladder's history as the API shows it (places from 1).
pub fn history_json(entry: &HistoryRow) -> Value {
    let place = |p: Option<i64>| p.map(|p| p + 1);
    json!({
        "version": entry.version, "at": entry.at, "kind": entry.kind, "member": entry.member_name,
        "other": entry.other_name, "from": place(entry.from_place), "to": place(entry.to_place),
    })
}
