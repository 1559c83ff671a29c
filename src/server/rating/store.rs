//! The `ratings` and `rating_history` tables: a member's Glicko-2 standing per rule set, and
//! each standing after each rated game; the leaderboard.

use super::glicko2::Rating;
use super::shown::PROVISIONAL_DEVIATION;
use crate::server::clock::now_ms;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A member's standing in one rule set, as `GET api/me` shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The rules text ("" for the default rules).
    pub rules: String,
    /// The rating, rounded.
    pub rating: i64,
    /// The rating deviation, rounded.
    pub deviation: i64,
    /// Rated games played.
    pub games: i64,
    /// Whether the rating is still provisional (its deviation high).
    pub provisional: bool,
}

/// The standing of `member_id` in `rules` (a new player's if none).
pub async fn rating_of(conn: &mut AnyConnection, member_id: &str, rules: &str) -> sqlx::Result<Rating> {
    let row =
        sqlx::query("SELECT rating, deviation, volatility FROM ratings WHERE member_id = $1 AND rules = $2")
            .bind(member_id)
            .bind(rules)
            .fetch_optional(conn)
            .await?;
    let Some(row) = row else { return Ok(Rating::default()) };
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

/// Stores `rating` as the standing of `member_id` in `rules` after game `game_id`.
pub async fn record(
    conn: &mut AnyConnection,
    member_id: &str,
    rules: &str,
    game_id: &str,
    rating: Rating,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ratings (member_id, rules, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, 1)
         ON CONFLICT (member_id, rules) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
         games = ratings.games + 1",
    )
    .bind(member_id)
    .bind(rules)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO rating_history (member_id, game_id, rules, rating, deviation, volatility, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(member_id)
    .bind(game_id)
    .bind(rules)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// The standings of `member_id`, one per rule set played.
pub async fn standings(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<Standing>> {
    let rows = sqlx::query(
        "SELECT rules, rating, deviation, games FROM ratings WHERE member_id = $1 ORDER BY rules",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(standing_of).collect()
}

/// The standing of a row of `rules, rating, deviation, games`.
fn standing_of(row: &AnyRow) -> sqlx::Result<Standing> {
    let deviation: f64 = row.try_get("deviation")?;
    Ok(Standing {
        rules: row.try_get("rules")?,
        rating: row.try_get::<f64, _>("rating")?.round() as i64,
        deviation: deviation.round() as i64,
        games: row.try_get("games")?,
        provisional: deviation > PROVISIONAL_DEVIATION,
    })
}

/// A member on the leaderboard of a rule set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leader {
    /// The member's name.
    pub name: String,
    /// The standing.
    #[serde(flatten)]
    pub standing: Standing,
}

/// The best `limit` members of `rules` by rating.
pub async fn leaderboard(pool: &AnyPool, rules: &str, limit: i64) -> sqlx::Result<Vec<Leader>> {
    let rows = sqlx::query(
        "SELECT m.name, r.rules, r.rating, r.deviation, r.games FROM ratings r JOIN members m ON m.id = r.member_id
         WHERE r.rules = $1 ORDER BY r.rating DESC, m.name_key LIMIT $2",
    )
    .bind(rules)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| Ok(Leader { name: row.try_get("name")?, standing: standing_of(row)? })).collect()
}

/// The rule sets with rated games, the standard rules ("") first.
pub async fn rule_sets(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT DISTINCT rules FROM ratings ORDER BY rules").fetch_all(pool).await?;
    rows.iter().map(|row| row.try_get("rules")).collect()
}

/// A point of a member's rating history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// The rules text.
    pub rules: String,
    /// The rating after the game, rounded.
    pub rating: i64,
    /// The game.
    pub game: String,
    /// When it was rated (ms since the Unix epoch).
    pub at: i64,
}

/// The most points a history shows: the latest.
pub const MAX_HISTORY: i64 = 500;

/// The rating history of `member_id`, oldest first: its latest [`MAX_HISTORY`] points.
pub async fn history(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<Point>> {
    let rows = sqlx::query(
        "SELECT rules, rating, game_id, at FROM rating_history WHERE member_id = $1 ORDER BY at DESC, game_id LIMIT $2",
    )
    .bind(member_id)
    .bind(MAX_HISTORY)
    .fetch_all(pool)
    .await?;
    let points = rows.iter().rev().map(|row| {
        Ok(Point {
            rules: row.try_get("rules")?,
            rating: row.try_get::<f64, _>("rating")?.round() as i64,
            game: row.try_get("game_id")?,
            at: row.try_get("at")?,
        })
    });
    points.collect()
}
