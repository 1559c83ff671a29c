//! The life of a league's season, every change that both the routes and the sweep make: a
//! season drafted ([`draft`]), started with all its pairings ([`start`]), a game started by
//! one of its two players ([`start_game`]), a player's withdrawal ([`withdraw`]), a result
//! the director sets ([`set_result`]) and a game that ends ([`finish_game`]).
//!
//! Each begins with a conditional write (the league's state and season, a pairing's game or
//! result) that only the first instance or request makes; whoever comes second changes nothing.

use super::ledger;
use super::tables::{self, LeagueRow, PairingKey, PairingRow};
use super::Parts;
use crate::competitions::league;
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::{Status, Verdict};
use crate::server::game::event::Command;
use crate::server::game::token::new_game_id;
use crate::server::rating::correction;
use crate::server::rating::tables::rating_in;
use crate::server::storage::member_game::{self, MemberGame, Player};
use crate::server::time::now_ms;
use crate::server::tournaments::adjust::verdict_of;
use crate::server::tournaments::ledger::RESULTS;
use crate::tournament::PlayerId;
use sqlx::AnyConnection;

/// The rating of `member_id` in `league`'s rules and clock category, rounded.
async fn rating(
    parts: &Parts,
    conn: &mut AnyConnection,
    league: &LeagueRow,
    member_id: &str,
) -> sqlx::Result<i64> {
    let category = parts.bounds.category_of_text(&league.clock);
    Ok(rating_in(conn, member_id, &league.rules, category).await?.rating.round() as i64)
}

/// Drafts the next season of `league` (open or over): the first from its members, placed by
/// rating; a later one from the last season's tables after promotion and relegation, without
/// those who withdrew or left, with the members who joined since placed by rating.
pub async fn draft(parts: &Parts, league: &LeagueRow) -> Result<(), Refusal> {
    if !matches!(league.state.as_str(), "open" | "over") {
        return Err(Refusal::new(Code::LeagueSeasonRunning, "a season is drafted or running already"));
    }
    let id = &league.id;
    let season = league.season + 1;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::change_state(&mut tx, id, (&league.state, league.season), ("drafted", season))
        .await
        .map_err(Refusal::storage)?
    {
        return Err(Refusal::new(Code::LeagueSeasonRunning, "a season is drafted or running already"));
    }
    let members = tables::members(&mut tx, id).await.map_err(Refusal::storage)?;
    let mut ratings = Vec::new();
    for (member_id, _) in &members {
        ratings.push(rating(parts, &mut tx, league, member_id).await.map_err(Refusal::storage)?);
    }
    let rating_of =
        |member_id: &str| members.iter().position(|(m, _)| m == member_id).map_or(0, |at| ratings[at]);
    let mut divisions: Vec<Vec<String>> = if league.season == 0 {
        Vec::new()
    } else {
        let placements = tables::placements(&mut tx, id, league.season).await.map_err(Refusal::storage)?;
        let pairings = tables::pairings(&mut tx, id, league.season).await.map_err(Refusal::storage)?;
        let last = ledger::divisions(league, &placements, &pairings).map_err(Refusal::storage)?;
        let stays = |member: &String| members.iter().any(|(m, _)| m == member);
        ledger::drafted(league, &placements, &last)
            .into_iter()
            .map(|d| d.into_iter().filter(stays).collect())
            .collect()
    };
    let placed = |member: &str, divisions: &[Vec<String>]| divisions.iter().flatten().any(|m| m == member);
    let newcomers: Vec<(usize, i64)> = (0..members.len())
        .filter(|&at| !placed(&members[at].0, &divisions))
        .map(|at| (at, ratings[at]))
        .collect();
    if divisions.iter().all(Vec::is_empty) && newcomers.len() >= 2 {
        let size = usize::try_from(league.division_size).unwrap_or(2);
        let by_number: Vec<(PlayerId, i64)> =
            newcomers.iter().map(|&(at, r)| (PlayerId(u32::try_from(at).unwrap_or(u32::MAX)), r)).collect();
        let placed = league::place_by_rating(&by_number, size).map_err(Refusal::storage)?;
        divisions =
            placed.iter().map(|d| d.iter().map(|p| members[p.0 as usize].0.clone()).collect()).collect();
    } else {
        // Newcomers by the division's average, best rated first.
        let mut by_rating = newcomers;
        by_rating.sort_by_key(|&(_, r)| std::cmp::Reverse(r));
        let mut numbered: Vec<Vec<PlayerId>> = divisions
            .iter()
            .map(|d| d.iter().filter_map(|m| members.iter().position(|(id, _)| id == m)).map(to_id).collect())
            .collect();
        numbered.retain(|d| !d.is_empty());
        for (at, r) in by_rating {
            league::add_newcomer(&mut numbered, to_id(at), r, |p| ratings[p.0 as usize]);
        }
        divisions =
            numbered.iter().map(|d| d.iter().map(|p| members[p.0 as usize].0.clone()).collect()).collect();
    }
    tables::insert_season(&mut tx, id, season).await.map_err(Refusal::storage)?;
    for (d, division) in divisions.iter().filter(|d| !d.is_empty()).enumerate() {
        for (s, member_id) in division.iter().enumerate() {
            let place = (d as i64 + 1, s as i64 + 1, rating_of(member_id));
            tables::place(&mut tx, id, season, member_id, place).await.map_err(Refusal::storage)?;
        }
    }
    tx.commit().await.map_err(Refusal::storage)?;
    Ok(())
}

fn to_id(at: usize) -> PlayerId {
    PlayerId(u32::try_from(at).unwrap_or(u32::MAX))
}

/// Starts the drafted season of `league`: every division's round robin is laid out, round `k`
/// open from `start + (k - 1)·window` until its deadline `start + k·window`.
pub async fn start(parts: &Parts, league: &LeagueRow) -> Result<(), Refusal> {
    if league.state != "drafted" {
        return Err(Refusal::new(Code::LeagueNoDraft, "draft a season first"));
    }
    let id = &league.id;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::change_state(&mut tx, id, ("drafted", league.season), ("running", league.season))
        .await
        .map_err(Refusal::storage)?
    {
        return Err(Refusal::new(Code::AlreadyStarted, "the season has started already"));
    }
    let placements = tables::placements(&mut tx, id, league.season).await.map_err(Refusal::storage)?;
    let now = now_ms();
    let mut rows = Vec::new();
    let mut numbers: Vec<i64> = placements.iter().map(|p| p.division).collect();
    numbers.dedup();
    for division in numbers {
        let members: Vec<String> =
            placements.iter().filter(|p| p.division == division).map(|p| p.member_id.clone()).collect();
        let rounds = ledger::schedule(league, &members)
            .map_err(|e| Refusal::new(Code::TooFewPlayers, format!("division {division}: {e}")))?;
        for (r, round) in rounds.into_iter().enumerate() {
            let number = r as i64 + 1;
            let (opens_at, deadline) = league::round_window(now, league.window_ms, number);
            for (b, (red, blue)) in round.into_iter().enumerate() {
                rows.push(PairingRow {
                    division,
                    round: number,
                    board: b as i64 + 1,
                    red,
                    blue,
                    opens_at,
                    deadline,
                    started_by: None,
                    game_id: None,
                    result: None,
                });
            }
        }
    }
    if placements.len() < 2 {
        return Err(Refusal::new(Code::TooFewPlayers, "a season needs two players or more"));
    }
    tables::insert_pairings(&mut tx, id, league.season, &rows).await.map_err(Refusal::storage)?;
    tables::set_started(&mut tx, id, league.season, now).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.league_changed(id);
    Ok(())
}

/// The side `member_id` has in `pairing`, if theirs.
fn side_of(pairing: &PairingRow, member_id: &str) -> Option<Color> {
    if pairing.red == member_id {
        Some(Color::Red)
    } else if pairing.blue == member_id {
        Some(Color::Blue)
    } else {
        None
    }
}

/// The game of the pairing at `key`, made now by `member_id` (one of its two players) within
/// its window with the sides the schedule gave, or the one already made: its id.
pub async fn start_game(
    parts: &Parts,
    league: &LeagueRow,
    key: &PairingKey,
    member_id: &str,
) -> Result<String, Refusal> {
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let pairing = tables::pairing(&mut tx, key).await.map_err(Refusal::storage)?;
    let pairing = pairing.ok_or_else(|| Refusal::not_found("pairing"))?;
    if side_of(&pairing, member_id).is_none() {
        return Err(Refusal::new(Code::NotYourPairing, "only the two players of a pairing start its game"));
    }
    if let Some(game) = pairing.game_id {
        return Ok(game);
    }
    let now = now_ms();
    if pairing.result.is_some()
        || league.state != "running"
        || now < pairing.opens_at
        || now >= pairing.deadline
    {
        return Err(Refusal::new(Code::PairingNotOpen, "this pairing's window is not open"));
    }
    let placements = tables::placements(&mut tx, &league.id, key.season).await.map_err(Refusal::storage)?;
    let name = |member: &str| {
        placements.iter().find(|p| p.member_id == member).map(|p| p.name.clone()).unwrap_or_default()
    };
    let (red_name, blue_name) = (name(&pairing.red), name(&pairing.blue));
    let game_id = new_game_id();
    let game = MemberGame {
        id: &game_id,
        rules: league.rules.parse().unwrap_or_default(),
        clock: ClockSpec::from_text(&league.clock).unwrap_or_default(),
        rated: league.rated,
        players: [
            Player { member_id: &pairing.red, name: &red_name },
            Player { member_id: &pairing.blue, name: &blue_name },
        ],
        at: now,
        status: Status::Playing,
    };
    if !tables::set_game(&mut tx, key, member_id, &game_id).await.map_err(Refusal::storage)? {
        return Err(Refusal::new(Code::PairingNotOpen, "this pairing has its game or result already"));
    }
    member_game::insert(&mut tx, &game).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.league_changed(&league.id);
    Ok(game_id)
}

/// `member_id` withdraws from `league`: from a drafted season they are taken out; from a running
/// one their pairings left are forfeited (games in play end as their loss) and their games
/// stay or are annulled as [`league`] says. Either way they leave the league.
pub async fn withdraw(parts: &Parts, league: &LeagueRow, member_id: &str) -> Result<(), Refusal> {
    let id = &league.id;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let left = tables::leave(&mut tx, id, member_id).await.map_err(Refusal::storage)?;
    let mut ended = Vec::new();
    let changed = match league.state.as_str() {
        "drafted" => {
            tables::unplace(&mut tx, id, league.season, member_id).await.map_err(Refusal::storage)?
        }
        "running" => {
            let withdrew =
                tables::withdraw(&mut tx, id, league.season, member_id).await.map_err(Refusal::storage)?;
            let pairings = tables::pairings(&mut tx, id, league.season).await.map_err(Refusal::storage)?;
            for pairing in pairings.iter().filter(|p| p.result.is_none()) {
                let Some(side) = side_of(pairing, member_id) else { continue };
                let key = key_of(league, pairing);
                let result = format!("{}-forfeits", side.name());
                if tables::record_result(&mut tx, &key, &result).await.map_err(Refusal::storage)? {
                    ended.extend(pairing.game_id.clone().map(|game| (game, side)));
                }
            }
            withdrew
        }
        _ => false,
    };
    if !left && !changed {
        return Err(Refusal::not_found("member of this league"));
    }
    tx.commit().await.map_err(Refusal::storage)?;
    for (game, side) in ended {
        end_game(parts, &game, Command::Adjudicate(Verdict::Forfeit(side))).await;
    }
    parts.live.league_changed(id);
    Ok(())
}

/// Where `pairing` of `league`'s current season is.
pub fn key_of(league: &LeagueRow, pairing: &PairingRow) -> PairingKey {
    PairingKey {
        league_id: league.id.clone(),
        season: league.season,
        division: pairing.division,
        round: pairing.round,
        board: pairing.board,
    }
}

/// Ends game `id` by `command` (nothing if it is over already).
async fn end_game(parts: &Parts, id: &str, command: Command) {
    if let Ok(room) = parts.hub.enter(id).await {
        let _ = room.apply(command).await;
        parts.hub.leave(&room);
    }
}

/// Sets the result of the pairing at `key` (the director's word): its game in play ends with
/// it, and the ratings follow as a tournament's do.
pub async fn set_result(parts: &Parts, key: &PairingKey, result: &str) -> Result<(), Refusal> {
    let verdict =
        verdict_of(result).ok_or_else(|| Refusal::field("result", format!("result is {RESULTS}")))?;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let pairing = tables::pairing(&mut tx, key).await.map_err(Refusal::storage)?;
    let pairing = pairing.ok_or_else(|| Refusal::not_found("pairing"))?;
    tables::set_result(&mut tx, key, result).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    if let Some(game) = pairing.game_id {
        end_game(parts, &game, Command::Adjudicate(verdict)).await;
        let score = match verdict {
            Verdict::Win(Color::Red) => Some(1.0),
            Verdict::Win(Color::Blue) => Some(0.0),
            Verdict::Draw => Some(0.5),
            _ => None,
        };
        let mut tx = tables::begin_writing(parts.members.pool(), parts.hub.db.backend)
            .await
            .map_err(Refusal::storage)?;
        correction::follow(&mut tx, &game, score).await.map_err(Refusal::storage)?;
        tx.commit().await.map_err(Refusal::storage)?;
    }
    parts.live.league_changed(&key.league_id);
    Ok(())
}

/// A pairing past its deadline without a result: without a game, both forfeit; with a game
/// in which a side has not made its first move, that side (the side to move) forfeits and the
/// game ends so; a game under way plays on, and its end gives the result.
pub async fn overdue(parts: &Parts, overdue: &tables::Overdue) -> Result<(), Refusal> {
    match &overdue.game_id {
        None => {
            let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
            if tables::record_result(&mut conn, &overdue.key, "double-forfeit")
                .await
                .map_err(Refusal::storage)?
            {
                parts.live.league_changed(&overdue.key.league_id);
            }
        }
        Some(game) if overdue.ply < 2 => {
            let room = parts.hub.enter(game).await?;
            let snapshot = room.snapshot().await;
            if snapshot.status == Status::Playing && snapshot.ply() < 2 {
                let verdict = Verdict::Forfeit(snapshot.turn());
                let _ = room.apply(Command::Adjudicate(verdict)).await;
            }
            parts.hub.leave(&room);
        }
        Some(_) => {}
    }
    Ok(())
}

/// Enters the result of a league game that ended (unless its pairing has one).
pub async fn finish_game(parts: &Parts, ended: &tables::Ended) -> Result<(), Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    if tables::record_result(&mut conn, &ended.key, ended.result).await.map_err(Refusal::storage)? {
        parts.live.league_changed(&ended.key.league_id);
    }
    Ok(())
}
