//! The chat's tables: messages, mutes and reports (`chat_messages`, `chat_mutes`,
//! `chat_reports`). A deleted account's messages stay, their author "deleted member".

use super::audience::Audience;
use crate::server::game::clock::now_ms;
use crate::server::game::token::new_game_id;
use crate::server::members::names::DELETED;
use crate::server::play::protocol::Line;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};
use std::sync::atomic::{AtomicI64, Ordering};

/// Messages of a room sent to a member who joins it.
pub const HISTORY: i64 = 100;

/// What moderation needs of a stored message.
pub struct Stored {
    /// Its game.
    pub game_id: String,
    /// Its audience.
    pub room: Audience,
    /// The author's member id.
    pub author_id: String,
    /// Whether an admin hid it.
    pub hidden: bool,
}

/// The name of member `column` ("deleted member" once the account is gone).
fn name_of(column: &str) -> String {
    format!("COALESCE((SELECT name FROM members WHERE id = {column}), '{DELETED}')")
}

fn line_of(row: &AnyRow) -> sqlx::Result<Line> {
    Ok(Line {
        id: row.try_get("id")?,
        author: row.try_get("author")?,
        text: row.try_get("text")?,
        at: row.try_get("at")?,
    })
}

/// The time of a new message: now, or a millisecond after the last one this instance stored,
/// so that the history (ordered by time) keeps messages said within one millisecond in order.
fn message_time() -> i64 {
    static LAST: AtomicI64 = AtomicI64::new(0);
    let now = now_ms();
    let after = |last: i64| now.max(last + 1);
    match LAST.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| Some(after(last))) {
        Ok(last) | Err(last) => after(last),
    }
}

/// Stores `text` by `author_id` (called `author`) in `room` of game `game_id`.
pub async fn insert(
    pool: &AnyPool,
    game_id: &str,
    room: Audience,
    author_id: &str,
    author: &str,
    text: &str,
) -> sqlx::Result<Line> {
    let line =
        Line { id: new_game_id(), author: author.to_string(), text: text.to_string(), at: message_time() };
    sqlx::query(
        "INSERT INTO chat_messages (id, game_id, room, author_id, text, at, hidden) VALUES ($1, $2, $3, $4, $5, $6, 0)",
    )
    .bind(&line.id)
    .bind(game_id)
    .bind(room.name())
    .bind(author_id)
    .bind(text)
    .bind(line.at)
    .execute(pool)
    .await?;
    Ok(line)
}

/// The last [`HISTORY`] messages of `room` of game `game_id` that `reader_id` is shown: not
/// hidden, not by a member the reader muted; oldest first.
pub async fn history(
    pool: &AnyPool,
    game_id: &str,
    room: Audience,
    reader_id: &str,
) -> sqlx::Result<Vec<Line>> {
    let rows = sqlx::query(&format!(
        "SELECT c.id, {} AS author, c.text, c.at FROM chat_messages c
         WHERE c.game_id = $1 AND c.room = $2 AND c.hidden = 0
         AND NOT EXISTS (SELECT 1 FROM chat_mutes m WHERE m.member_id = $3 AND m.muted_id = c.author_id)
         ORDER BY c.at DESC, c.id DESC LIMIT $4",
        name_of("c.author_id")
    ))
    .bind(game_id)
    .bind(room.name())
    .bind(reader_id)
    .bind(HISTORY)
    .fetch_all(pool)
    .await?;
    let mut lines = rows.iter().map(line_of).collect::<sqlx::Result<Vec<Line>>>()?;
    lines.reverse();
    Ok(lines)
}

/// The message `id`, hidden or not.
pub async fn message(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Stored>> {
    let row = sqlx::query("SELECT game_id, room, author_id, hidden FROM chat_messages WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Stored {
        game_id: row.try_get("game_id")?,
        room: Audience::named(&row.try_get::<String, _>("room")?).unwrap_or(Audience::Spectators),
        author_id: row.try_get("author_id")?,
        hidden: row.try_get::<i64, _>("hidden")? == 1,
    }))
}

/// The message `id` as the page sees it, hidden or not.
pub async fn line(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Line>> {
    let row = sqlx::query(&format!(
        "SELECT c.id, {} AS author, c.text, c.at FROM chat_messages c WHERE c.id = $1",
        name_of("c.author_id")
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    row.as_ref().map(line_of).transpose()
}

/// Whether `reader_id` muted `author_id`.
pub async fn muted(pool: &AnyPool, reader_id: &str, author_id: &str) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT 1 AS one FROM chat_mutes WHERE member_id = $1 AND muted_id = $2")
        .bind(reader_id)
        .bind(author_id)
        .fetch_optional(pool)
        .await?;
    Ok(row.is_some())
}

/// `member_id` mutes (or, `on` false, unmutes) `muted_id`.
pub async fn set_mute(pool: &AnyPool, member_id: &str, muted_id: &str, on: bool) -> sqlx::Result<()> {
    let query = if on {
        "INSERT INTO chat_mutes (member_id, muted_id, at) SELECT $1, $2, $3 WHERE 1 = 1
         ON CONFLICT (member_id, muted_id) DO NOTHING"
    } else {
        "DELETE FROM chat_mutes WHERE member_id = $1 AND muted_id = $2 AND $3 = $3"
    };
    sqlx::query(query).bind(member_id).bind(muted_id).bind(now_ms()).execute(pool).await?;
    Ok(())
}

/// The names of the members `member_id` muted, by name.
pub async fn mutes(pool: &AnyPool, member_id: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT m.name FROM chat_mutes c JOIN members m ON m.id = c.muted_id WHERE c.member_id = $1 ORDER BY m.name_key",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("name")).collect()
}

/// Stores `reporter_id`'s report of message `message_id`; false if it reported it already.
pub async fn report(pool: &AnyPool, message_id: &str, reporter_id: &str, reason: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO chat_reports (id, message_id, reporter_id, reason, at, outcome)
         SELECT $1, $2, $3, $4, $5, NULL WHERE 1 = 1 ON CONFLICT (message_id, reporter_id) DO NOTHING",
    )
    .bind(new_game_id())
    .bind(message_id)
    .bind(reporter_id)
    .bind(reason)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An open report, as the admin page lists it.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The report's id.
    pub id: String,
    /// Who reported.
    pub reporter: String,
    /// Why, in the reporter's words.
    pub reason: String,
    /// When.
    pub at: i64,
    /// The message reported.
    pub message: Line,
    /// Its game.
    pub game: String,
    /// Its room: `players` or `spectators`.
    pub room: String,
}

/// The open reports, oldest first (at most 200).
pub async fn open_reports(pool: &AnyPool) -> sqlx::Result<Vec<Report>> {
    let rows = sqlx::query(&format!(
        "SELECT r.id AS report_id, r.reason, r.at AS report_at,
                {} AS reporter, c.id, {} AS author, c.text, c.at, c.game_id, c.room
         FROM chat_reports r JOIN chat_messages c ON c.id = r.message_id
         WHERE r.outcome IS NULL ORDER BY r.at, r.id LIMIT 200",
        name_of("r.reporter_id"),
        name_of("c.author_id")
    ))
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Report {
                id: row.try_get("report_id")?,
                reporter: row.try_get("reporter")?,
                reason: row.try_get("reason")?,
                at: row.try_get("report_at")?,
                message: line_of(row)?,
                game: row.try_get("game_id")?,
                room: row.try_get("room")?,
            })
        })
        .collect()
}

/// Hides message `id` and closes its open reports as `hidden`; false if there is no such message.
pub async fn hide(pool: &AnyPool, id: &str) -> sqlx::Result<bool> {
    let mut tx = pool.begin().await?;
    let done =
        sqlx::query("UPDATE chat_messages SET hidden = 1 WHERE id = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("UPDATE chat_reports SET outcome = 'hidden' WHERE message_id = $1 AND outcome IS NULL")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(done.rows_affected() == 1)
}

/// Dismisses the open report `id`; false if there is no such open report.
pub async fn dismiss(pool: &AnyPool, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE chat_reports SET outcome = 'dismissed' WHERE id = $1 AND outcome IS NULL")
        .bind(id)
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::message_time;

    #[test]
    fn messages_stored_within_a_millisecond_keep_their_order() {
        let times: Vec<i64> = (0..100).map(|_| message_time()).collect();
        assert!(times.windows(2).all(|pair| pair[0] < pair[1]), "{times:?}");
    }
}
