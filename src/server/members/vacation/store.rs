//! The `member_vacations` table: a member's vacation days used and last vacation, and the
//! member's games a vacation holds.

use super::Vacations;
use crate::rules::Color;
use sqlx::{AnyPool, Row};

/// The vacations of member `member_id` (none yet: the default).
pub async fn read(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vacations> {
    let row = sqlx::query(
        "SELECT allowance_year, days_used, starts, ends FROM member_vacations WHERE member_id = $1",
    )
    .bind(member_id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(Vacations::default()) };
    Ok(Vacations {
        year: i32::try_from(row.try_get::<i64, _>("allowance_year")?).unwrap_or_default(),
        days_used: u32::try_from(row.try_get::<i64, _>("days_used")?).unwrap_or_default(),
        starts: row.try_get("starts")?,
        ends: row.try_get("ends")?,
    })
}

/// Replaces the member's vacations `old` (as read) by `new`; false, changing nothing, if they
/// changed meanwhile (another request of the member's).
pub async fn replace(
    pool: &AnyPool,
    member_id: &str,
    old: &Vacations,
    new: &Vacations,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO member_vacations (member_id, allowance_year, days_used, starts, ends)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (member_id) DO UPDATE SET allowance_year = $2, days_used = $3, starts = $4, ends = $5
         WHERE member_vacations.ends = $6 AND member_vacations.days_used = $7",
    )
    .bind(member_id)
    .bind(i64::from(new.year))
    .bind(i64::from(new.days_used))
    .bind(new.starts)
    .bind(new.ends)
    .bind(old.ends)
    .bind(i64::from(old.days_used))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The member's seats in correspondence games not over: the games a vacation holds.
pub async fn held_seats(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<(String, Color)>> {
    let rows = sqlx::query(
        "SELECT mg.game_id, mg.color FROM member_games mg JOIN games g ON g.id = mg.game_id
         WHERE mg.member_id = $1 AND g.status IN ('open', 'playing') AND g.clock LIKE 'days:%'",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    let mut seats = Vec::with_capacity(rows.len());
    for row in rows {
        let color: String = row.try_get("color")?;
        if let Some(color) = Color::ALL.into_iter().find(|c| c.name() == color) {
            seats.push((row.try_get("game_id")?, color));
        }
    }
    Ok(seats)
}
