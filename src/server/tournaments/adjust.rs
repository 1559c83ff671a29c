//! A board's result set by the tournament's director (issue 34), which the game and the
//! ratings follow: the board takes the result (the standings are worked out from the boards),
//! its game ends with the director's verdict or has its end replaced by it (its record and the
//! members' game lists then say so: `adjudicated`, `forfeit`, `double-forfeit`), and the
//! ratings follow as [`correction`] says: a game rated already is corrected, one not rated
//! yet is rated with the new result by the sweep, and a forfeit never counts.
//!
//! Three steps, each a conditional write that holds on several instances: the board (in the
//! transaction of its log entry), the game (through its room, by version), the ratings (in the
//! transaction of theirs). Run again, each finds its part done.

use super::director::Parts;
use super::ledger::{result_of, RESULTS};
use super::log_detail::result_detail;
use super::over_the_board;
use super::tables::{self, TournamentRow};
use crate::rules::Color;
use crate::server::error::Refusal;
use crate::server::game::ending::Verdict;
use crate::server::game::event::Command;
use crate::server::rating::correction::{self, Followed};
use crate::tournament::GameResult;
use serde_json::json;

/// The verdict of a result by its stored name (`red`, `draw`, `blue-forfeits`…).
pub fn verdict_of(result: &str) -> Option<Verdict> {
    Some(match result_of(result)? {
        GameResult::Win(winner) => Verdict::Win(winner),
        GameResult::Draw => Verdict::Draw,
        GameResult::Forfeit(loser) => Verdict::Forfeit(loser),
        GameResult::DoubleForfeit => Verdict::DoubleForfeit,
    })
}

/// Red's score under `verdict` where the game counts in the ratings; none for a forfeit.
fn red_score(verdict: Verdict) -> Option<f64> {
    match verdict {
        Verdict::Win(Color::Red) => Some(1.0),
        Verdict::Win(Color::Blue) => Some(0.0),
        Verdict::Draw => Some(0.5),
        Verdict::Forfeit(_) | Verdict::DoubleForfeit => None,
    }
}

/// Sets board `board` of round `round` of `tournament` to `result`, as its director `by`
/// asks; the game and the ratings follow.
pub async fn adjust(
    parts: &Parts,
    tournament: &TournamentRow,
    by: &str,
    (round, board): (i64, i64),
    result: &str,
) -> Result<(), Refusal> {
    let verdict =
        verdict_of(result).ok_or_else(|| Refusal::field("result", format!("result is {RESULTS}")))?;
    let id = &tournament.id;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut tx, id).await.map_err(Refusal::storage)?;
    let pairing = pairings.into_iter().find(|p| p.round == round && p.board == board && p.blue.is_some());
    let pairing = pairing.ok_or_else(|| Refusal::not_found("game in this tournament"))?;
    let before = tables::set_result(&mut tx, id, round, board, result)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("game in this tournament"))?;
    if tournament.over_the_board {
        over_the_board::result_entered(&mut tx, tournament, &pairing, result)
            .await
            .map_err(Refusal::storage)?;
    }
    let detail = result_detail(round, board, before.as_deref(), result);
    tables::log(&mut tx, id, by, "result", &detail).await.map_err(Refusal::storage)?;
    let players = tables::players(&mut tx, id).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    // No game yet (a bye, over the board a first result: made above, ended with it).
    let Some(game) = pairing.game_id else { return Ok(()) };
    let room = parts.hub.enter(&game).await?;
    let ended = room.apply(Command::Adjudicate(verdict)).await;
    parts.hub.leave(&room);
    ended?;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let followed = correction::follow(&mut tx, &game, red_score(verdict)).await.map_err(Refusal::storage)?;
    let name =
        |number: Option<i64>| players.iter().find(|p| Some(p.number) == number).map(|p| p.name.clone());
    let detail = match followed {
        Followed::Corrected(ratings) => {
            let side = |number, (from, to): (f64, f64)| json!({ "name": name(number), "from": from.round() as i64, "to": to.round() as i64 });
            Some(json!({ "round": round, "board": board,
                         "red": side(Some(pairing.red), ratings.red), "blue": side(pairing.blue, ratings.blue) }))
        }
        Followed::Kept => Some(json!({ "round": round, "board": board, "kept": true })),
        Followed::ToRate | Followed::Unchanged => None,
    };
    if let Some(detail) = detail {
        tables::log(&mut tx, id, by, "ratings", &detail.to_string()).await.map_err(Refusal::storage)?;
    }
    tx.commit().await.map_err(Refusal::storage)?;
    if matches!(followed, Followed::Corrected(_)) {
        parts.live.ratings_changed();
    }
    parts.live.tournament_changed(id);
    Ok(())
}
