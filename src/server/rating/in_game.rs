//! The ratings beside the players of one game (issue 36), for `GET api/games/{id}`: each
//! member's standing in the game's rules and clock category — the one it had before the game,
//! once the game is rated — and then the change the game made (+12, −12) — and whether it is
//! a bot's. A guest's seat has none.

use super::category::Category;
use super::glicko2::Rating;
use super::shown::{rating_of_row, Shown};
use serde_json::{json, Value};
use sqlx::{AnyPool, Row};

/// `{"red","blue"}`: each seat's `{"rating","provisional","change","bot"}` (`change` null until the
/// game counted), or null for a guest's seat or one not taken.
pub async fn in_game(pool: &AnyPool, game_id: &str, category: Category) -> sqlx::Result<Value> {
    // A result corrected afterwards adds rows of the game to the history: its first is the
    // game's own.
    let rows = sqlx::query(
        "SELECT mg.color, m.bot, r.rating, r.deviation, r.volatility, h.at, h.before_rating, h.before_deviation,
         h.rating AS after_rating FROM member_games mg JOIN games g ON g.id = mg.game_id
         JOIN members m ON m.id = mg.member_id
         LEFT JOIN ratings r ON r.member_id = mg.member_id AND r.rules = g.rules AND r.category = $2
         LEFT JOIN rating_history h ON h.member_id = mg.member_id AND h.game_id = mg.game_id
         WHERE mg.game_id = $1 AND mg.member_id IS NOT NULL",
    )
    .bind(game_id)
    .bind(category.name())
    .fetch_all(pool)
    .await?;
    let mut seats = json!({ "red": null, "blue": null });
    let mut first_at = [i64::MAX, i64::MAX];
    for row in rows {
        let color: String = row.try_get("color")?;
        let slot = usize::from(color == "blue");
        let at: Option<i64> = row.try_get("at")?;
        let before: Option<f64> = row.try_get("before_rating")?;
        let bot = row.try_get::<i64, _>("bot")? == 1;
        let seat = match (at, before) {
            (Some(at), Some(before)) if at < first_at[slot] => {
                first_at[slot] = at;
                let deviation: f64 = row.try_get("before_deviation")?;
                let after: f64 = row.try_get("after_rating")?;
                let shown = Shown::of(Rating { rating: before, deviation, ..Rating::default() });
                seat_json(shown, Some(after.round() as i64 - shown.rating), bot)
            }
            _ if first_at[slot] == i64::MAX => seat_json(Shown::of(rating_of_row(&row)?), None, bot),
            _ => continue,
        };
        seats[color] = seat;
    }
    Ok(seats)
}

fn seat_json(shown: Shown, change: Option<i64>, bot: bool) -> Value {
    json!({ "rating": shown.rating, "provisional": shown.provisional, "change": change, "bot": bot })
}
