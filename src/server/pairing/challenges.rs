//! The `challenges` table: a member's direct challenge to another, answered by accepting,
//! declining or calling it off, or left to expire. An answer changes a challenge only while it
//! is open and unexpired (one conditional `UPDATE`), so two answers at once — on one instance
//! or two — never both take effect.
//!
//! No crowd hides a challenge (issue 33): a challenger has one open challenge per name (a new
//! one replaces it), and a member's list shows first the challengers they know — members they
//! played or challenged — then the newest, [`INCOMING_SHOWN`] at most, with the count of all.

use crate::server::error::{Code, Refusal};
use crate::server::game::clock::now_ms;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

/// A challenge as its two members see it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Challenge {
    /// Its id.
    pub id: String,
    /// The challenger's name.
    pub from: String,
    /// Whether the challenger is a bot.
    pub from_bot: bool,
    /// The name challenged, as written.
    pub to: String,
    /// The rules text.
    pub rules: String,
    /// The clock, as the game API writes it.
    pub clock: serde_json::Value,
    /// The challenger's side: red, blue or random.
    pub color: String,
    /// Whether the game counts in the ratings.
    pub rated: bool,
    /// open, accepted, declined, cancelled or expired.
    pub state: String,
    /// The game, once accepted.
    pub game: Option<String>,
    /// When it expires (ms since the Unix epoch).
    pub expires: i64,
}

/// A new challenge's fields.
pub struct NewChallenge<'a> {
    /// The challenger's id.
    pub from: &'a str,
    /// The challenged member's id, if the name is a member's.
    pub to_member: Option<&'a str>,
    /// The name challenged.
    pub to_name: &'a str,
    /// The rules text.
    pub rules: &'a str,
    /// The clock's stored text.
    pub clock: &'a str,
    /// The challenger's side.
    pub color: &'a str,
    /// Rated or not.
    pub rated: bool,
    /// When it expires.
    pub expires: i64,
}

/// The columns a [`Challenge`] is read from.
const COLUMNS: &str =
    "c.id, f.name AS from_name, f.bot AS from_bot, c.to_name, c.rules, c.clock, c.color, c.rated, c.state,
     c.game_id, c.expires";

/// The most incoming challenges listed to a member at once; the count says how many are open.
pub const INCOMING_SHOWN: i64 = 20;

/// Stores a new challenge of id `id`, closing the challenger's open one to the same name:
/// whether it was stored (not when another challenge to that name was stored meanwhile).
pub async fn insert(pool: &AnyPool, id: &str, new: &NewChallenge<'_>) -> sqlx::Result<bool> {
    let now = now_ms();
    let mut tx = pool.begin().await?;
    sqlx::query(
        "UPDATE challenges SET state = CASE WHEN expires > $3 THEN 'cancelled' ELSE 'expired' END
         WHERE from_member = $1 AND LOWER(to_name) = LOWER($2) AND state = 'open'",
    )
    .bind(new.from)
    .bind(new.to_name)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let stored = sqlx::query(
        "INSERT INTO challenges (id, from_member, to_member, to_name, rules, clock, color, rated, state, game_id,
         created, expires) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'open', NULL, $9, $10)
         ON CONFLICT (from_member, LOWER(to_name)) WHERE state = 'open' DO NOTHING",
    )
    .bind(id)
    .bind(new.from)
    .bind(new.to_member)
    .bind(new.to_name)
    .bind(new.rules)
    .bind(new.clock)
    .bind(new.color)
    .bind(i64::from(new.rated))
    .bind(now)
    .bind(new.expires)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(stored.rows_affected() == 1)
}

fn challenge_of(row: &AnyRow, now: i64) -> sqlx::Result<Challenge> {
    let clock: String = row.try_get("clock")?;
    let clock = crate::server::game::clock::ClockSpec::from_text(&clock).unwrap_or_default();
    let expires: i64 = row.try_get("expires")?;
    let state: String = row.try_get("state")?;
    Ok(Challenge {
        id: row.try_get("id")?,
        from: row.try_get("from_name")?,
        from_bot: row.try_get::<i64, _>("from_bot")? == 1,
        to: row.try_get("to_name")?,
        rules: row.try_get("rules")?,
        clock: serde_json::to_value(clock).unwrap_or_default(),
        color: row.try_get("color")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        state: if state == "open" && expires <= now { "expired".into() } else { state },
        game: row.try_get("game_id")?,
        expires,
    })
}

/// The open, unexpired challenges to member `$1` at time `$2`, but those of challengers the
/// member blocked.
const OPEN_TO: &str = "FROM challenges c JOIN members f ON f.id = c.from_member
     WHERE c.to_member = $1 AND c.state = 'open' AND c.expires > $2
       AND NOT EXISTS (SELECT 1 FROM challenge_blocks b WHERE b.member_id = $1 AND b.blocked_id = c.from_member)";

/// 1 when member `$1` knows the challenger: they played a game together, or `$1` challenged them.
const KNOWN: &str = "CASE WHEN EXISTS (
       SELECT 1 FROM member_games theirs JOIN member_games mine ON mine.game_id = theirs.game_id
       WHERE theirs.member_id = c.from_member AND mine.member_id = $1)
     OR EXISTS (SELECT 1 FROM challenges sent WHERE sent.from_member = $1 AND sent.to_member = c.from_member)
     THEN 1 ELSE 0 END";

/// The challenges to member `id` a crowd cannot hide: open and unexpired, from challengers the
/// member knows first, then newest first, [`INCOMING_SHOWN`] at most; and how many are open.
pub async fn incoming(pool: &AnyPool, id: &str) -> sqlx::Result<(Vec<Challenge>, i64)> {
    let now = now_ms();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS}, {KNOWN} AS known {OPEN_TO} ORDER BY known DESC, c.created DESC, c.id
         LIMIT {INCOMING_SHOWN}"
    ))
    .bind(id)
    .bind(now)
    .fetch_all(pool)
    .await?;
    let shown = rows.iter().map(|row| challenge_of(row, now)).collect::<sqlx::Result<_>>()?;
    let count: i64 =
        sqlx::query_scalar(&format!("SELECT COUNT(*) {OPEN_TO}")).bind(id).bind(now).fetch_one(pool).await?;
    Ok((shown, count))
}

/// The challenges member `id` received, as `GET api/me/challenges` lists them:
/// `{"incoming","incoming_count"}` (what the member's live stream sends).
pub async fn received(pool: &AnyPool, id: &str) -> sqlx::Result<serde_json::Value> {
    let (incoming, incoming_count) = incoming(pool, id).await?;
    Ok(serde_json::json!({ "incoming": incoming, "incoming_count": incoming_count }))
}

/// The challenges member `id` sent since `since`, newest first, in whatever state.
pub async fn outgoing(pool: &AnyPool, id: &str, since: i64) -> sqlx::Result<Vec<Challenge>> {
    let now = now_ms();
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM challenges c JOIN members f ON f.id = c.from_member
         WHERE c.from_member = $1 AND c.created >= $2 ORDER BY c.created DESC LIMIT 50"
    ))
    .bind(id)
    .bind(since)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| challenge_of(row, now)).collect()
}

/// A challenge as stored, for its answer.
pub struct Stored {
    /// The challenger's id.
    pub from_member: String,
    /// The addressee's id, if the name challenged is a member's.
    pub to_member: Option<String>,
    /// The challenger's name.
    pub from_name: String,
    /// The rules text.
    pub rules: String,
    /// The clock's text.
    pub clock: String,
    /// The challenger's side.
    pub color: String,
    /// Rated or not.
    pub rated: bool,
}

/// Challenge `id` if member `member_id` may answer it (as its addressee, or as its sender
/// when `sent`): open and unexpired, else the refusal saying why.
pub async fn answerable(pool: &AnyPool, id: &str, member_id: &str, sent: bool) -> Result<Stored, Refusal> {
    let side = if sent { "c.from_member" } else { "c.to_member" };
    let row = sqlx::query(&format!(
        "SELECT c.from_member, c.to_member, f.name AS from_name, c.rules, c.clock, c.color, c.rated, c.state, c.expires
         FROM challenges c JOIN members f ON f.id = c.from_member WHERE c.id = $1 AND {side} = $2"
    ))
    .bind(id)
    .bind(member_id)
    .fetch_optional(pool)
    .await
    .map_err(Refusal::storage)?
    .ok_or_else(no_challenge)?;
    let read = |e: sqlx::Error| Refusal::storage(e);
    let state: String = row.try_get("state").map_err(read)?;
    let unexpired = row.try_get::<i64, _>("expires").map_err(read)? > now_ms();
    match state.as_str() {
        "open" if unexpired => {}
        // Expired: past its time, or closed so when its challenger sent another.
        "open" | "expired" => {
            return Err(Refusal::new(Code::ChallengeExpired, "this challenge expired before it was accepted"))
        }
        _ => return Err(closed(&state)),
    }
    Ok(Stored {
        from_member: row.try_get("from_member").map_err(read)?,
        to_member: row.try_get("to_member").map_err(read)?,
        from_name: row.try_get("from_name").map_err(read)?,
        rules: row.try_get("rules").map_err(read)?,
        clock: row.try_get("clock").map_err(read)?,
        color: row.try_get("color").map_err(read)?,
        rated: row.try_get::<i64, _>("rated").map_err(read)? == 1,
    })
}

/// Closes challenge `id` as `state` (with its game, if accepted) while it is open and
/// unexpired; whether it did.
pub async fn close(pool: &AnyPool, id: &str, state: &str, game: Option<&str>) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE challenges SET state = $2, game_id = $3 WHERE id = $1 AND state = 'open' AND expires > $4",
    )
    .bind(id)
    .bind(state)
    .bind(game)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The challenger's id of challenge `id` to member `to_member`, in whatever state.
pub async fn challenger(pool: &AnyPool, id: &str, to_member: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT from_member FROM challenges WHERE id = $1 AND to_member = $2")
        .bind(id)
        .bind(to_member)
        .fetch_optional(pool)
        .await
}

/// Declines every open, unexpired challenge to member `id`; how many.
pub async fn decline_all(pool: &AnyPool, id: &str) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "UPDATE challenges SET state = 'declined' WHERE to_member = $1 AND state = 'open' AND expires > $2",
    )
    .bind(id)
    .bind(now_ms())
    .execute(pool)
    .await?;
    Ok(done.rows_affected())
}

/// Opens challenge `id` again after its game could not be started; `cancelled` instead if its
/// challenger sent another to the same name meanwhile (one open per name).
pub async fn reopen(pool: &AnyPool, id: &str) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE challenges SET game_id = NULL, state = CASE WHEN EXISTS (
           SELECT 1 FROM challenges other WHERE other.from_member = challenges.from_member
             AND LOWER(other.to_name) = LOWER(challenges.to_name) AND other.state = 'open')
         THEN 'cancelled' ELSE 'open' END WHERE id = $1",
    )
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

/// No challenge of that id for this member.
pub fn no_challenge() -> Refusal {
    Refusal::new(Code::NoChallenge, "there is no such challenge for you")
}

/// The challenge was answered already.
pub fn closed(state: &str) -> Refusal {
    Refusal::new(Code::ChallengeClosed, format!("this challenge was {state} already"))
        .with("state", state.to_string())
}

/// Whether challenge `id` was called off by its challenger or left to expire (not answered by
/// its addressee): the news a bot's event stream gives as `challengeCanceled`.
pub async fn withdrawn(pool: &AnyPool, id: &str) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT state, expires FROM challenges WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    let Some(row) = row else { return Ok(true) };
    let state: String = row.try_get("state")?;
    let expires: i64 = row.try_get("expires")?;
    Ok(matches!(state.as_str(), "cancelled" | "expired") || (state == "open" && expires <= now_ms()))
}
