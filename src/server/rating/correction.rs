//! Ratings that follow a result changed after the game (issue 34: a tournament director's
//! adjusted result). A game already rated is corrected: each player's rating moves by the
//! difference between what the game gives under the new result and what it gave under the
//! one rated, both worked out from the standings before the game, which the history keeps
//! (the deviation and volatility stay as they are). A result that no longer counts (a forfeit)
//! takes the game's whole change back. A game not rated yet, or judged not to count, is left
//! to the [sweep](super::sweep), which rates the result stored. Games rated before the history
//! kept scores keep the played result.
//!
//! One transaction whose first statement holds the game's `member_games` rows, as the sweep's
//! does: the two never interleave, on one instance or several.

use super::glicko2::{after_game, Rating};
use crate::rules::{ByColor, Color};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// What the ratings did after a game's result changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Followed {
    /// Rated already: each player's rating, from and to.
    Corrected(ByColor<(f64, f64)>),
    /// The rating sweep rates the new result (the game was not rated yet, or is judged again).
    ToRate,
    /// The ratings count this result already (or the game was never rated: nothing to do).
    Unchanged,
    /// Rated before scores were kept (or a player's account is gone): the played result stays.
    Kept,
}

/// A player's row of a game: its seat and, once rated and counted, its history row.
struct Seat {
    color: Color,
    member: Option<String>,
    rated: bool,
    history: Option<Rated>,
}

/// A history row of a counted game.
struct Rated {
    rules: String,
    category: String,
    at: i64,
    /// The score and standing before, when kept.
    kept: Option<(f64, Rating)>,
}

fn seat_of(row: &AnyRow) -> sqlx::Result<Seat> {
    let color: String = row.try_get("color")?;
    let history = match row.try_get::<Option<String>, _>("rules")? {
        None => None,
        Some(rules) => Some(Rated {
            rules,
            category: row.try_get("category")?,
            at: row.try_get("at")?,
            kept: match row.try_get::<Option<f64>, _>("score")? {
                None => None,
                Some(score) => Some((
                    score,
                    Rating {
                        rating: row.try_get("before_rating")?,
                        deviation: row.try_get("before_deviation")?,
                        volatility: row.try_get("before_volatility")?,
                    },
                )),
            },
        }),
    };
    Ok(Seat {
        color: if color == "red" { Color::Red } else { Color::Blue },
        member: row.try_get("member_id")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        history,
    })
}

/// Makes the ratings follow game `id`'s new result: `red_score` is Red's score (1, ½, 0), or
/// none when the game no longer counts (a forfeit). Runs in `conn`'s transaction.
pub async fn follow(conn: &mut AnyConnection, id: &str, red_score: Option<f64>) -> sqlx::Result<Followed> {
    // The sweep's first statement takes the same rows: whoever comes second waits.
    sqlx::query("UPDATE member_games SET rated = rated WHERE game_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    let rows = sqlx::query(
        "SELECT mg.color, mg.member_id, mg.rated, h.rules, h.category, h.at, h.score,
         h.before_rating, h.before_deviation, h.before_volatility
         FROM member_games mg LEFT JOIN rating_history h ON h.game_id = mg.game_id AND h.member_id = mg.member_id
         WHERE mg.game_id = $1",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let seats = rows.iter().map(seat_of).collect::<sqlx::Result<Vec<Seat>>>()?;
    if seats.is_empty() {
        return Ok(Followed::Unchanged);
    }
    if seats.iter().any(|seat| !seat.rated) {
        return Ok(Followed::ToRate);
    }
    if seats.iter().all(|seat| seat.history.is_none()) {
        // Judged not to count (or never rated): judged again, by the result stored now.
        sqlx::query("UPDATE member_games SET rated = 0 WHERE game_id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE games SET uncounted = NULL WHERE id = $1").bind(id).execute(&mut *conn).await?;
        return Ok(Followed::ToRate);
    }
    let seat = |color: Color| seats.iter().find(|seat| seat.color == color);
    let (Some(red), Some(blue)) = (seat(Color::Red), seat(Color::Blue)) else { return Ok(Followed::Kept) };
    let (Some(red_member), Some(blue_member)) = (&red.member, &blue.member) else {
        return Ok(Followed::Kept);
    };
    let (Some(red_rated), Some(blue_rated)) = (&red.history, &blue.history) else {
        return Ok(Followed::Kept);
    };
    let (Some((played, red_before)), Some((_, blue_before))) = (red_rated.kept, blue_rated.kept) else {
        return Ok(Followed::Kept);
    };
    if red_score == Some(played) {
        return Ok(Followed::Unchanged);
    }
    let delta = differences((red_before, blue_before), played, red_score);
    let mut corrected = ByColor::new((0.0, 0.0), (0.0, 0.0));
    for (color, member, rated) in
        [(Color::Red, red_member, red_rated), (Color::Blue, blue_member, blue_rated)]
    {
        let from = shift(conn, member, id, rated, delta[color], red_score.is_none()).await?;
        corrected[color] = (from, from + delta[color]);
        let score = red_score.map(|score| if color == Color::Red { score } else { 1.0 - score });
        rewrite(conn, member, id, score).await?;
    }
    if red_score.is_none() {
        sqlx::query("UPDATE games SET uncounted = 'forfeit' WHERE id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(Followed::Corrected(corrected))
}

/// How far each player's rating moves when a game between players standing at `before`
/// (Red, Blue) counts with Red's score `now` (none: no longer counts) instead of `played`.
pub fn differences(before: (Rating, Rating), played: f64, now: Option<f64>) -> ByColor<f64> {
    let (red_played, blue_played) = after_game(before.0, before.1, played);
    let (red_now, blue_now) = now.map_or(before, |score| after_game(before.0, before.1, score));
    ByColor::new(red_now.rating - red_played.rating, blue_now.rating - blue_played.rating)
}

/// Moves `member`'s rating in game `id`'s rule set and category by `delta` (and counts one
/// game less when `uncounted`), and the history's points from the game on with it; the rating
/// it had.
async fn shift(
    conn: &mut AnyConnection,
    member: &str,
    id: &str,
    rated: &Rated,
    delta: f64,
    uncounted: bool,
) -> sqlx::Result<f64> {
    let row = sqlx::query("SELECT rating FROM ratings WHERE member_id = $1 AND rules = $2 AND category = $3")
        .bind(member)
        .bind(&rated.rules)
        .bind(&rated.category)
        .fetch_one(&mut *conn)
        .await?;
    let from: f64 = row.try_get("rating")?;
    sqlx::query(
        "UPDATE ratings SET rating = rating + $1, games = games - $5
         WHERE member_id = $2 AND rules = $3 AND category = $4",
    )
    .bind(delta)
    .bind(member)
    .bind(&rated.rules)
    .bind(&rated.category)
    .bind(i64::from(uncounted))
    .execute(&mut *conn)
    .await?;
    // The later points stood on the rating this game gave: they move with it.
    sqlx::query(
        "UPDATE rating_history SET rating = rating + $1, before_rating = before_rating + $1
         WHERE member_id = $2 AND rules = $3 AND category = $4 AND at > $5",
    )
    .bind(delta)
    .bind(member)
    .bind(&rated.rules)
    .bind(&rated.category)
    .bind(rated.at)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE rating_history SET rating = rating + $1 WHERE member_id = $2 AND game_id = $3")
        .bind(delta)
        .bind(member)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(from)
}

/// The game's history row of `member` with its new score, or gone when the game no longer
/// counts.
async fn rewrite(conn: &mut AnyConnection, member: &str, id: &str, score: Option<f64>) -> sqlx::Result<()> {
    let query = match score {
        Some(score) => {
            sqlx::query("UPDATE rating_history SET score = $1 WHERE member_id = $2 AND game_id = $3")
                .bind(score)
        }
        None => sqlx::query("DELETE FROM rating_history WHERE member_id = $1 AND game_id = $2"),
    };
    query.bind(member).bind(id).execute(conn).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_turned_into_a_loss_moves_each_rating_by_the_difference() {
        let before = (Rating::default(), Rating::default());
        let (won, lost) = after_game(before.0, before.1, 1.0);
        let turned = differences(before, 1.0, Some(0.0));
        // Between equals the changes are opposite: Red gives back its gain and takes Blue's loss.
        assert!((turned.red - (lost.rating - won.rating)).abs() < 1e-9, "{turned:?}");
        assert!((turned.blue - (won.rating - lost.rating)).abs() < 1e-9, "{turned:?}");
        let drawn = differences(before, 1.0, Some(0.5));
        assert!((drawn.red - (1500.0 - won.rating)).abs() < 1e-9, "a draw between equals changes nothing");
        let gone = differences(before, 1.0, None);
        assert_eq!((gone.red, gone.blue), (1500.0 - won.rating, 1500.0 - lost.rating));
        assert_eq!(differences(before, 0.5, Some(0.5)), ByColor::new(0.0, 0.0));
    }
}
