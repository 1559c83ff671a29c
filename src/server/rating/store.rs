//! The `ratings` and `rating_history` tables: a member's Glicko-2 standing per rule set, and
//! each standing after each rated game.

use super::glicko2::Rating;
use super::shown::PROVISIONAL_DEVIATION;
use crate::server::clock::now_ms;
use serde::Serialize;
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
    rows.iter()
        .map(|row| {
            let deviation: f64 = row.try_get("deviation")?;
            Ok(Standing {
                rules: row.try_get("rules")?,
                rating: row.try_get::<f64, _>("rating")?.round() as i64,
                deviation: deviation.round() as i64,
                games: row.try_get("games")?,
                provisional: deviation > PROVISIONAL_DEVIATION,
            })
        })
        .collect()
}
