//! The team matches' sweep: every [`EVERY`], on every instance, it starts the accepted
//! matches whose start time has come (calling off one whose line-up cannot be made), enters
//! the result of each board whose game ended, and finishes a match once every board has its
//! result, with its outcome. Each change is one conditional write: of two instances, only the
//! first makes it, and only it tells the watchers.

use super::start::{boards_of, start};
use super::store;
use super::Parts;
use crate::competitions::team_match::{outcome, Outcome, Side};
use crate::server::error::Refusal;
use crate::server::time::now_ms;
use crate::server::tournaments::ledger::{result_of, result_of_game};
use crate::server::tournaments::tables::begin_writing;
use std::time::Duration;

/// How often the sweep looks at the matches.
pub const EVERY: Duration = Duration::from_millis(500);

/// Sweeps for as long as the server runs.
pub async fn run(parts: Parts) {
    let mut ticks = tokio::time::interval(EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        // A failure is logged where it happens (`Refusal::storage`); the next tick tries again.
        let _ = tick(&parts).await;
    }
}

async fn tick(parts: &Parts) -> Result<(), Refusal> {
    let pool = parts.members.pool();
    for id in store::due_to_start(pool, now_ms()).await.map_err(Refusal::storage)? {
        if let Err(refusal) = start(parts, &id).await {
            if refusal.code != crate::server::error::Code::Storage {
                call_off(parts, &id, &refusal.message).await?;
            }
        }
    }
    for (id, board, winner, reason, ply) in store::ended(pool).await.map_err(Refusal::storage)? {
        let result = result_of_game(winner.as_deref(), reason.as_deref().unwrap_or(""), ply);
        let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
        if store::record_result(&mut conn, &id, board, result).await.map_err(Refusal::storage)? {
            parts.live.team_match_changed(&id);
        }
    }
    for id in store::all_boards_in(pool).await.map_err(Refusal::storage)? {
        finish(parts, &id).await?;
    }
    Ok(())
}

/// Calls off match `id`, whose line-up could not be made at its start time (`why`).
async fn call_off(parts: &Parts, id: &str, why: &str) -> Result<(), Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    if store::change_state(&mut conn, id, "accepted", "called-off").await.map_err(Refusal::storage)? {
        tracing::info!(team_match = id, why, "team match called off at its start time");
        parts.live.team_match_changed(id);
    }
    Ok(())
}

/// The stored name of an outcome.
pub fn outcome_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won(Side::Home) => "home",
        Outcome::Won(Side::Away) => "away",
        Outcome::WonOnCountBack(Side::Home) => "home-count-back",
        Outcome::WonOnCountBack(Side::Away) => "away-count-back",
        Outcome::Tie => "tie",
    }
}

/// Finishes match `id`, whose every board has its result, with its outcome.
async fn finish(parts: &Parts, id: &str) -> Result<(), Refusal> {
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let Some(m) = store::get_match(&mut tx, id).await.map_err(Refusal::storage)? else { return Ok(()) };
    let boards = store::boards(&mut tx, id).await.map_err(Refusal::storage)?;
    if boards.len() != boards_of(&m)?.count() {
        return Ok(());
    }
    let results: Vec<_> = boards.iter().map(|b| b.result.as_deref().and_then(result_of)).collect();
    let Some(outcome) = outcome(&results) else { return Ok(()) };
    if store::finish(&mut tx, id, outcome_name(outcome)).await.map_err(Refusal::storage)? {
        tx.commit().await.map_err(Refusal::storage)?;
        parts.live.team_match_changed(id);
    }
    Ok(())
}
