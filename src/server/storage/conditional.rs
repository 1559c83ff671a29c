//! The players' conditional moves (`conditional_lines`): one row per seat that left lines, the
//! lines as JSON, with the ply of the opponent's move they answer.

use super::batches::DbResult;
use super::db::Db;
use crate::rules::Color;
use crate::server::game::conditional::Lines;
use sqlx::Row;

impl Db {
    /// The lines `color` left in game `id`, with the ply of the opponent's move they answer.
    pub async fn conditional(&self, id: &str, color: Color) -> DbResult<Option<(usize, Lines)>> {
        let row = sqlx::query("SELECT ply, lines FROM conditional_lines WHERE game_id = $1 AND color = $2")
            .bind(id)
            .bind(color.name())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        let ply: i64 = row.try_get("ply")?;
        let text: String = row.try_get("lines")?;
        let lines = serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        Ok(Some((usize::try_from(ply).unwrap_or(usize::MAX), lines)))
    }

    /// Keeps `lines` as `color`'s in game `id`, answering the move of `ply` (replacing any
    /// before); no lines delete them.
    pub async fn set_conditional(
        &self,
        id: &str,
        color: Color,
        ply: usize,
        lines: &Lines,
        now: i64,
    ) -> DbResult<()> {
        if lines.is_empty() {
            return self.clear_conditional(id, Some(color)).await;
        }
        let text = serde_json::to_string(lines).map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        sqlx::query(
            "INSERT INTO conditional_lines (game_id, color, ply, lines, at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (game_id, color) DO UPDATE SET ply = $3, lines = $4, at = $5",
        )
        .bind(id)
        .bind(color.name())
        .bind(ply as i64)
        .bind(text)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Forgets the lines of `color` in game `id` (of both seats: `None`).
    pub async fn clear_conditional(&self, id: &str, color: Option<Color>) -> DbResult<()> {
        let query = match color {
            Some(color) => sqlx::query("DELETE FROM conditional_lines WHERE game_id = $1 AND color = $2")
                .bind(id)
                .bind(color.name()),
            None => sqlx::query("DELETE FROM conditional_lines WHERE game_id = $1").bind(id),
        };
        query.execute(&self.pool).await?;
        Ok(())
    }
}
