//! The ladders' sweep: every [`EVERY`], on every instance, it forfeits the challenges not
//! answered in time (lost by the member challenged), applies the results of the ladder games
//! that ended, and moves idle members down. Each change is made in the ladder's [`Turn`],
//! the challenge's result claimed by a conditional write: whichever instance comes first
//! makes it, the others find it made.
//!
//! Idle: a member without a ladder game for the ladder's idle time moves down one place, and
//! again after each further idle time (one place per period), never past another idle member;
//! a member with a ladder game being played is not idle.

use super::challenges::{self, result_of};
use super::tables::{self, ChallengeRow};
use super::turn::Turn;
use super::Parts;
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::time::now_ms;
use crate::server::tournaments::games::member_at;
use std::time::Duration;

/// How often the sweep looks at the ladders.
pub const EVERY: Duration = Duration::from_millis(500);

/// Sweeps the ladders for as long as the server runs.
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
    let now = now_ms();
    for challenge in tables::unanswered(pool, now).await.map_err(Refusal::storage)? {
        settle(parts, &challenge, "challenger", "forfeit").await?;
    }
    for (challenge, winner, reason, ply) in tables::ended(pool).await.map_err(Refusal::storage)? {
        let game_id = challenge.game_id.clone().unwrap_or_default();
        let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
        let red = member_at(&mut conn, &game_id, Color::Red).await.map_err(Refusal::storage)?;
        drop(conn);
        let result = result_of(&challenge, winner.as_deref(), &reason, ply, red.as_deref());
        settle(parts, &challenge, result, "game").await?;
    }
    for id in tables::with_idle(pool, now).await.map_err(Refusal::storage)? {
        drop_idle(parts, &id, now).await?;
    }
    Ok(())
}

/// Ends `challenge` with `result`, `how` it ended, unless another instance or request did.
pub async fn settle(
    parts: &Parts,
    challenge: &ChallengeRow,
    result: &str,
    how: &str,
) -> Result<bool, Refusal> {
    let mut turn =
        Turn::take(parts.members.pool(), parts.hub.db.backend, &challenge.ladder_id, now_ms()).await?;
    let fresh = challenges::load(&mut turn, &challenge.id).await?;
    if fresh.state != challenge.state {
        return Ok(false);
    }
    match challenges::end(&mut turn, &fresh, result, how).await {
        Ok(_) => turn.commit().await.map(|()| true),
        Err(refusal) if refusal.code == Code::ChallengeAnswered => Ok(false),
        Err(refusal) => Err(refusal),
    }
}

/// Moves the idle members of ladder `id` down one place each, and starts their next period.
async fn drop_idle(parts: &Parts, id: &str, now: i64) -> Result<(), Refusal> {
    let mut turn = Turn::take(parts.members.pool(), parts.hub.db.backend, id, now).await?;
    let playing: Vec<String> = tables::open_challenges(&mut turn.tx, id)
        .await
        .map_err(Refusal::storage)?
        .into_iter()
        .filter(|c| c.state == "playing")
        .flat_map(|c| [c.challenger, c.challenged])
        .collect();
    let period = turn.ladder.idle_ms;
    let idle: Vec<(String, i64)> = turn
        .rungs
        .iter()
        .filter(|r| period > 0 && r.idle_from + period <= now && !playing.contains(&r.member_id))
        .map(|r| (r.member_id.clone(), r.idle_from))
        .collect();
    if idle.is_empty() {
        return Ok(());
    }
    let members: Vec<String> = idle.iter().map(|(m, _)| m.clone()).collect();
    for moved in turn.ranking.drop_idle(&members) {
        turn.note("dropped", &moved.member, None, Some(moved.from), Some(moved.to));
    }
    for (member, idle_from) in &idle {
        tables::set_idle_from(&mut turn.tx, id, member, idle_from + period, false)
            .await
            .map_err(Refusal::storage)?;
    }
    turn.commit().await
}
