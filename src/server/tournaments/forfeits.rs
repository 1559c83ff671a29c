//! A player who is out of a tournament never plays on: the game of a member who withdraws,
//! still being played, ends at once, lost by them (`withdrawn`), its room told (both players'
//! pages see it end), and its board's result is entered as their forfeit, so the round is
//! complete as soon as its other games are. The game is rated like any other: it counts only if
//! each side made a move (`rating::counting`), so leaving a lost game costs its rating. (A
//! player an admin removes loses theirs as a forfeit the director declared, which no rating
//! counts: `director::remove_player`.)
//!
//! The game is ended before its board's result is entered, so a game that ended by itself a
//! moment before keeps its own result. The withdrawal calls [`end_games_of_leavers`] at once,
//! and the director on every tick: a server stopped between the withdrawal and the game's end
//! ends it when it is back, and whichever instance comes first ends it (the game's change is a
//! versioned write, the board's result a conditional one).

use super::tables;
use crate::rules::Color;
use crate::server::error::Refusal;
use crate::server::game::event::{Command, Event};
use crate::server::play::hub::Hub;
use crate::server::watchers::Live;
use sqlx::{AnyPool, Row};

/// A tournament game still being played by a player who is out.
struct LeftGame {
    tournament_id: String,
    round: i64,
    board: i64,
    game_id: String,
    /// The sides whose players are out.
    leavers: Vec<Color>,
}

impl LeftGame {
    /// The board's result: a forfeit by the player who left, or by both.
    fn result(&self) -> String {
        match self.leavers.as_slice() {
            [one] => format!("{}-forfeits", one.name()),
            _ => "double-forfeit".to_string(),
        }
    }
}

/// The games being played (of tournament `id`, or of every tournament) whose board has no
/// result yet and one of whose players is out.
async fn left_games(pool: &AnyPool, id: Option<&str>) -> sqlx::Result<Vec<LeftGame>> {
    let which = if id.is_some() { "AND p.tournament_id = $1" } else { "" };
    let query = format!(
        "SELECT p.tournament_id, p.round, p.board, p.game_id, p.red, o.number AS leaver
         FROM tournament_pairings p JOIN games g ON g.id = p.game_id
         JOIN tournament_players o ON o.tournament_id = p.tournament_id
           AND (o.number = p.red OR o.number = p.blue)
         WHERE p.result IS NULL AND g.status = 'playing' AND o.withdrawn <> 0 {which}
         ORDER BY p.tournament_id, p.round, p.board"
    );
    let rows = match id {
        Some(id) => sqlx::query(&query).bind(id).fetch_all(pool).await?,
        None => sqlx::query(&query).fetch_all(pool).await?,
    };
    let mut games: Vec<LeftGame> = Vec::new();
    for row in rows {
        let game_id: String = row.try_get("game_id")?;
        let red: i64 = row.try_get("red")?;
        let leaver = if row.try_get::<i64, _>("leaver")? == red { Color::Red } else { Color::Blue };
        match games.last_mut() {
            Some(last) if last.game_id == game_id => last.leavers.push(leaver),
            _ => games.push(LeftGame {
                tournament_id: row.try_get("tournament_id")?,
                round: row.try_get("round")?,
                board: row.try_get("board")?,
                game_id,
                leavers: vec![leaver],
            }),
        }
    }
    Ok(games)
}

/// Ends the games still being played by players who are out of tournament `id` (none: of any
/// tournament), each lost by its leaver, and enters their boards' forfeits; the watchers of
/// each tournament changed are told. A game that cannot be ended now keeps no other waiting:
/// the next look tries it again.
pub async fn end_games_of_leavers(
    hub: &Hub,
    pool: &AnyPool,
    live: &Live,
    id: Option<&str>,
) -> Result<(), Refusal> {
    for game in left_games(pool, id).await.map_err(Refusal::storage)? {
        if let Ok(true) = end(hub, pool, &game).await {
            live.tournament_changed(&game.tournament_id);
        }
    }
    Ok(())
}

/// Ends `game`, lost by its leaver, and enters its board's forfeit; false if it had ended by
/// itself meanwhile (its own result then goes to its board).
async fn end(hub: &Hub, pool: &AnyPool, game: &LeftGame) -> Result<bool, Refusal> {
    let room = hub.enter(&game.game_id).await?;
    let ended = room.apply(Command::Withdraw(game.leavers[0])).await;
    hub.leave(&room);
    if !matches!(ended, Ok(Event::Ended)) {
        return Ok(false);
    }
    let mut conn = pool.acquire().await.map_err(Refusal::storage)?;
    tables::record_result(&mut conn, &game.tournament_id, game.round, game.board, &game.result())
        .await
        .map_err(Refusal::storage)?;
    Ok(true)
}
