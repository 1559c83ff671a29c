//! The leagues' sweep: every [`EVERY`], on every instance, it enters the results of league
//! games that ended, forfeits the pairings past their deadline (see [`season::overdue`]), and
//! ends a running season once every pairing has its result. Like the tournament director it
//! watches the stored rows, and each change is one conditional write that only the first
//! instance makes.

use super::season;
use super::tables::{self, LeagueRow};
use super::Parts;
use crate::server::error::Refusal;
use crate::server::time::now_ms;
use std::time::Duration;

/// How often the sweep looks at the leagues.
pub const EVERY: Duration = Duration::from_millis(500);

/// Sweeps the leagues for as long as the server runs.
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
    for ended in tables::ended(pool).await.map_err(Refusal::storage)? {
        season::finish_game(parts, &ended).await?;
    }
    for overdue in tables::overdue(pool, now_ms()).await.map_err(Refusal::storage)? {
        season::overdue(parts, &overdue).await?;
    }
    for league in tables::running(pool).await.map_err(Refusal::storage)? {
        end_if_played(parts, &league).await?;
    }
    Ok(())
}

/// Ends `league`'s season when every pairing has its result.
async fn end_if_played(parts: &Parts, league: &LeagueRow) -> Result<(), Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut conn, &league.id, league.season).await.map_err(Refusal::storage)?;
    if pairings.iter().any(|p| p.result.is_none()) {
        return Ok(());
    }
    let running = ("running", league.season);
    if tables::change_state(&mut conn, &league.id, running, ("over", league.season))
        .await
        .map_err(Refusal::storage)?
    {
        parts.live.league_changed(&league.id);
    }
    Ok(())
}
