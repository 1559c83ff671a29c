//! Quick pairing: members waiting for a rated game with the same rules and clock, in the
//! `pairing_queue` table so that every instance sees the same queue. When a member joins or
//! asks again, they are paired with the waiting member of the nearest rating, if the gap is
//! within the club's `--pairing-gap`, widened by as much again for each minute the longer of
//! the two has waited. Pairing sets the game on both rows with one conditional `UPDATE`
//! (`game_id IS NULL`): should two instances pick the same member at once, the second changes
//! one row only and gives up, so no member is ever paired twice. On PostgreSQL the candidate
//! is read `FOR UPDATE SKIP LOCKED`, so that instances pairing at once skip each other's
//! candidates rather than wait for them.

use crate::server::game::clock::now_ms;
use crate::server::storage::db::Backend;
use sqlx::{AnyConnection, AnyPool, Row};

/// A page that has not asked for this long has left: its member is out of the queue (ms).
pub const GONE_AFTER_MS: i64 = 30_000;
/// A paired row is kept this long for the member's page to read the game (ms).
const PAIRED_KEPT_MS: i64 = 10 * 60_000;

/// A member's place in the queue.
pub struct Waiting<'a> {
    /// The member.
    pub member_id: &'a str,
    /// The rules text.
    pub rules: &'a str,
    /// The clock's stored text.
    pub clock: &'a str,
    /// The member's rating in these rules and clock's category.
    pub rating: f64,
}

/// Puts the member in the queue (anew: any earlier wait or pairing of theirs is forgotten).
pub async fn join(pool: &AnyPool, waiting: &Waiting<'_>) -> sqlx::Result<()> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO pairing_queue (member_id, rules, clock, rating, since, seen, game_id, color)
         VALUES ($1, $2, $3, $4, $5, $5, NULL, NULL)
         ON CONFLICT (member_id) DO UPDATE SET rules = $2, clock = $3, rating = $4, since = $5, seen = $5,
         game_id = NULL, color = NULL",
    )
    .bind(waiting.member_id)
    .bind(waiting.rules)
    .bind(waiting.clock)
    .bind(waiting.rating)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Where a member stands in the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Not in the queue (never joined, left, or gone quiet too long).
    Out,
    /// Waiting.
    Waiting,
    /// Paired: the game and the member's side in it.
    Paired { game: String, color: String },
}

/// The member's place, noting that their page asked now.
pub async fn place(pool: &AnyPool, member_id: &str) -> sqlx::Result<Place> {
    let now = now_ms();
    sqlx::query("UPDATE pairing_queue SET seen = $2 WHERE member_id = $1 AND seen >= $3")
        .bind(member_id)
        .bind(now)
        .bind(now - GONE_AFTER_MS)
        .execute(pool)
        .await?;
    let row = sqlx::query("SELECT game_id, color, seen FROM pairing_queue WHERE member_id = $1")
        .bind(member_id)
        .fetch_optional(pool)
        .await?;
    let Some(row) = row else { return Ok(Place::Out) };
    let game: Option<String> = row.try_get("game_id")?;
    Ok(match game {
        Some(game) => {
            Place::Paired { game, color: row.try_get::<Option<String>, _>("color")?.unwrap_or_default() }
        }
        None if row.try_get::<i64, _>("seen")? < now - GONE_AFTER_MS => Place::Out,
        None => Place::Waiting,
    })
}

/// Takes the member out of the queue, unless already paired.
pub async fn leave(pool: &AnyPool, member_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM pairing_queue WHERE member_id = $1 AND game_id IS NULL")
        .bind(member_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// A pairing made: the opponent and the sides.
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// The opponent's member id.
    pub opponent: String,
    /// The opponent's name.
    pub opponent_name: String,
    /// The rules text.
    pub rules: String,
    /// The clock's stored text.
    pub clock: String,
}

/// Pairs the waiting member `member_id` with the nearest rating waiting for the same rules and
/// clock, within the gap (`gap` points, as much again per minute waited), as game `game` with
/// the member on `color`. None when nobody fits, or another instance paired one of them first.
pub async fn pair(
    pool: &AnyPool,
    backend: Backend,
    member_id: &str,
    gap: f64,
    game: &str,
    color: &str,
) -> sqlx::Result<Option<Pairing>> {
    let now = now_ms();
    let mut tx = pool.begin().await?;
    // A write first: on SQLite the transaction then holds the write lock from its start, so
    // that no other connection's commit can make its later writes fail (its snapshot stale).
    sqlx::query("DELETE FROM pairing_queue WHERE (game_id IS NULL AND seen < $1) OR (game_id IS NOT NULL AND seen < $2)")
        .bind(now - GONE_AFTER_MS)
        .bind(now - PAIRED_KEPT_MS)
        .execute(&mut *tx)
        .await?;
    let lock = if backend == Backend::Postgres { " FOR UPDATE SKIP LOCKED" } else { "" };
    let me = sqlx::query(&format!(
        "SELECT rules, clock, rating, since FROM pairing_queue WHERE member_id = $1 AND game_id IS NULL{lock}"
    ))
    .bind(member_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(me) = me else { return Ok(None) };
    let (rules, clock): (String, String) = (me.try_get("rules")?, me.try_get("clock")?);
    let (rating, since): (f64, i64) = (me.try_get("rating")?, me.try_get("since")?);
    let postgres = backend == Backend::Postgres;
    let Some(opponent) =
        nearest(&mut tx, member_id, &rules, &clock, rating, now - GONE_AFTER_MS, postgres).await?
    else {
        return Ok(None);
    };
    let waited_minutes = (now - since.min(opponent.since)) as f64 / 60_000.0;
    if (opponent.rating - rating).abs() > gap * (1.0 + waited_minutes.floor()) {
        return Ok(None);
    }
    let other_color = if color == "red" { "blue" } else { "red" };
    let paired = sqlx::query(
        "UPDATE pairing_queue SET game_id = $3, color = CASE WHEN member_id = $1 THEN $4 ELSE $5 END, seen = $6
         WHERE member_id IN ($1, $2) AND game_id IS NULL",
    )
    .bind(member_id)
    .bind(&opponent.id)
    .bind(game)
    .bind(color)
    .bind(other_color)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if paired.rows_affected() != 2 {
        tx.rollback().await?;
        return Ok(None);
    }
    tx.commit().await?;
    Ok(Some(Pairing { opponent: opponent.id, opponent_name: opponent.name, rules, clock }))
}

/// A member waiting.
struct Candidate {
    id: String,
    name: String,
    rating: f64,
    since: i64,
}

/// The waiting member nearest in rating to `rating`, but `member_id`, among those whose page
/// asked since `fresh` (and whose account still exists).
async fn nearest(
    conn: &mut AnyConnection,
    member_id: &str,
    rules: &str,
    clock: &str,
    rating: f64,
    fresh: i64,
    postgres: bool,
) -> sqlx::Result<Option<Candidate>> {
    let lock = if postgres { " FOR UPDATE OF q SKIP LOCKED" } else { "" };
    let row = sqlx::query(&format!(
        "SELECT q.member_id, m.name, q.rating, q.since FROM pairing_queue q JOIN members m ON m.id = q.member_id
         WHERE q.rules = $1 AND q.clock = $2 AND q.game_id IS NULL AND q.member_id <> $3 AND q.seen >= $4
         ORDER BY ABS(q.rating - $5), q.since LIMIT 1{lock}"
    ))
    .bind(rules)
    .bind(clock)
    .bind(member_id)
    .bind(fresh)
    .bind(rating)
    .fetch_optional(conn)
    .await?;
    row.map(|row| {
        Ok(Candidate {
            id: row.try_get("member_id")?,
            name: row.try_get("name")?,
            rating: row.try_get("rating")?,
            since: row.try_get("since")?,
        })
    })
    .transpose()
}

/// Puts back in the queue the two members paired as `game` (its start failed).
pub async fn unpair(pool: &AnyPool, game: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE pairing_queue SET game_id = NULL, color = NULL WHERE game_id = $1")
        .bind(game)
        .execute(pool)
        .await?;
    Ok(())
}
