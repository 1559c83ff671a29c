//! The cup director: every [`EVERY`], on every instance, it enters the results of the cup
//! games that ended, decides the matches whose games decide them (or whose player withdrew),
//! makes the next game of a match still level (a tie-break game with the tie-break clock once
//! the match's games are played), pairs a match of the next round as soon as both its feeders
//! are decided, forfeits the games not started by their match's deadline, and finishes a cup
//! after its final. Every change is one conditional write (see [`tables`]): two instances
//! that see the same rows make each match and each game once.
//!
//! **The deadline**: a match still undecided at its deadline loses its game in play that a
//! side has not started: the side to move forfeits it (so the match), or, before the first
//! move with Blue not seated either, neither came: the match goes by its lot. A game both
//! sides have started plays on.

use super::ledger::{self, seed_on, side_name};
use super::limits::Limits;
use super::tables::{self, CupRow, GameRow, Late, MatchRow, PlayerRow};
use crate::competitions::cup::{seeding, Bracket, Clock, Entrant, Side};
use crate::rules::Color;
use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::{Status, Verdict};
use crate::server::game::event::Command;
use crate::server::game::token::new_game_id;
use crate::server::members::Members;
use crate::server::play::hub::Hub;
use crate::server::rating::category::Bounds;
use crate::server::rating::tables::rating_in;
use crate::server::storage::member_game::{self, MemberGame, Player};
use crate::server::time::now_ms;
use crate::server::tournaments::tables::begin_writing;
use crate::server::watchers::Live;
use crate::tournament::PlayerId;
use axum::extract::FromRef;
use sqlx::AnyConnection;
use std::sync::Arc;
use std::time::Duration;

/// How often the director looks at the cups.
pub const EVERY: Duration = Duration::from_millis(500);
/// The most passes over one cup in a tick (each a decision, a pairing or a game further).
const PASSES_PER_TICK: usize = 8;

/// What the director and the cup routes work with.
#[derive(Clone)]
pub struct Parts {
    pub hub: Arc<Hub>,
    pub members: Arc<Members>,
    pub live: Arc<Live>,
    pub limits: Arc<Limits>,
    /// The rating categories' bounds: a cup seeds by the rating of its clock's category.
    pub bounds: Bounds,
}

impl<S> FromRef<S> for Parts
where
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Limits>: FromRef<S>,
    Bounds: FromRef<S>,
{
    fn from_ref(state: &S) -> Parts {
        Parts {
            hub: FromRef::from_ref(state),
            members: FromRef::from_ref(state),
            live: FromRef::from_ref(state),
            limits: FromRef::from_ref(state),
            bounds: FromRef::from_ref(state),
        }
    }
}

/// Directs the cups for as long as the server runs.
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
        let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
        if tables::record(&mut conn, &ended.game_id, ended.result).await.map_err(Refusal::storage)? {
            parts.live.cup_changed(&ended.cup_id);
        }
    }
    for late in tables::late(pool, now_ms()).await.map_err(Refusal::storage)? {
        forfeit_late(parts, &late).await?;
    }
    for id in tables::running(pool).await.map_err(Refusal::storage)? {
        // A decision may pair a match, and a pairing make a game: a few passes go as far as
        // the rows allow now.
        for _ in 0..PASSES_PER_TICK {
            if !advance(parts, &id).await? {
                break;
            }
        }
    }
    Ok(())
}

/// A random lot (non-negative, for a BIGINT on either database).
pub fn lot() -> i64 {
    let mut bytes = [0u8; 4];
    // Without the operating system's generator a lot is 0: seeding then goes by rating alone.
    let _ = getrandom::fill(&mut bytes);
    i64::from(u32::from_le_bytes(bytes))
}

/// The clock of `cup`'s games with `clock`.
fn clock_of(cup: &CupRow, clock: Clock) -> ClockSpec {
    let text = match clock {
        Clock::Main => &cup.clock,
        Clock::TieBreak => &cup.tie_break_clock,
    };
    ClockSpec::from_text(text).unwrap_or_default()
}

/// What starting a cup did.
#[derive(PartialEq, Eq, Debug)]
pub enum Started {
    Now,
    Already,
    TooFewPlayers,
}

/// Starts cup `id`: seeds its players by their rating in its category (then lot), and stores
/// round 1 with the byes decided. Its games are made by [`advance`].
pub async fn start(parts: &Parts, id: &str) -> Result<Started, Refusal> {
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::change_state(&mut tx, id, "registering", "running", None).await.map_err(Refusal::storage)? {
        return Ok(Started::Already);
    }
    let cup =
        tables::get(&mut tx, id).await.map_err(Refusal::storage)?.ok_or_else(|| Refusal::not_found("cup"))?;
    let players = tables::players(&mut tx, id).await.map_err(Refusal::storage)?;
    if players.len() < 2 {
        return Ok(Started::TooFewPlayers);
    }
    let category = parts.bounds.category(&clock_of(&cup, Clock::Main));
    let mut entrants = Vec::new();
    for (number, player) in players.iter().enumerate() {
        let rating =
            rating_in(&mut tx, &player.member_id, &cup.rules, category).await.map_err(Refusal::storage)?;
        let rating = rating.rating.round() as i64;
        entrants.push(Entrant { player: PlayerId(number as u32), rating, lot: player.lot as u64 });
    }
    let seeded = seeding(&entrants).map_err(Refusal::storage)?;
    for (seed, id_in_list) in seeded.iter().enumerate() {
        let entrant = entrants[id_in_list.0 as usize];
        let member = &players[id_in_list.0 as usize].member_id;
        tables::set_seed(&mut tx, id, member, seed as i64 + 1, entrant.rating)
            .await
            .map_err(Refusal::storage)?;
    }
    let seeds: Vec<PlayerId> = (1..=seeded.len() as u32).map(PlayerId).collect();
    let bracket = Bracket::draw(&seeds).map_err(Refusal::storage)?;
    let now = now_ms();
    for (slot, m) in bracket.round(1).iter().enumerate() {
        let top = m.top.map_or(0, |p| i64::from(p.0));
        let bye = m.bottom.is_none();
        let row = MatchRow {
            round: 1,
            slot: slot as i64,
            top,
            bottom: m.bottom.map(|p| i64::from(p.0)),
            lots: lot(),
            paired_at: now,
            deadline: now + cup.round_ms,
            winner: bye.then_some(top),
            decided_by: bye.then(|| "bye".to_string()),
        };
        tables::insert_match(&mut tx, id, &row).await.map_err(Refusal::storage)?;
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.cup_changed(id);
    while advance(parts, id).await? {}
    Ok(Started::Now)
}

/// One pass over running cup `id`: decides what its rows decide, pairs the matches whose
/// feeders are decided, makes the next game of each undecided match with none in play, and
/// finishes it after its final. Whether it changed anything.
pub async fn advance(parts: &Parts, id: &str) -> Result<bool, Refusal> {
    let (cup, players, matches, games) = {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        let cup = tables::get(&mut conn, id).await.map_err(Refusal::storage)?;
        let Some(cup) = cup.filter(|c| c.state == "running") else { return Ok(false) };
        let players = tables::players(&mut conn, id).await.map_err(Refusal::storage)?;
        let matches = tables::matches(&mut conn, id).await.map_err(Refusal::storage)?;
        let games = tables::games(&mut conn, id).await.map_err(Refusal::storage)?;
        (cup, players, matches, games)
    };
    let mut changed = false;
    for m in matches.iter().filter(|m| m.winner.is_none()) {
        changed |= play_on(parts, &cup, &players, m, &games).await?;
    }
    if changed {
        return Ok(true);
    }
    let bracket = ledger::bracket(&players, &matches).map_err(Refusal::storage)?;
    let now = now_ms();
    for at in bracket.ready() {
        if matches.iter().any(|m| ledger::at_of(m) == at) {
            continue;
        }
        let Some(m) = bracket.at(at) else { continue };
        let (Some(top), Some(bottom)) = (m.top, m.bottom) else { continue };
        let row = MatchRow {
            round: i64::from(at.round),
            slot: at.index as i64,
            top: i64::from(top.0),
            bottom: Some(i64::from(bottom.0)),
            lots: lot(),
            paired_at: now,
            deadline: now + cup.round_ms,
            winner: None,
            decided_by: None,
        };
        let mut tx =
            begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
        if tables::insert_match(&mut tx, id, &row).await.map_err(Refusal::storage)? {
            tx.commit().await.map_err(Refusal::storage)?;
            changed = true;
        }
    }
    if let Some(placing) = bracket.placing() {
        let mut tx =
            begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
        let winner = Some(i64::from(placing.winner.0));
        if tables::change_state(&mut tx, id, "running", "finished", winner).await.map_err(Refusal::storage)? {
            tx.commit().await.map_err(Refusal::storage)?;
            changed = true;
        }
    }
    if changed {
        parts.live.cup_changed(id);
    }
    Ok(changed)
}

/// Decides undecided match `m` if a player withdrew or its games decide it, or makes its next
/// game when none is in play. Whether it changed anything.
async fn play_on(
    parts: &Parts,
    cup: &CupRow,
    players: &[PlayerRow],
    m: &MatchRow,
    games: &[GameRow],
) -> Result<bool, Refusal> {
    let Some(bottom) = m.bottom else { return Ok(false) };
    let withdrawn = |seed: i64| players.iter().any(|p| p.seed == Some(seed) && p.withdrawn);
    let decision = match (withdrawn(m.top), withdrawn(bottom)) {
        (true, false) => Some((bottom, "withdrawn")),
        (false, true) | (true, true) => Some((m.top, "withdrawn")),
        (false, false) => {
            let Some(state) = ledger::state(cup, m, games) else { return Ok(false) };
            match (state.winner, state.next) {
                (Some(side), _) => seed_on(m, side).map(|seed| (seed, "games")),
                (None, Some(next)) => {
                    return make_game(parts, cup, players, m, games, next.red, next.clock).await
                }
                (None, None) => None,
            }
        }
    };
    let Some((winner, by)) = decision else { return Ok(false) };
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::decide(&mut conn, &cup.id, (m.round, m.slot), winner, by).await.map_err(Refusal::storage)
}

/// Makes the next game of match `m` (`red` on Red, with `clock`), once across instances.
async fn make_game(
    parts: &Parts,
    cup: &CupRow,
    players: &[PlayerRow],
    m: &MatchRow,
    games: &[GameRow],
    red: Side,
    clock: Clock,
) -> Result<bool, Refusal> {
    let number = games.iter().filter(|g| g.round == m.round && g.slot == m.slot).count() as i64;
    let row = GameRow {
        round: m.round,
        slot: m.slot,
        number,
        game_id: new_game_id(),
        red: side_name(red).to_string(),
        tie_break: clock == Clock::TieBreak,
        result: None,
    };
    let member = |side: Side| {
        let seed = seed_on(m, side)?;
        players.iter().find(|p| p.seed == Some(seed))
    };
    let (Some(on_red), Some(on_blue)) = (member(red), member(red.other())) else { return Ok(false) };
    let mut tx = begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::insert_game(&mut tx, &cup.id, &row).await.map_err(Refusal::storage)? {
        return Ok(false);
    }
    fn seat(p: &PlayerRow) -> Player<'_> {
        Player { member_id: &p.member_id, name: &p.name }
    }
    let game = MemberGame {
        id: &row.game_id,
        rules: cup.rules.parse().unwrap_or_default(),
        clock: clock_of(cup, clock),
        rated: cup.rated,
        players: [seat(on_red), seat(on_blue)],
        at: now_ms(),
        status: Status::Playing,
    };
    member_game::insert(&mut tx, &game).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    Ok(true)
}

/// Ends a game of an undecided match past its deadline that a side has not started: that side
/// forfeits it; before the first move with Blue not seated, neither came (a double forfeit).
async fn forfeit_late(parts: &Parts, late: &Late) -> Result<(), Refusal> {
    let room = parts.hub.enter(&late.game_id).await?;
    let game = room.snapshot().await;
    if game.status == Status::Playing && game.ply() < 2 {
        let command = if game.ply() == 0 && !late.blue_came {
            Command::Adjudicate(Verdict::DoubleForfeit)
        } else {
            Command::Claim(!game.turn())
        };
        let _ = room.apply(command).await;
    }
    parts.hub.leave(&room);
    parts.live.cup_changed(&late.cup_id);
    Ok(())
}

/// Ends the game in play of match (`round`, `slot`) of cup `id`, lost by forfeit by the side
/// of seed `loser` (a director's decision, a withdrawal).
pub async fn end_game_in_play(
    parts: &Parts,
    conn: &mut AnyConnection,
    id: &str,
    m: &MatchRow,
    loser: i64,
) -> Result<(), Refusal> {
    let games = tables::games(conn, id).await.map_err(Refusal::storage)?;
    let in_play = games.iter().find(|g| g.round == m.round && g.slot == m.slot && g.result.is_none());
    let Some(game) = in_play else { return Ok(()) };
    let loser_on_red = (game.red == "top") == (m.top == loser);
    let color = if loser_on_red { Color::Red } else { Color::Blue };
    let room = parts.hub.enter(&game.game_id).await?;
    // A forfeit: the rating sweep never counts it.
    let _ = room.apply(Command::Adjudicate(Verdict::Forfeit(color))).await;
    parts.hub.leave(&room);
    Ok(())
}
