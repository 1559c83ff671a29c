//! The push tables: subscriptions, settings, the outbox and the pages watching challenges.
//! Rows map to [`Subscription`], [`Settings`] and [`Queued`] here, and nowhere else.

use super::notice::{Kind, Notice};
use super::settings::{Quiet, Settings};
use super::subscription::Subscription;
use crate::rules::Color;
use sqlx::any::AnyRow;
use sqlx::{AnyPool, Row};

/// The most devices a member keeps subscribed: a new one drops the oldest.
pub const MAX_DEVICES: i64 = 10;

/// Keeps `subscription` for member `member_id` (the same endpoint again replaces it, also
/// when it was another member's: the device is now signed in as this one); drops the
/// member's oldest beyond [`MAX_DEVICES`], and what was queued for them.
pub async fn subscribe(pool: &AnyPool, member_id: &str, s: &Subscription, now: i64) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM push_outbox WHERE endpoint = $1 AND member_id <> $2")
        .bind(&s.endpoint)
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    // After the member's newest, even within one millisecond: the oldest is the one dropped.
    let newest = sqlx::query("SELECT MAX(created) AS newest FROM push_subscriptions WHERE member_id = $1")
        .bind(member_id)
        .fetch_one(&mut *tx)
        .await?;
    let created = newest.try_get::<Option<i64>, _>("newest")?.map_or(now, |newest| now.max(newest + 1));
    sqlx::query(
        "INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth, lang, created)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (endpoint) DO UPDATE SET member_id = $2, p256dh = $3, auth = $4, lang = $5, created = $6",
    )
    .bind(&s.endpoint)
    .bind(member_id)
    .bind(&s.p256dh)
    .bind(&s.auth)
    .bind(&s.lang)
    .bind(created)
    .execute(&mut *tx)
    .await?;
    let kept = "SELECT endpoint FROM push_subscriptions WHERE member_id = $1 ORDER BY created DESC, endpoint LIMIT $2";
    for table in ["push_outbox", "push_subscriptions"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE member_id = $1 AND endpoint NOT IN ({kept})"))
            .bind(member_id)
            .bind(MAX_DEVICES)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// Forgets member `member_id`'s subscription at `endpoint` (and what was queued for it).
pub async fn unsubscribe(pool: &AnyPool, member_id: &str, endpoint: &str) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    for table in ["push_outbox", "push_subscriptions"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE member_id = $1 AND endpoint = $2"))
            .bind(member_id)
            .bind(endpoint)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// The push service answered that `endpoint` is gone: the subscription and its queue go.
pub async fn gone(pool: &AnyPool, endpoint: &str) -> sqlx::Result<()> {
    let mut tx = pool.begin().await?;
    for table in ["push_outbox", "push_subscriptions"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE endpoint = $1"))
            .bind(endpoint)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await
}

/// How many devices member `member_id` has subscribed.
pub async fn devices(pool: &AnyPool, member_id: &str) -> sqlx::Result<i64> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM push_subscriptions WHERE member_id = $1")
        .bind(member_id)
        .fetch_one(pool)
        .await?;
    row.try_get("n")
}

/// Member `member_id`'s settings (the defaults until they change one).
pub async fn settings(pool: &AnyPool, member_id: &str) -> sqlx::Result<Settings> {
    let row = sqlx::query(
        "SELECT kinds_off, quiet_from, quiet_to, time_zone FROM push_settings WHERE member_id = $1",
    )
    .bind(member_id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(Settings::default()) };
    let kinds_off: String = row.try_get("kinds_off")?;
    let minutes = |column: &str| -> sqlx::Result<Option<u16>> {
        Ok(row.try_get::<Option<i64>, _>(column)?.and_then(|m| u16::try_from(m).ok()))
    };
    let quiet = match (minutes("quiet_from")?, minutes("quiet_to")?) {
        (Some(from), Some(to)) => Some(Quiet { from, to }),
        _ => None,
    };
    Ok(Settings {
        kinds_off: kinds_off.split(',').filter_map(Kind::named).collect(),
        quiet,
        time_zone: row.try_get("time_zone")?,
    })
}

/// Keeps member `member_id`'s `settings`.
pub async fn save_settings(pool: &AnyPool, member_id: &str, settings: &Settings) -> sqlx::Result<()> {
    let kinds_off: Vec<&str> = settings.kinds_off.iter().map(|kind| kind.name()).collect();
    sqlx::query(
        "INSERT INTO push_settings (member_id, kinds_off, quiet_from, quiet_to, time_zone) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (member_id) DO UPDATE SET kinds_off = $2, quiet_from = $3, quiet_to = $4, time_zone = $5",
    )
    .bind(member_id)
    .bind(kinds_off.join(","))
    .bind(settings.quiet.map(|q| i64::from(q.from)))
    .bind(settings.quiet.map(|q| i64::from(q.to)))
    .bind(&settings.time_zone)
    .execute(pool)
    .await?;
    Ok(())
}

/// The columns a notice is queued with: `$1` its dedupe key, then kind, payload, deadline and
/// due time; the subscriptions picked follow in the query.
const QUEUE: &str = "INSERT INTO push_outbox
    (endpoint, dedupe, member_id, kind, payload, deadline, due, attempts, claimed_until)
    SELECT s.endpoint, $1, s.member_id, $2, $3, $4, $5, 0, 0 FROM push_subscriptions s";

/// Queues `notice` for each device of member `member_id`, due at `now`, unless its event
/// was queued before (by this instance or another). How many rows were queued.
pub async fn queue(pool: &AnyPool, member_id: &str, notice: &Notice, now: i64) -> sqlx::Result<u64> {
    let sql = format!("{QUEUE} WHERE s.member_id = $6 ON CONFLICT (endpoint, dedupe) DO NOTHING");
    once(pool, notice, now, bind_notice(sqlx::query(&sql), notice, now).bind(member_id)).await
}

/// [`queue`] for the member who took `color`'s seat of game `game_id`, if a member did.
pub async fn queue_for_seat(
    pool: &AnyPool,
    game_id: &str,
    color: Color,
    notice: &Notice,
    now: i64,
) -> sqlx::Result<u64> {
    let sql = format!(
        "{QUEUE} JOIN member_games mg ON mg.member_id = s.member_id
         WHERE mg.game_id = $6 AND mg.color = $7 ON CONFLICT (endpoint, dedupe) DO NOTHING"
    );
    let query = bind_notice(sqlx::query(&sql), notice, now).bind(game_id).bind(color.name());
    once(pool, notice, now, query).await
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Runs `insert` (the notice's rows) if `notice`'s event is new, noting it in the same
/// transaction: of two instances seeing one event, one queues it.
async fn once(pool: &AnyPool, notice: &Notice, now: i64, insert: Query<'_>) -> sqlx::Result<u64> {
    let mut tx = pool.begin().await?;
    let new =
        sqlx::query("INSERT INTO push_events (dedupe, at) VALUES ($1, $2) ON CONFLICT (dedupe) DO NOTHING")
            .bind(&notice.dedupe)
            .bind(now)
            .execute(&mut *tx)
            .await?;
    if new.rows_affected() == 0 {
        return Ok(0);
    }
    let queued = insert.execute(&mut *tx).await?.rows_affected();
    tx.commit().await?;
    Ok(queued)
}

/// Forgets the events queued before `before`.
pub async fn forget_events(pool: &AnyPool, before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_events WHERE at < $1").bind(before).execute(pool).await?;
    Ok(())
}

fn bind_notice<'q>(query: Query<'q>, notice: &'q Notice, now: i64) -> Query<'q> {
    query
        .bind(&notice.dedupe)
        .bind(notice.kind.name())
        .bind(notice.payload.to_string())
        .bind(notice.deadline)
        .bind(now)
}

/// A queued notice with its device.
#[derive(Clone, Debug)]
pub struct Queued {
    /// The device's push service URL.
    pub endpoint: String,
    /// The event.
    pub dedupe: String,
    /// The member.
    pub member_id: String,
    /// The kind (none: a kind this server does not know, dropped).
    pub kind: Option<Kind>,
    /// The payload without `lang`, as JSON text.
    pub payload: String,
    /// When it is no longer worth sending.
    pub deadline: Option<i64>,
    /// Attempts made so far.
    pub attempts: i64,
    /// The device's public key, base64url.
    pub p256dh: String,
    /// Its auth secret, base64url.
    pub auth: String,
    /// Its language.
    pub lang: String,
}

fn queued(row: &AnyRow) -> sqlx::Result<Queued> {
    Ok(Queued {
        endpoint: row.try_get("endpoint")?,
        dedupe: row.try_get("dedupe")?,
        member_id: row.try_get("member_id")?,
        kind: Kind::named(&row.try_get::<String, _>("kind")?),
        payload: row.try_get("payload")?,
        deadline: row.try_get("deadline")?,
        attempts: row.try_get("attempts")?,
        p256dh: row.try_get("p256dh")?,
        auth: row.try_get("auth")?,
        lang: row.try_get("lang")?,
    })
}

/// Up to `limit` notices due at `now` (club time) that no worker holds at `real_now`.
pub async fn due(pool: &AnyPool, now: i64, real_now: i64, limit: i64) -> sqlx::Result<Vec<Queued>> {
    let rows = sqlx::query(
        "SELECT o.endpoint, o.dedupe, o.member_id, o.kind, o.payload, o.deadline, o.attempts,
                s.p256dh, s.auth, s.lang
         FROM push_outbox o JOIN push_subscriptions s ON s.endpoint = o.endpoint
         WHERE o.due <= $1 AND o.claimed_until < $2 ORDER BY o.due LIMIT $3",
    )
    .bind(now)
    .bind(real_now)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(queued).collect()
}

/// Takes `notice` for this worker until `until` (real time), unless another worker holds it
/// at `real_now` or it was sent meanwhile: one conditional write, made by one worker only.
pub async fn claim(pool: &AnyPool, notice: &Queued, real_now: i64, until: i64) -> sqlx::Result<bool> {
    let claimed = sqlx::query(
        "UPDATE push_outbox SET claimed_until = $1 WHERE endpoint = $2 AND dedupe = $3 AND claimed_until < $4
         AND attempts = $5",
    )
    .bind(until)
    .bind(&notice.endpoint)
    .bind(&notice.dedupe)
    .bind(real_now)
    .bind(notice.attempts)
    .execute(pool)
    .await?;
    Ok(claimed.rows_affected() == 1)
}

/// `notice` is done with: sent, given up, switched off or past its deadline.
pub async fn done(pool: &AnyPool, notice: &Queued) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_outbox WHERE endpoint = $1 AND dedupe = $2")
        .bind(&notice.endpoint)
        .bind(&notice.dedupe)
        .execute(pool)
        .await?;
    Ok(())
}

/// `notice` waits until `due` (club time), after `attempts` attempts in all.
pub async fn later(pool: &AnyPool, notice: &Queued, due: i64, attempts: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE push_outbox SET due = $1, attempts = $2, claimed_until = 0 WHERE endpoint = $3 AND dedupe = $4")
        .bind(due)
        .bind(attempts)
        .bind(&notice.endpoint)
        .bind(&notice.dedupe)
        .execute(pool)
        .await?;
    Ok(())
}

/// When the next notice no worker holds at `real_now` is due (club time), if any is queued.
pub async fn next_due(pool: &AnyPool, real_now: i64) -> sqlx::Result<Option<i64>> {
    let row = sqlx::query("SELECT MIN(due) AS due FROM push_outbox WHERE claimed_until < $1")
        .bind(real_now)
        .fetch_one(pool)
        .await?;
    row.try_get("due")
}

/// Page `id` of member `member_id` watches its challenges, seen at `real_now`.
pub async fn watching(pool: &AnyPool, id: &str, member_id: &str, real_now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO push_watching (id, member_id, seen) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET seen = $3",
    )
    .bind(id)
    .bind(member_id)
    .bind(real_now)
    .execute(pool)
    .await?;
    Ok(())
}

/// Page `id` stopped watching (and, while at it, the marks of pages not seen since
/// `stale_before` go: their instance stopped).
pub async fn stopped_watching(pool: &AnyPool, id: &str, stale_before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM push_watching WHERE id = $1 OR seen < $2")
        .bind(id)
        .bind(stale_before)
        .execute(pool)
        .await?;
    Ok(())
}

/// Whether a page of member `member_id` seen since `since` (real time) watches its challenges.
pub async fn is_watching(pool: &AnyPool, member_id: &str, since: i64) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM push_watching WHERE member_id = $1 AND seen >= $2")
        .bind(member_id)
        .bind(since)
        .fetch_one(pool)
        .await?;
    Ok(row.try_get::<i64, _>("n")? > 0)
}

/// Whether game `game` is being played and waits for move number `ply`.
pub async fn game_at(pool: &AnyPool, game: &str, ply: i64) -> sqlx::Result<bool> {
    let row =
        sqlx::query("SELECT COUNT(*) AS n FROM games WHERE id = $1 AND status = 'playing' AND ply = $2")
            .bind(game)
            .bind(ply)
            .fetch_one(pool)
            .await?;
    Ok(row.try_get::<i64, _>("n")? > 0)
}
