//! The ladder tables: ladders, their rungs (the members in order), challenges and history.
//! Rows map to values here, both ways; the order of the rungs is the pure
//! [`Ladder`](crate::competitions::ladder::Ladder)'s ranking.

use crate::competitions::ladder::Limits;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A row of `ladders`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderRow {
    pub id: String,
    pub name: String,
    /// The rules text ("" for the default rules).
    pub rules: String,
    pub rated: bool,
    /// The games' clock, as `games.clock` stores it.
    pub clock: String,
    /// How many places above a member may challenge.
    pub reach: i64,
    /// The most open challenges a member may have, given and received.
    pub max_open: i64,
    /// How long the challenged has to answer (ms).
    pub answer_ms: i64,
    /// How long before two members may challenge each other again (ms).
    pub cool_down_ms: i64,
    /// How long without a ladder game moves a member down one place (ms; 0: never).
    pub idle_ms: i64,
    /// The declines since a member's last ladder game that are free.
    pub free_declines: i64,
    /// Whether a newcomer is placed by rating (else at the bottom).
    pub by_rating: bool,
    /// Raised by every change of the places.
    pub version: i64,
    pub created_by: String,
    pub created: i64,
}

impl LadderRow {
    /// The limits the pure rules check a challenge against.
    pub fn limits(&self) -> Limits {
        let count = |n: i64| usize::try_from(n).unwrap_or(0);
        Limits {
            reach: count(self.reach),
            max_open: count(self.max_open),
            cool_down_ms: self.cool_down_ms,
            free_declines: count(self.free_declines),
        }
    }
}

const LADDER_COLUMNS: &str = "id, name, rules, rated, clock, reach, max_open, answer_ms, cool_down_ms, \
     idle_ms, free_declines, by_rating, version, created_by, created";

fn ladder_of_row(row: &AnyRow) -> sqlx::Result<LadderRow> {
    Ok(LadderRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        rules: row.try_get("rules")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        clock: row.try_get("clock")?,
        reach: row.try_get("reach")?,
        max_open: row.try_get("max_open")?,
        answer_ms: row.try_get("answer_ms")?,
        cool_down_ms: row.try_get("cool_down_ms")?,
        idle_ms: row.try_get("idle_ms")?,
        free_declines: row.try_get("free_declines")?,
        by_rating: row.try_get::<i64, _>("by_rating")? == 1,
        version: row.try_get("version")?,
        created_by: row.try_get("created_by")?,
        created: row.try_get("created")?,
    })
}

/// A member on a ladder, with their name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RungRow {
    pub member_id: String,
    pub name: String,
    /// From 0, the top.
    pub place: i64,
    /// Since when the member counts as idle (ms).
    pub idle_from: i64,
    /// Declines since the member's last ladder game.
    pub declines: i64,
}

/// A row of `ladder_challenges`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    pub id: String,
    pub ladder_id: String,
    pub challenger: String,
    pub challenged: String,
    /// `open`, `playing`, `declined`, `over` or `cancelled`.
    pub state: String,
    pub made: i64,
    pub answer_by: i64,
    pub game_id: Option<String>,
    /// `challenger`, `challenged` or `draw`, once over.
    pub result: Option<String>,
    /// `game`, `forfeit` or `director`, once over.
    pub how: Option<String>,
    pub ended: Option<i64>,
}

const CHALLENGE_COLUMNS: &str =
    "id, ladder_id, challenger, challenged, state, made, answer_by, game_id, result, how, ended";

fn challenge_of_row(row: &AnyRow) -> sqlx::Result<ChallengeRow> {
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        ladder_id: row.try_get("ladder_id")?,
        challenger: row.try_get("challenger")?,
        challenged: row.try_get("challenged")?,
        state: row.try_get("state")?,
        made: row.try_get("made")?,
        answer_by: row.try_get("answer_by")?,
        game_id: row.try_get("game_id")?,
        result: row.try_get("result")?,
        how: row.try_get("how")?,
        ended: row.try_get("ended")?,
    })
}

/// An entry of a ladder's history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryRow {
    /// The ladder's version after the change.
    pub version: i64,
    pub at: i64,
    /// `joined`, `left`, `removed`, `won` or `dropped`.
    pub kind: String,
    pub member_id: String,
    /// Whose place a `won` took.
    pub other_id: Option<String>,
    pub from_place: Option<i64>,
    pub to_place: Option<i64>,
    /// The member's name (read back; not stored).
    pub member_name: String,
    /// The other's name (read back; not stored).
    pub other_name: Option<String>,
}

/// Stores a new ladder.
pub async fn insert(conn: &mut AnyConnection, l: &LadderRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO ladders ({LADDER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    ))
    .bind(&l.id)
    .bind(&l.name)
    .bind(&l.rules)
    .bind(i64::from(l.rated))
    .bind(&l.clock)
    .bind(l.reach)
    .bind(l.max_open)
    .bind(l.answer_ms)
    .bind(l.cool_down_ms)
    .bind(l.idle_ms)
    .bind(l.free_declines)
    .bind(i64::from(l.by_rating))
    .bind(l.version)
    .bind(&l.created_by)
    .bind(l.created)
    .execute(conn)
    .await
    .map(drop)
}

/// Changes a ladder's settings (not its version, maker or time).
pub async fn set_settings(conn: &mut AnyConnection, l: &LadderRow) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE ladders SET name = $2, rules = $3, rated = $4, clock = $5, reach = $6, max_open = $7,
         answer_ms = $8, cool_down_ms = $9, idle_ms = $10, free_declines = $11, by_rating = $12 WHERE id = $1",
    )
    .bind(&l.id)
    .bind(&l.name)
    .bind(&l.rules)
    .bind(i64::from(l.rated))
    .bind(&l.clock)
    .bind(l.reach)
    .bind(l.max_open)
    .bind(l.answer_ms)
    .bind(l.cool_down_ms)
    .bind(l.idle_ms)
    .bind(l.free_declines)
    .bind(i64::from(l.by_rating))
    .execute(conn)
    .await
    .map(drop)
}

/// Ladder `id`.
pub async fn get(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<LadderRow>> {
    sqlx::query(&format!("SELECT {LADDER_COLUMNS} FROM ladders WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(|row| ladder_of_row(&row))
        .transpose()
}

/// Every ladder, the newest first.
pub async fn list(pool: &AnyPool) -> sqlx::Result<Vec<(LadderRow, i64)>> {
    let rows = sqlx::query(&format!(
        "SELECT {LADDER_COLUMNS}, (SELECT COUNT(*) FROM ladder_rungs r WHERE r.ladder_id = ladders.id) AS members
         FROM ladders ORDER BY created DESC, id"
    ))
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| Ok((ladder_of_row(row)?, row.try_get("members")?))).collect()
}

/// The ladders made by `member_id`.
pub async fn made_by(conn: &mut AnyConnection, member_id: &str) -> sqlx::Result<i64> {
    sqlx::query("SELECT COUNT(*) AS n FROM ladders WHERE created_by = $1")
        .bind(member_id)
        .fetch_one(conn)
        .await?
        .try_get("n")
}

/// The name of member `id`, if any.
pub async fn member_name(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query("SELECT name FROM members WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(|row| row.try_get("name"))
        .transpose()
}

/// Takes ladder `id`'s turn to change its places: raises its version, which locks its row
/// until the transaction ends (so changes of one ladder are made one after another on any
/// instance), and gives the new version; none if there is no such ladder.
pub async fn take_turn(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query("UPDATE ladders SET version = version + 1 WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("SELECT version FROM ladders WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(|row| row.try_get("version"))
        .transpose()
}

/// The members of ladder `id`, top first.
pub async fn rungs(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<RungRow>> {
    let rows = sqlx::query(
        "SELECT r.member_id, m.name, r.place, r.idle_from, r.declines
         FROM ladder_rungs r JOIN members m ON m.id = r.member_id
         WHERE r.ladder_id = $1 ORDER BY r.place",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(RungRow {
                member_id: row.try_get("member_id")?,
                name: row.try_get("name")?,
                place: row.try_get("place")?,
                idle_from: row.try_get("idle_from")?,
                declines: row.try_get("declines")?,
            })
        })
        .collect()
}

/// Stores the places of ladder `id`'s members as `ranking` orders them (top first): the
/// members no longer in it are taken off, new ones put on (idle from `now`).
pub async fn set_places(
    conn: &mut AnyConnection,
    id: &str,
    ranking: &[String],
    now: i64,
) -> sqlx::Result<()> {
    let on: Vec<String> = rungs(&mut *conn, id).await?.into_iter().map(|r| r.member_id).collect();
    for gone in on.iter().filter(|m| !ranking.contains(m)) {
        sqlx::query("DELETE FROM ladder_rungs WHERE ladder_id = $1 AND member_id = $2")
            .bind(id)
            .bind(gone)
            .execute(&mut *conn)
            .await?;
    }
    for (place, member) in ranking.iter().enumerate() {
        let place = place as i64;
        if on.contains(member) {
            sqlx::query("UPDATE ladder_rungs SET place = $3 WHERE ladder_id = $1 AND member_id = $2")
                .bind(id)
                .bind(member)
                .bind(place)
                .execute(&mut *conn)
                .await?;
        } else {
            sqlx::query(
                "INSERT INTO ladder_rungs (ladder_id, member_id, place, idle_from, declines)
                 VALUES ($1, $2, $3, $4, 0)",
            )
            .bind(id)
            .bind(member)
            .bind(place)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
    }
    Ok(())
}

/// Member `member_id` of ladder `id` counts as idle from `at`, and (`played`) their declines
/// start again from none.
pub async fn set_idle_from(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    at: i64,
    played: bool,
) -> sqlx::Result<()> {
    let declines = if played { "0" } else { "declines" };
    sqlx::query(&format!(
        "UPDATE ladder_rungs SET idle_from = $3, declines = {declines} WHERE ladder_id = $1 AND member_id = $2"
    ))
    .bind(id)
    .bind(member_id)
    .bind(at)
    .execute(conn)
    .await
    .map(drop)
}

/// Counts one more decline of member `member_id` on ladder `id`.
pub async fn add_decline(conn: &mut AnyConnection, id: &str, member_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE ladder_rungs SET declines = declines + 1 WHERE ladder_id = $1 AND member_id = $2")
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await
        .map(drop)
}

/// Notes a change of ladder `id`'s places in its history.
pub async fn note(conn: &mut AnyConnection, id: &str, entry: &HistoryRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO ladder_history (ladder_id, version, at, kind, member_id, other_id, from_place, to_place)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(entry.version)
    .bind(entry.at)
    .bind(&entry.kind)
    .bind(&entry.member_id)
    .bind(&entry.other_id)
    .bind(entry.from_place)
    .bind(entry.to_place)
    .execute(conn)
    .await
    .map(drop)
}

/// Ladder `id`'s history, oldest first.
pub async fn history(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<HistoryRow>> {
    let rows = sqlx::query(
        "SELECT h.version, h.at, h.kind, h.member_id, h.other_id, h.from_place, h.to_place,
           m.name AS member_name, o.name AS other_name
         FROM ladder_history h JOIN members m ON m.id = h.member_id LEFT JOIN members o ON o.id = h.other_id
         WHERE h.ladder_id = $1 ORDER BY h.version, h.from_place",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(HistoryRow {
                version: row.try_get("version")?,
                at: row.try_get("at")?,
                kind: row.try_get("kind")?,
                member_id: row.try_get("member_id")?,
                other_id: row.try_get("other_id")?,
                from_place: row.try_get("from_place")?,
                to_place: row.try_get("to_place")?,
                member_name: row.try_get("member_name")?,
                other_name: row.try_get("other_name")?,
            })
        })
        .collect()
}

/// Stores a new challenge.
pub async fn insert_challenge(conn: &mut AnyConnection, c: &ChallengeRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO ladder_challenges ({CHALLENGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
    ))
    .bind(&c.id)
    .bind(&c.ladder_id)
    .bind(&c.challenger)
    .bind(&c.challenged)
    .bind(&c.state)
    .bind(c.made)
    .bind(c.answer_by)
    .bind(&c.game_id)
    .bind(&c.result)
    .bind(&c.how)
    .bind(c.ended)
    .execute(conn)
    .await
    .map(drop)
}

/// Challenge `id`.
pub async fn challenge(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<ChallengeRow>> {
    sqlx::query(&format!("SELECT {CHALLENGE_COLUMNS} FROM ladder_challenges WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(|row| challenge_of_row(&row))
        .transpose()
}

/// The challenges of ladder `id` still open or being played, the oldest first.
pub async fn open_challenges(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<ChallengeRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM ladder_challenges
         WHERE ladder_id = $1 AND state IN ('open', 'playing') ORDER BY made, id"
    ))
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(challenge_of_row).collect()
}

/// When the last challenge between `a` and `b` on ladder `id` was made, if any.
pub async fn last_between(conn: &mut AnyConnection, id: &str, a: &str, b: &str) -> sqlx::Result<Option<i64>> {
    sqlx::query(
        "SELECT MAX(made) AS made FROM ladder_challenges WHERE ladder_id = $1
         AND ((challenger = $2 AND challenged = $3) OR (challenger = $3 AND challenged = $2))",
    )
    .bind(id)
    .bind(a)
    .bind(b)
    .fetch_one(conn)
    .await?
    .try_get("made")
}

/// Moves challenge `id` from state `from` to `to` (with its game, result, how it ended and
/// when, as given); false if it was not in `from` (another request or instance came first).
pub async fn change_challenge(
    conn: &mut AnyConnection,
    id: &str,
    from: &str,
    to: &ChallengeRow,
) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE ladder_challenges SET state = $3, game_id = $4, result = $5, how = $6, ended = $7
         WHERE id = $1 AND state = $2",
    )
    .bind(id)
    .bind(from)
    .bind(&to.state)
    .bind(&to.game_id)
    .bind(&to.result)
    .bind(&to.how)
    .bind(to.ended)
    .execute(conn)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// The open challenges (of any ladder) whose time to answer is over at `now`.
pub async fn unanswered(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<ChallengeRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {CHALLENGE_COLUMNS} FROM ladder_challenges WHERE state = 'open' AND answer_by <= $1"
    ))
    .bind(now)
    .fetch_all(pool)
    .await?;
    rows.iter().map(challenge_of_row).collect()
}

/// The challenges being played whose game is over, with the game's winner, reason and plies.
pub async fn ended(pool: &AnyPool) -> sqlx::Result<Vec<(ChallengeRow, Option<String>, String, i64)>> {
    let columns = CHALLENGE_COLUMNS.split(", ").map(|c| format!("c.{c}")).collect::<Vec<_>>().join(", ");
    let rows = sqlx::query(&format!(
        "SELECT {columns}, g.winner, g.reason, g.ply FROM ladder_challenges c JOIN games g ON g.id = c.game_id
         WHERE c.state = 'playing' AND g.status = 'over'"
    ))
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let reason: Option<String> = row.try_get("reason")?;
            Ok((
                challenge_of_row(row)?,
                row.try_get("winner")?,
                reason.unwrap_or_default(),
                row.try_get("ply")?,
            ))
        })
        .collect()
}

/// The ladders with members idle for a period at `now` (idle time on; a member with a ladder
/// game being played is not idle).
pub async fn with_idle(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT DISTINCT l.id FROM ladders l JOIN ladder_rungs r ON r.ladder_id = l.id
         WHERE l.idle_ms > 0 AND r.idle_from + l.idle_ms <= $1
         AND NOT EXISTS (SELECT 1 FROM ladder_challenges c WHERE c.ladder_id = l.id AND c.state = 'playing'
           AND (c.challenger = r.member_id OR c.challenged = r.member_id))",
    )
    .bind(now)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}
