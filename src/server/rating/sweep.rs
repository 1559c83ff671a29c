//! Rating the games members finish: every few seconds, each rated game over between two
//! members (not against oneself) that has not counted yet updates both players' Glicko-2
//! standings in its rule set and clock category (by the club's bounds when it is rated), each
//! game its own rating period — if it [counts](super::counting); one that does not is marked
//! with why. It watches the stored games
//! rather than the rooms, so it works the same with several instances: the first to mark a
//! game rated rates it.

use super::category::{Bounds, Category};
use super::counting::{uncounted, Played};
use super::glicko2::{after_game, Rating};
use super::tables::{rating_in, record, RatedIn};
use crate::server::game::clock::now_ms;
use crate::server::storage::games_table::set_uncounted;
use sqlx::{AnyPool, Row};
use std::time::Duration;

/// How often finished games are looked for.
pub const EVERY: Duration = Duration::from_secs(2);
/// The most games rated in one round.
const BATCH: i64 = 100;

/// A finished game between two members, still to rate.
struct Finished {
    id: String,
    rules: String,
    category: Category,
    red: String,
    blue: String,
    /// Red's score: 1, ½ or 0.
    red_score: f64,
    /// The moves made.
    plies: i64,
    /// Paired by a tournament.
    tournament: bool,
    /// Created as a rated game.
    rated: bool,
}

/// Rates finished games for ever, in the categories of `bounds`; calls `ratings_changed`
/// after a round that changed ratings.
pub async fn run(pool: AnyPool, bounds: Bounds, ratings_changed: impl Fn() + Send + 'static) {
    loop {
        tokio::time::sleep(EVERY).await;
        match rate_finished(&pool, bounds).await {
            Ok(true) => ratings_changed(),
            Ok(false) => {}
            Err(e) => tracing::error!(error = %e, "ratings: the sweep failed"),
        }
    }
}

/// Rates the finished games; whether any changed a rating.
async fn rate_finished(pool: &AnyPool, bounds: Bounds) -> sqlx::Result<bool> {
    let mut changed = false;
    for game in finished(pool, bounds).await? {
        changed |= rate(pool, &game).await?;
    }
    Ok(changed)
}

async fn finished(pool: &AnyPool, bounds: Bounds) -> sqlx::Result<Vec<Finished>> {
    let rows = sqlx::query(
        "SELECT g.id, g.rules, g.clock, g.winner, g.ply, g.rated, r.member_id AS red, b.member_id AS blue,
         p.game_id AS tournament_game, t.over_the_board FROM games g
         JOIN member_games r ON r.game_id = g.id AND r.color = 'red'
         JOIN member_games b ON b.game_id = g.id AND b.color = 'blue'
         LEFT JOIN tournament_pairings p ON p.game_id = g.id
         LEFT JOIN tournaments t ON t.id = p.tournament_id
         WHERE r.rated = 0 AND g.status = 'over'
         ORDER BY g.updated LIMIT $1",
    )
    .bind(BATCH)
    .fetch_all(pool)
    .await?;
    let mut games = Vec::with_capacity(rows.len());
    for row in rows {
        let winner: Option<String> = row.try_get("winner")?;
        games.push(Finished {
            id: row.try_get("id")?,
            rules: row.try_get("rules")?,
            category: if row.try_get::<Option<i64>, _>("over_the_board")? == Some(1) {
                Category::OverTheBoard
            } else {
                bounds.category_of_text(&row.try_get::<String, _>("clock")?)
            },
            red: row.try_get::<Option<String>, _>("red")?.unwrap_or_default(),
            blue: row.try_get::<Option<String>, _>("blue")?.unwrap_or_default(),
            red_score: match winner.as_deref() {
                Some("red") => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            plies: row.try_get("ply")?,
            tournament: row.try_get::<Option<String>, _>("tournament_game")?.is_some(),
            rated: row.try_get::<i64, _>("rated")? == 1,
        });
    }
    Ok(games)
}

/// Rates `game` in one transaction, unless another instance did; an unrated game, a game with
/// a deleted member, or with a member on both sides, is only marked, and a rated game that does
/// not count is marked with why. Whether it changed ratings.
async fn rate(pool: &AnyPool, game: &Finished) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let marked = sqlx::query("UPDATE member_games SET rated = 1 WHERE game_id = $1 AND rated = 0")
        .bind(&game.id)
        .execute(&mut *tx)
        .await?;
    let players = !game.red.is_empty() && !game.blue.is_empty() && game.red != game.blue;
    let rated = RatedIn { rules: &game.rules, category: game.category };
    let rated_game = marked.rows_affected() == 2 && players && game.rated;
    let played =
        Played { red: &game.red, blue: &game.blue, rated, plies: game.plies, tournament: game.tournament };
    let why_not = if rated_game { uncounted(&mut tx, played, now_ms()).await? } else { None };
    if let Some(why) = why_not {
        set_uncounted(&mut tx, &game.id, why.name()).await?;
    }
    let counts = rated_game && why_not.is_none();
    if counts {
        let red: Rating = rating_in(&mut tx, &game.red, rated.rules, rated.category).await?;
        let blue = rating_in(&mut tx, &game.blue, rated.rules, rated.category).await?;
        let (red, blue) = after_game(red, blue, game.red_score);
        record(&mut tx, &game.red, rated, &game.id, red).await?;
        record(&mut tx, &game.blue, rated, &game.id, blue).await?;
    }
    tx.commit().await?;
    Ok(counts)
}
