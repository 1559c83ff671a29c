//! The `ratings` and `rating_history` tables: a member's Glicko-2 standing per rule set and
//! clock [category](super::category), and each standing after each rated game; the leaderboard.

use super::category::Category;
use super::glicko2::Rating;
use super::shown::PROVISIONAL_DEVIATION;
use crate::server::game::clock::now_ms;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A member's standing in one rule set and category, as `GET api/me` shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The rules text ("" for the default rules).
    pub rules: String,
    /// The clock category's name.
    pub category: String,
    /// The rating, rounded.
    pub rating: i64,
    /// The rating deviation, rounded.
    pub deviation: i64,
    /// Rated games played.
    pub games: i64,
    /// Whether the rating is still provisional (its deviation high).
    pub provisional: bool,
}

/// The standing of `member_id` in `rules`, in the category where the member played the most
/// rated games (a new player's if none).
pub async fn rating_of(conn: &mut AnyConnection, member_id: &str, rules: &str) -> sqlx::Result<Rating> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility FROM ratings WHERE member_id = $1 AND rules = $2
         ORDER BY games DESC, category LIMIT 1",
    )
    .bind(member_id)
    .bind(rules)
    .fetch_optional(conn)
    .await?;
    rating_of_found(row)
}

/// The standing of `member_id` in `rules` and `category` (a new player's if none).
pub async fn rating_in(
    conn: &mut AnyConnection,
    member_id: &str,
    rules: &str,
    category: Category,
) -> sqlx::Result<Rating> {
    let row = sqlx::query(
        "SELECT rating, deviation, volatility FROM ratings WHERE member_id = $1 AND rules = $2 AND category = $3",
    )
    .bind(member_id)
    .bind(rules)
    .bind(category.name())
    .fetch_optional(conn)
    .await?;
    rating_of_found(row)
}

fn rating_of_found(row: Option<AnyRow>) -> sqlx::Result<Rating> {
    let Some(row) = row else { return Ok(Rating::default()) };
    Ok(Rating {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
    })
}

/// Where a rated game counts: its rule set and clock category.
#[derive(Clone, Copy, Debug)]
pub struct RatedIn<'a> {
    /// The rules text.
    pub rules: &'a str,
    /// The clock category.
    pub category: Category,
}

/// What a rated game did to a member's standing: before and after it, and their score in it
/// (1, ½ or 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The standing before the game.
    pub before: Rating,
    /// The standing after it.
    pub after: Rating,
    /// The member's score.
    pub score: f64,
}

/// Stores `change.after` as the standing of `member_id` in `rated` after game `game_id`, and
/// in the history the change whole.
pub async fn record(
    conn: &mut AnyConnection,
    member_id: &str,
    rated: RatedIn<'_>,
    game_id: &str,
    change: Change,
) -> sqlx::Result<()> {
    let rating = change.after;
    sqlx::query(
        "INSERT INTO ratings (member_id, rules, category, rating, deviation, volatility, games)
         VALUES ($1, $2, $6, $3, $4, $5, 1)
         ON CONFLICT (member_id, rules, category) DO UPDATE SET rating = $3, deviation = $4, volatility = $5,
         games = ratings.games + 1",
    )
    .bind(member_id)
    .bind(rated.rules)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .bind(rated.category.name())
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO rating_history (member_id, game_id, rules, category, rating, deviation, volatility, at,
         score, before_rating, before_deviation, before_volatility)
         VALUES ($1, $2, $3, $8, $4, $5, $6, $7, $9, $10, $11, $12)",
    )
    .bind(member_id)
    .bind(game_id)
    .bind(rated.rules)
    .bind(rating.rating)
    .bind(rating.deviation)
    .bind(rating.volatility)
    .bind(now_ms())
    .bind(rated.category.name())
    .bind(change.score)
    .bind(change.before.rating)
    .bind(change.before.deviation)
    .bind(change.before.volatility)
    .execute(conn)
    .await?;
    Ok(())
}

/// The standings of `member_id`, one per rule set and category played.
pub async fn standings(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<Standing>> {
    let rows = sqlx::query(
        "SELECT rules, category, rating, deviation, games FROM ratings WHERE member_id = $1
         ORDER BY rules, category",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(standing_of).collect()
}

/// The standing of a row of `rules, category, rating, deviation, games`.
fn standing_of(row: &AnyRow) -> sqlx::Result<Standing> {
    let deviation: f64 = row.try_get("deviation")?;
    Ok(Standing {
        rules: row.try_get("rules")?,
        category: row.try_get("category")?,
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
    /// Whether the member is a bot.
    pub bot: bool,
    /// The standing.
    #[serde(flatten)]
    pub standing: Standing,
}

/// A leaderboard asked for, checked: its rules, clock category (the fastest one played in
/// those rules when none is asked) and number of players.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Asked {
    pub rules: String,
    pub category: Option<Category>,
    pub limit: i64,
}

/// The best `limit` members of `rules` and `category` by rating, of those with at least
/// `min_games` rated games there.
pub async fn leaderboard(
    pool: &AnyPool,
    rules: &str,
    category: Category,
    limit: i64,
    min_games: i64,
) -> sqlx::Result<Vec<Leader>> {
    let rows = sqlx::query(
        "SELECT m.name, m.bot, r.rules, r.category, r.rating, r.deviation, r.games FROM ratings r
         JOIN members m ON m.id = r.member_id
         WHERE r.rules = $1 AND r.category = $3 AND r.games >= $4
         ORDER BY r.rating DESC, m.name_key LIMIT $2",
    )
    .bind(rules)
    .bind(limit)
    .bind(category.name())
    .bind(min_games)
    .fetch_all(pool)
    .await?;
    let leader = |row: &AnyRow| {
        Ok(Leader {
            name: row.try_get("name")?,
            bot: row.try_get::<i64, _>("bot")? == 1,
            standing: standing_of(row)?,
        })
    };
    rows.iter().map(leader).collect()
}

/// The rule sets with rated games, the standard rules ("") first.
pub async fn rule_sets(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT DISTINCT rules FROM ratings ORDER BY rules").fetch_all(pool).await?;
    rows.iter().map(|row| row.try_get("rules")).collect()
}

/// The categories with rated games in `rules`, fastest first.
pub async fn categories(pool: &AnyPool, rules: &str) -> sqlx::Result<Vec<Category>> {
    let rows = sqlx::query("SELECT DISTINCT category FROM ratings WHERE rules = $1")
        .bind(rules)
        .fetch_all(pool)
        .await?;
    let names = rows.iter().map(|row| row.try_get("category")).collect::<sqlx::Result<Vec<String>>>()?;
    Ok(Category::ALL.into_iter().filter(|c| names.iter().any(|name| name == c.name())).collect())
}

/// A point of a member's rating history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Point {
    /// The rules text.
    pub rules: String,
    /// The clock category.
    pub category: String,
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
        "SELECT rules, category, rating, game_id, at FROM rating_history WHERE member_id = $1 ORDER BY at DESC, game_id LIMIT $2",
    )
    .bind(member_id)
    .bind(MAX_HISTORY)
    .fetch_all(pool)
    .await?;
    let points = rows.iter().rev().map(|row| {
        Ok(Point {
            rules: row.try_get("rules")?,
            category: row.try_get("category")?,
            rating: row.try_get::<f64, _>("rating")?.round() as i64,
            game: row.try_get("game_id")?,
            at: row.try_get("at")?,
        })
    });
    points.collect()
}

#[cfg(test)]
mod tests {
    use sqlx::any::AnyPoolOptions;
    use sqlx::Row;

    /// The ratings of the version before clock categories are all kept, as rapid ones.
    #[tokio::test]
    async fn the_ratings_kept_before_categories_become_rapid_ones() {
        sqlx::any::install_default_drivers();
        let path = std::env::temp_dir()
            .join(format!("jungle-ratings-{}.sqlite", crate::server::game::token::new_game_id()));
        let pool = AnyPoolOptions::new()
            .max_connections(1)
            .connect(&format!("sqlite:{}?mode=rwc", path.display()))
            .await
            .unwrap();
        let all = sqlx::migrate!("src/server/migrations");
        let mut before = sqlx::migrate!("src/server/migrations");
        let first_new = all.migrations.iter().position(|m| m.version == 20261129000010).unwrap();
        before.migrations = all.migrations[..first_new].to_vec().into();
        before.run(&pool).await.unwrap();
        sqlx::query("INSERT INTO members (id, name, name_key, password, admin, created) VALUES ('m1', 'Ana', 'ana', 'x', 1, 0)")
            .execute(&pool)
            .await
            .unwrap();
        for rules in ["", "dog-swims=yes"] {
            sqlx::query("INSERT INTO ratings (member_id, rules, rating, deviation, volatility, games) VALUES ('m1', $1, 1612.5, 80.0, 0.06, 12)")
                .bind(rules)
                .execute(&pool)
                .await
                .unwrap();
        }
        sqlx::query("INSERT INTO rating_history (member_id, game_id, rules, rating, deviation, volatility, at) VALUES ('m1', 'g1', '', 1612.5, 80.0, 0.06, 5)")
            .execute(&pool)
            .await
            .unwrap();
        all.run(&pool).await.unwrap();
        let rows =
            sqlx::query("SELECT rules, category, rating, deviation, games FROM ratings ORDER BY rules")
                .fetch_all(&pool)
                .await
                .unwrap();
        let kept: Vec<(String, String, f64, f64, i64)> = rows
            .iter()
            .map(|r| (r.get("rules"), r.get("category"), r.get("rating"), r.get("deviation"), r.get("games")))
            .collect();
        assert_eq!(
            kept,
            [
                ("".into(), "rapid".into(), 1612.5, 80.0, 12),
                ("dog-swims=yes".into(), "rapid".into(), 1612.5, 80.0, 12)
            ]
        );
        let history: String = sqlx::query("SELECT category FROM rating_history")
            .fetch_one(&pool)
            .await
            .unwrap()
            .get("category");
        assert_eq!(history, "rapid");
        pool.close().await;
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}
