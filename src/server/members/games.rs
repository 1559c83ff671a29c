//! The games members play: the seats they took (`member_games`), their results, and what
//! happens to those games when an account is deleted — they stay, their player's name becomes
//! "deleted member" (through `games_table`, the `games` rows' home, which makes a server holding such a game
//! read it again: at once on this server, within seconds on the others).

use super::names::DELETED;
use crate::rules::Color;
use crate::server::storage::games_table::{self, Picked};
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// The games of the member `$2`.
const GAMES_OF: &str = "SELECT game_id FROM member_games WHERE member_id = $2";
/// The games where the member `$2` took the seat of colour `$3`.
const SEATS_OF: &str = "SELECT game_id FROM member_games WHERE member_id = $2 AND color = $3";

/// Notes that the member of id `member_id` took the `color` seat of game `game_id`.
pub async fn link(pool: &AnyPool, member_id: &str, game_id: &str, color: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO member_games (game_id, color, member_id, rated) VALUES ($1, $2, $3, 0)")
        .bind(game_id)
        .bind(color)
        .bind(member_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Notes the members' seats of game `game_id` in its rematch `rematch_id`, colours swapped.
pub async fn link_rematch(pool: &AnyPool, game_id: &str, rematch_id: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO member_games (game_id, color, member_id, rated)
         SELECT $2, CASE WHEN color = 'red' THEN 'blue' ELSE 'red' END, member_id, 0 FROM member_games
         WHERE game_id = $1 AND member_id IS NOT NULL",
    )
    .bind(game_id)
    .bind(rematch_id)
    .execute(pool)
    .await?;
    Ok(())
}

/// Deletes account `id` in one transaction: its games renamed, its sessions, passkeys,
/// ratings, challenges and their blocks, wait for pairing, push devices and settings, and row removed; the ids of the games renamed. None (nothing changed) if it has games open or in play.
pub async fn delete_account(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Vec<String>>> {
    let mut tx = pool.begin().await?;
    let unfinished =
        games_table::count_unfinished(&mut tx, &Picked { subquery: GAMES_OF, params: &[id] }).await?;
    if unfinished > 0 {
        tx.rollback().await?;
        return Ok(None);
    }
    let games = sqlx::query("SELECT game_id FROM member_games WHERE member_id = $1")
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
    let games = games.iter().map(|row| row.try_get("game_id")).collect::<sqlx::Result<Vec<String>>>()?;
    for color in Color::ALL {
        let seats = Picked { subquery: SEATS_OF, params: &[id, color.name()] };
        games_table::rename_player(&mut tx, color, DELETED, &seats).await?;
    }
    sqlx::query("UPDATE member_games SET member_id = NULL WHERE member_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    // The challenges sent and received go too, blocks either way, and any wait for quick pairing.
    for delete in [
        "DELETE FROM challenges WHERE from_member = $1 OR to_member = $1",
        "DELETE FROM challenge_blocks WHERE member_id = $1 OR blocked_id = $1",
    ] {
        sqlx::query(delete).bind(id).execute(&mut *tx).await?;
    }
    for table in [
        "bot_tokens",
        "member_sessions",
        "member_devices",
        "member_vacations",
        "passkeys",
        "passkey_ceremonies",
        "rating_history",
        "ratings",
        "pairing_queue",
        "push_outbox",
        "push_subscriptions",
        "push_settings",
        "push_watching",
        "email_tokens",
        "member_emails",
        "members",
    ] {
        let key = if table == "members" { "id" } else { "member_id" };
        sqlx::query(&format!("DELETE FROM {table} WHERE {key} = $1")).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(Some(games))
}

/// A member's finished games by result (aborted games not counted; a double forfeit is lost by both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Results {
    /// Won.
    pub wins: i64,
    /// Drawn.
    pub draws: i64,
    /// Lost.
    pub losses: i64,
}

/// The results of member `id`.
pub async fn results(pool: &AnyPool, id: &str) -> sqlx::Result<Results> {
    let row = sqlx::query(
        "SELECT COALESCE(SUM(CASE WHEN g.winner = mg.color THEN 1 ELSE 0 END), 0) AS wins,
                COALESCE(SUM(CASE WHEN g.winner IS NULL AND g.reason <> 'double-forfeit' THEN 1 ELSE 0 END), 0)
                  AS draws,
                COALESCE(SUM(CASE WHEN g.winner <> mg.color OR g.reason = 'double-forfeit' THEN 1 ELSE 0 END), 0)
                  AS losses
         FROM member_games mg JOIN games g ON g.id = mg.game_id
         WHERE mg.member_id = $1 AND g.status = 'over' AND g.reason <> 'aborted'",
    )
    .bind(id)
    .fetch_one(pool)
    .await?;
    Ok(Results { wins: row.try_get("wins")?, draws: row.try_get("draws")?, losses: row.try_get("losses")? })
}

/// The ids of the latest `limit` finished games of member `id`, newest first.
pub async fn finished(pool: &AnyPool, id: &str, limit: i64) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT id FROM games WHERE status = 'over'
         AND id IN (SELECT game_id FROM member_games WHERE member_id = $1) ORDER BY updated DESC LIMIT $2",
    )
    .bind(id)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}

/// The seat member `member_id` took in game `game_id`, if any (red first, should the member
/// hold both).
pub async fn seat_in(pool: &AnyPool, game_id: &str, member_id: &str) -> sqlx::Result<Option<Color>> {
    let rows = sqlx::query("SELECT color FROM member_games WHERE game_id = $1 AND member_id = $2")
        .bind(game_id)
        .bind(member_id)
        .fetch_all(pool)
        .await?;
    let colors = rows.iter().map(|row| row.try_get("color")).collect::<sqlx::Result<Vec<String>>>()?;
    Ok(Color::ALL.into_iter().find(|color| colors.iter().any(|name| name == color.name())))
}

/// The id of the member who took `color`'s seat of game `game_id`, if a member did.
pub async fn member_on(pool: &AnyPool, game_id: &str, color: Color) -> sqlx::Result<Option<String>> {
    let row = sqlx::query("SELECT member_id FROM member_games WHERE game_id = $1 AND color = $2")
        .bind(game_id)
        .bind(color.name())
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|row| row.try_get::<Option<String>, _>("member_id")).transpose()?.flatten())
}

/// Notes that the member on `color`'s seat of game `game_id` took it, at `now` (ms); only the
/// first time counts: when they came.
pub async fn note_taken(pool: &AnyPool, game_id: &str, color: Color, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE member_games SET taken_at = $1 WHERE game_id = $2 AND color = $3 AND taken_at IS NULL",
    )
    .bind(now)
    .bind(game_id)
    .bind(color.name())
    .execute(pool)
    .await?;
    Ok(())
}

/// The ids of the games member `id` plays now (started, not over), oldest first.
pub async fn in_play(pool: &AnyPool, id: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT g.id FROM games g JOIN member_games mg ON mg.game_id = g.id
         WHERE mg.member_id = $1 AND g.status = 'playing' ORDER BY g.created, g.id LIMIT 500",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}
