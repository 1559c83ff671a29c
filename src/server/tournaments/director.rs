//! The tournament director: every [`EVERY`], on every instance, it starts the tournaments whose
//! time has come, enters the results of the games that ended, forfeits the players who did not
//! show, pairs the next round of a Swiss, round robin or gauntlet once the last game of a round
//! ends (or finishes it after its last round), and pairs an arena's free players until its end.
//! Like the rating sweep it watches the stored rows, so several instances agree: each change
//! is one conditional write that only the first instance makes (see [`tables::claim_round`]).
//!
//! Every change of a tournament's state goes through the functions here and in `routes`'
//! `set_result`: [`start`], [`pair_round`], [`pair_arena`], [`finish`], [`record`],
//! [`forfeit_no_show`], [`remove_player`], [`set_paused`].

use super::forfeits;
use super::games::{self, Ended, Waiting};
use super::ledger::{self, format_of, is_arena};
use super::limits::Limits;
use super::tables::{self, PairingRow, PlayerRow, TournamentRow, DIRECTOR};
use crate::rules::Color;
use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use crate::server::game::ending::{Status, Verdict};
use crate::server::game::event::{Command, Event};
use crate::server::members::Members;
use crate::server::pairing::Pairing;
use crate::server::play::hub::Hub;
use crate::server::push::Push;
use crate::server::watchers::Live;
use crate::tournament::{Format, Round};
use axum::extract::FromRef;
use std::sync::Arc;
use std::time::Duration;

/// How often the director looks at the tournaments: at most this long between a game's end
/// and the next pairing.
pub const EVERY: Duration = Duration::from_millis(500);

/// What starting a tournament did.
#[derive(PartialEq, Eq)]
pub enum Started {
    /// It started.
    Now,
    /// It had started already.
    Already,
    /// Fewer than two players are in: it did not start.
    TooFewPlayers,
    /// A gauntlet whose challenger is not in: it did not start.
    NoChallenger,
}

/// What pairing the next round did.
pub enum Paired {
    /// This round was paired.
    Round(i64),
    /// The last round was over: the tournament is finished.
    Finished,
}

/// What the director works with, and the routes that change a tournament: the games, the
/// members (whose database holds the tournaments), the live streams told of each change, and
/// what one member may do in a while, and the club's choice of which ratings bots' games count in.
#[derive(Clone)]
pub struct Parts {
    /// The games.
    pub hub: Arc<Hub>,
    /// The club's members.
    pub members: Arc<Members>,
    /// The live streams of tournaments.
    pub live: Arc<Live>,
    /// What one member may do in a while.
    pub limits: Arc<Limits>,
    /// Web Push, which tells the players of a round paired.
    pub push: Arc<Push>,
    /// Challenges and quick pairing, whose `bot_ratings` rates a tournament game between a bot
    /// and a member (or not), as it does a challenge.
    pub pairing: Arc<Pairing>,
}

impl<S> FromRef<S> for Parts
where
    Arc<Hub>: FromRef<S>,
    Arc<Members>: FromRef<S>,
    Arc<Live>: FromRef<S>,
    Arc<Limits>: FromRef<S>,
    Arc<Push>: FromRef<S>,
    Arc<Pairing>: FromRef<S>,
{
    fn from_ref(state: &S) -> Parts {
        Parts {
            hub: FromRef::from_ref(state),
            members: FromRef::from_ref(state),
            live: FromRef::from_ref(state),
            limits: FromRef::from_ref(state),
            push: FromRef::from_ref(state),
            pairing: FromRef::from_ref(state),
        }
    }
}

/// Directs the tournaments for as long as the server runs.
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
    forfeits::end_games_of_leavers(&parts.hub, pool, &parts.live, None).await?;
    for ended in games::ended(pool).await.map_err(Refusal::storage)? {
        record(parts, &ended).await?;
    }
    for waiting in games::waiting(pool).await.map_err(Refusal::storage)? {
        if now >= waiting.since + waiting.no_show_ms {
            forfeit_no_show(parts, &waiting).await?;
        }
    }
    for id in tables::due_to_start(pool, now).await.map_err(Refusal::storage)? {
        match start(parts, &id, DIRECTOR).await? {
            Started::TooFewPlayers => {
                finish(parts, &id, DIRECTOR, "called off: too few players at the start").await?;
            }
            Started::NoChallenger => {
                finish(parts, &id, DIRECTOR, "called off: the challenger is not in").await?;
            }
            Started::Now | Started::Already => {}
        }
    }
    for tournament in tables::running(pool).await.map_err(Refusal::storage)? {
        if tournament.paused {
            continue;
        }
        if is_arena(&tournament) {
            pair_arena(parts, &tournament, now).await?;
        } else {
            next_round_if_due(parts, &tournament).await?;
        }
    }
    Ok(())
}

async fn load(parts: &Parts, id: &str) -> Result<TournamentRow, Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    tables::get(&mut conn, id)
        .await
        .map_err(Refusal::storage)?
        .ok_or_else(|| Refusal::not_found("tournament"))
}

/// Starts tournament `id` (by `by`, an admin or the director at its time): round 1 is paired,
/// or an arena's clock starts.
pub async fn start(parts: &Parts, id: &str, by: &str) -> Result<Started, Refusal> {
    let row = load(parts, id).await?;
    let players = {
        let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
        tables::players(&mut conn, id).await.map_err(Refusal::storage)?
    };
    if players.iter().filter(|p| !p.withdrawn).count() < 2 {
        return Ok(Started::TooFewPlayers);
    }
    let rounds = match format_of(&row.format) {
        Some((Format::RoundRobin, cycles)) => ledger::round_robin_rounds(players.len(), cycles),
        Some((Format::Gauntlet, _)) => {
            if ledger::challenger_of(&row, &players).is_none_or(|p| p.withdrawn) {
                return Ok(Started::NoChallenger);
            }
            ledger::gauntlet_rounds_of(&row, players.len())
        }
        _ => row.rounds,
    };
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::change_state(&mut tx, id, "registering", "running", rounds).await.map_err(Refusal::storage)? {
        return Ok(Started::Already);
    }
    if is_arena(&row) {
        tables::set_ends_at(&mut tx, id, now_ms() + row.minutes * 60_000).await.map_err(Refusal::storage)?;
    }
    tables::log(&mut tx, id, by, "started", "").await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    if !is_arena(&row) {
        pair_round(parts, id, by).await?;
    }
    Ok(Started::Now)
}

/// Finishes tournament `id` (`detail`: why, for the log); games in play still count when they
/// end. False if it was over already.
pub async fn finish(parts: &Parts, id: &str, by: &str, detail: &str) -> Result<bool, Refusal> {
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::finish(&mut tx, id).await.map_err(Refusal::storage)? {
        return Ok(false);
    }
    tables::log(&mut tx, id, by, "finished", detail).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    Ok(true)
}

/// Pairs the next round when every game of the last one has its result (and players enough
/// are left), or finishes the tournament after its last round.
async fn next_round_if_due(parts: &Parts, row: &TournamentRow) -> Result<(), Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let players = tables::players(&mut conn, &row.id).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut conn, &row.id).await.map_err(Refusal::storage)?;
    drop(conn);
    let (_, finished) = ledger::history(row, &players, &pairings).map_err(Refusal::storage)?;
    if finished < row.round {
        return Ok(());
    }
    let swiss = format_of(&row.format).map(|(format, _)| format) == Some(Format::Swiss);
    if swiss && players.iter().filter(|p| !p.withdrawn).count() < 2 {
        finish(parts, &row.id, DIRECTOR, "too few players left").await?;
        return Ok(());
    }
    // A round that cannot be paired (told to an admin who asks) waits for the admin.
    let _ = pair_round(parts, &row.id, DIRECTOR).await;
    Ok(())
}

/// Pairs the next round of tournament `id` and makes its games (or finishes it after its last
/// round); None if another instance or request did it first. The claim of the round (or of
/// the end) is the transaction's first statement: whoever comes second changes nothing, and
/// on SQLite nothing was read before the write lock.
pub async fn pair_round(parts: &Parts, id: &str, by: &str) -> Result<Option<Paired>, Refusal> {
    let row = load(parts, id).await?;
    if row.state != "running" || is_arena(&row) {
        return Err(Refusal::new(
            Code::NoRounds,
            "only a running Swiss, round robin or gauntlet pairs rounds",
        ));
    }
    if row.paused {
        return Err(Refusal::new(Code::Paused, "the tournament is paused"));
    }
    let finishing = row.round >= row.rounds;
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let claimed = if finishing {
        tables::change_state(&mut tx, id, "running", "finished", row.rounds).await
    } else {
        tables::claim_round(&mut tx, id, row.round).await
    };
    if !claimed.map_err(Refusal::storage)? {
        return Ok(None);
    }
    let players = tables::players(&mut tx, id).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut tx, id).await.map_err(Refusal::storage)?;
    let (history, finished) = ledger::history(&row, &players, &pairings).map_err(Refusal::storage)?;
    if finished < row.round {
        return Err(Refusal::new(Code::RoundNotFinished, "some results of this round are not in"));
    }
    if finishing {
        tables::log(&mut tx, id, by, "finished", "").await.map_err(Refusal::storage)?;
        tx.commit().await.map_err(Refusal::storage)?;
        parts.live.tournament_changed(id);
        return Ok(Some(Paired::Finished));
    }
    let number = row.round + 1;
    // A large Swiss may take a moment to pair: off the threads that serve the games.
    let (pairing_row, pairing_players) = (row.clone(), players.clone());
    let round =
        tokio::task::spawn_blocking(move || ledger::next_round(&pairing_row, &pairing_players, &history))
            .await
            .map_err(Refusal::storage)?
            .map_err(|e| Refusal::new(Code::NoPairing, format!("round {number} cannot be paired: {e}")))?;
    let boards = ledger::rows_of(number, &round, &players, !row.over_the_board, now_ms());
    tables::insert_pairings(&mut tx, id, &boards).await.map_err(Refusal::storage)?;
    games::make(&mut tx, &row, &players, &boards, parts.pairing.bot_ratings)
        .await
        .map_err(Refusal::storage)?;
    tables::log(&mut tx, id, by, "paired", &format!("round {number}")).await.map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    tell_paired(parts, &row, number, &boards, &players).await;
    Ok(Some(Paired::Round(number)))
}

/// Pairs the free players of a running arena and makes their games; after its end, finishes
/// it once its last games are over. Each batch is a "round": claiming it makes two instances
/// that read the same free players pair them once.
pub async fn pair_arena(parts: &Parts, row: &TournamentRow, now: i64) -> Result<(), Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let players = tables::players(&mut conn, &row.id).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut conn, &row.id).await.map_err(Refusal::storage)?;
    drop(conn);
    if row.ends_at.is_some_and(|end| now >= end) {
        if pairings.iter().all(|p| p.result.is_some() || p.blue.is_none()) {
            finish(parts, &row.id, DIRECTOR, "").await?;
        }
        return Ok(());
    }
    let (history, _) = ledger::history(row, &players, &pairings).map_err(Refusal::storage)?;
    let games = ledger::arena_pairings(&players, &pairings, &history).map_err(Refusal::storage)?;
    if games.is_empty() {
        return Ok(());
    }
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::claim_round(&mut tx, &row.id, row.round).await.map_err(Refusal::storage)? {
        return Ok(());
    }
    let boards = ledger::rows_of(row.round + 1, &Round { pairings: games, bye: None }, &players, true, now);
    tables::insert_pairings(&mut tx, &row.id, &boards).await.map_err(Refusal::storage)?;
    games::make(&mut tx, row, &players, &boards, parts.pairing.bot_ratings)
        .await
        .map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(&row.id);
    tell_paired(parts, row, row.round + 1, &boards, &players).await;
    Ok(())
}

/// Pushes round `number` of `row`, paired (by this instance alone: it claimed the round), to
/// the players of its `boards` who have a game (not a bye, not a forfeit).
async fn tell_paired(
    parts: &Parts,
    row: &TournamentRow,
    number: i64,
    boards: &[PairingRow],
    players: &[PlayerRow],
) {
    let member = |n: i64| players.iter().find(|p| p.number == n).map(|p| p.member_id.clone());
    let playing = boards.iter().filter(|b| b.result.is_none()).filter_map(|b| Some([b.red, b.blue?]));
    let members: Vec<String> = playing.flatten().filter_map(member).collect();
    parts.push.tournament_round(&row.id, &row.name, number, &members).await;
}

/// Enters the result of a tournament game that ended (unless its board has one already).
pub async fn record(parts: &Parts, ended: &Ended) -> Result<bool, Refusal> {
    let mut conn = parts.members.pool().acquire().await.map_err(Refusal::storage)?;
    let entered =
        tables::record_result(&mut conn, &ended.tournament_id, ended.round, ended.board, ended.result)
            .await
            .map_err(Refusal::storage)?;
    if entered {
        parts.live.tournament_changed(&ended.tournament_id);
    }
    Ok(entered)
}

/// The side to move of a game where it has not moved yet lost by forfeit: the game ends (a
/// claim by the other side; not rated, as a side never moved), and the absent player is
/// withdrawn from the tournament (they may come back). Before the first move, if Blue has not
/// taken their seat either, neither came: the game ends as a double forfeit, and both are
/// withdrawn. Nothing happens if the side moved meanwhile.
pub async fn forfeit_no_show(parts: &Parts, waiting: &Waiting) -> Result<(), Refusal> {
    let pool = parts.members.pool();
    let room = parts.hub.enter(&waiting.game_id).await?;
    let game = room.snapshot().await;
    let first = game.turn();
    let neither = game.ply() == 0 && !waiting.blue_came;
    let ended = if game.status == Status::Playing && game.ply() < 2 {
        let command =
            if neither { Command::Adjudicate(Verdict::DoubleForfeit) } else { Command::Claim(!first) };
        room.apply(command).await.ok()
    } else {
        None
    };
    parts.hub.leave(&room);
    if !matches!(ended, Some(Event::Ended)) {
        return Ok(());
    }
    let (absent, detail) = if neither {
        (vec![Color::Red, Color::Blue], format!("game {}: neither player showed", waiting.game_id))
    } else {
        (vec![first], format!("game {}: {} did not show", waiting.game_id, first.name()))
    };
    let mut tx = tables::begin_writing(pool, parts.hub.db.backend).await.map_err(Refusal::storage)?;
    let mut withdrawn = false;
    for color in absent {
        let member = games::member_at(&mut tx, &waiting.game_id, color).await.map_err(Refusal::storage)?;
        let Some(member) = member else { continue };
        withdrawn |= tables::set_withdrawn(&mut tx, &waiting.tournament_id, &member, true)
            .await
            .map_err(Refusal::storage)?;
    }
    if withdrawn {
        tables::log(&mut tx, &waiting.tournament_id, DIRECTOR, "no-show", &detail)
            .await
            .map_err(Refusal::storage)?;
    }
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(&waiting.tournament_id);
    Ok(())
}

/// Removes player `number` (an admin's decision): they are never paired again, and their
/// game in play is forfeited. False if there is no such player, or they were removed already.
pub async fn remove_player(parts: &Parts, id: &str, number: i64, by: &str) -> Result<bool, Refusal> {
    let pool = parts.members.pool();
    let mut tx = tables::begin_writing(pool, parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if tables::remove(&mut tx, id, number).await.map_err(Refusal::storage)?.is_none() {
        return Ok(false);
    }
    tables::log(&mut tx, id, by, "removed", &format!("player {number}")).await.map_err(Refusal::storage)?;
    let pairings = tables::pairings(&mut tx, id).await.map_err(Refusal::storage)?;
    let mut forfeited = Vec::new();
    for board in pairings.iter().filter(|p| p.result.is_none()) {
        let Some(game_id) = &board.game_id else { continue };
        let color = if board.red == number {
            Color::Red
        } else if board.blue == Some(number) {
            Color::Blue
        } else {
            continue;
        };
        let result = format!("{}-forfeits", color.name());
        if tables::record_result(&mut tx, id, board.round, board.board, &result)
            .await
            .map_err(Refusal::storage)?
        {
            forfeited.push((game_id.clone(), color));
        }
    }
    tx.commit().await.map_err(Refusal::storage)?;
    for (game_id, color) in forfeited {
        let room = parts.hub.enter(&game_id).await?;
        // The game ends as its board says (its end replaced if it has just ended otherwise),
        // a forfeit: the rating sweep never counts it (`rating::counting`).
        let _ = room.apply(Command::Adjudicate(Verdict::Forfeit(color))).await;
        parts.hub.leave(&room);
    }
    parts.live.tournament_changed(id);
    Ok(true)
}

/// Pauses (no new pairings) or resumes tournament `id`; false if it was so already.
pub async fn set_paused(parts: &Parts, id: &str, paused: bool, by: &str) -> Result<bool, Refusal> {
    let mut tx =
        tables::begin_writing(parts.members.pool(), parts.hub.db.backend).await.map_err(Refusal::storage)?;
    if !tables::set_paused(&mut tx, id, paused).await.map_err(Refusal::storage)? {
        return Ok(false);
    }
    tables::log(&mut tx, id, by, if paused { "paused" } else { "resumed" }, "")
        .await
        .map_err(Refusal::storage)?;
    tx.commit().await.map_err(Refusal::storage)?;
    parts.live.tournament_changed(id);
    Ok(true)
}
