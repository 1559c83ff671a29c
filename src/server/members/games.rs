//! The games members play: the seats they took (`member_games`), and what happens to those
//! games when an account is deleted — they stay, their player's name becomes "deleted member"
//! (through `games_table`, the `games` rows' home, which makes a server holding such a game
//! read it again: at once on this server, within seconds on the others).

use super::accounts::Member;
use super::names::DELETED;
use crate::rules::Color;
use crate::server::games_table::{self, Picked};
use sqlx::{AnyPool, Row};

/// The games of the member `$2`.
const GAMES_OF: &str = "SELECT game_id FROM member_games WHERE member_id = $2";
/// The games where the member `$2` took the seat of colour `$3`.
const SEATS_OF: &str = "SELECT game_id FROM member_games WHERE member_id = $2 AND color = $3";

/// Notes that `member` took the `color` seat of game `game_id`.
pub async fn link(pool: &AnyPool, member: &Member, game_id: &str, color: &str) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO member_games (game_id, color, member_id, rated) VALUES ($1, $2, $3, 0)")
        .bind(game_id)
        .bind(color)
        .bind(&member.id)
        .execute(pool)
        .await?;
    Ok(())
}

/// Deletes account `id` in one transaction: its games renamed, its sessions, ratings and row
/// removed; the ids of the games renamed. None (nothing changed) if it has games open or in play.
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
    for table in ["member_sessions", "rating_history", "ratings", "members"] {
        let key = if table == "members" { "id" } else { "member_id" };
        sqlx::query(&format!("DELETE FROM {table} WHERE {key} = $1")).bind(id).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(Some(games))
}
