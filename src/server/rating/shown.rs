//! Ratings as the lists show them beside members' names: each seat a member holds, with the
//! member's standing in the game's rules and clock category (a new member's, provisional, until
//! rated there).

use super::category::Bounds;
use super::glicko2::Rating;
use crate::server::game::summary::Summary;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use std::collections::HashMap;

/// A rating stays provisional while its deviation is above this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A rating as shown: rounded, and whether it is still provisional.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The rating, rounded.
    pub rating: i64,
    /// Whether the deviation is still high (few rated games).
    pub provisional: bool,
}

impl Shown {
    /// The rating shown for a standing.
    pub fn of(rating: Rating) -> Shown {
        Shown { rating: rating.rating.round() as i64, provisional: rating.deviation > PROVISIONAL_DEVIATION }
    }
}

/// The ratings of the members seated in `games`, by game id and colour: each in the game's
/// rules and clock category (by `bounds`).
pub async fn beside(
    pool: &AnyPool,
    games: &[Summary],
    bounds: Bounds,
) -> sqlx::Result<HashMap<(String, String), Shown>> {
    if games.is_empty() {
        return Ok(HashMap::new());
    }
    let categories: HashMap<&str, &str> =
        games.iter().map(|game| (game.id.as_str(), bounds.category(&game.clock).name())).collect();
    let marks: Vec<String> = (1..=games.len()).map(|i| format!("${i}")).collect();
    // Every category's rating of each seated member in the game's rules: the game's is kept.
    let sql = format!(
        "SELECT mg.game_id, mg.color, r.category, r.rating, r.deviation, r.volatility FROM member_games mg
         JOIN games g ON g.id = mg.game_id
         LEFT JOIN ratings r ON r.member_id = mg.member_id AND r.rules = g.rules
         WHERE mg.member_id IS NOT NULL AND mg.game_id IN ({})",
        marks.join(", ")
    );
    let query = games.iter().fold(sqlx::query(&sql), |query, game| query.bind(&game.id));
    let mut shown = HashMap::new();
    for row in query.fetch_all(pool).await? {
        let game: String = row.try_get("game_id")?;
        let category: Option<String> = row.try_get("category")?;
        let seat = (game, row.try_get("color")?);
        if category.as_deref() == categories.get(seat.0.as_str()).copied() {
            shown.insert(seat, Shown::of(rating_of_row(&row)?));
        } else {
            shown.entry(seat).or_insert_with(|| Shown::of(Rating::default()));
        }
    }
    Ok(shown)
}

/// The rating in a row's `rating`, `deviation` and `volatility` (a LEFT JOIN of `ratings`): a
/// new member's where they are NULL.
pub fn rating_of_row(row: &AnyRow) -> sqlx::Result<Rating> {
    Ok(match row.try_get::<Option<f64>, _>("rating")? {
        Some(rating) => {
            Rating { rating, deviation: row.try_get("deviation")?, volatility: row.try_get("volatility")? }
        }
        None => Rating::default(),
    })
}
