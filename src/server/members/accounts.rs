//! The `members` table: accounts with their name, password hash and admin flag.

use super::names::name_key;
use crate::server::game::clock::now_ms;
use crate::server::game::token::new_game_id;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A member, as `GET api/me` shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Member {
    /// The account's id (not secret; not shown).
    #[serde(skip)]
    pub id: String,
    /// The name.
    pub name: String,
    /// Whether the member is an admin of the club.
    pub admin: bool,
    /// When the account was made (ms since the Unix epoch).
    pub created: i64,
    /// Whether the account is a bot's: it plays through the bot API (issue 40).
    pub bot: bool,
}

/// A member from a row of `id, name, admin, created, bot`.
pub fn member_of_row(row: &AnyRow) -> sqlx::Result<Member> {
    Ok(Member {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        admin: row.try_get::<i64, _>("admin")? == 1,
        created: row.try_get("created")?,
        bot: row.try_get::<i64, _>("bot")? == 1,
    })
}

/// Makes an account (the first of the club is its admin); none if the name is taken.
pub async fn insert(conn: &mut AnyConnection, name: &str, hash: &str) -> sqlx::Result<Option<Member>> {
    let (id, now) = (new_game_id(), now_ms());
    // SQLite reads `ON CONFLICT` after `SELECT … WHERE` only: hence `WHERE 1 = 1`.
    let done = sqlx::query(
        "INSERT INTO members (id, name, name_key, password, admin, created)
         SELECT $1, $2, $3, $4, CASE WHEN EXISTS (SELECT 1 FROM members) THEN 0 ELSE 1 END, $5 WHERE 1 = 1
         ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(&id)
    .bind(name)
    .bind(name_key(name))
    .bind(hash)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let row = sqlx::query("SELECT id, name, admin, created, bot FROM members WHERE id = $1")
        .bind(&id)
        .fetch_one(conn)
        .await?;
    member_of_row(&row).map(Some)
}

/// Whether the club has no member yet.
pub async fn none(pool: &AnyPool) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT 1 AS one FROM members LIMIT 1").fetch_optional(pool).await?.is_none())
}

/// The member called `name` (whatever its case) and the password hash ('' for none), if any.
pub async fn by_name(pool: &AnyPool, name: &str) -> sqlx::Result<Option<(Member, String)>> {
    let row = sqlx::query("SELECT id, name, admin, created, bot, password FROM members WHERE name_key = $1")
        .bind(name_key(name))
        .fetch_optional(pool)
        .await?;
    row.map(|row| Ok((member_of_row(&row)?, row.try_get("password")?))).transpose()
}

/// Member `id`, if there is one.
pub async fn by_id(pool: &AnyPool, id: &str) -> sqlx::Result<Option<Member>> {
    let row = sqlx::query("SELECT id, name, admin, created, bot FROM members WHERE id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.as_ref().map(member_of_row).transpose()
}

/// The password hash of member `id` ('' for none: a member signed up with a passkey).
pub async fn password_of(pool: &AnyPool, id: &str) -> sqlx::Result<String> {
    sqlx::query("SELECT password FROM members WHERE id = $1")
        .bind(id)
        .fetch_one(pool)
        .await?
        .try_get("password")
}

/// Sets the password hash of member `id`.
pub async fn set_password(pool: &AnyPool, id: &str, hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE members SET password = $1 WHERE id = $2").bind(hash).bind(id).execute(pool).await?;
    Ok(())
}

/// Makes the member called `name` an admin; false if there is none.
pub async fn make_admin(pool: &AnyPool, name: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE members SET admin = 1 WHERE name_key = $1")
        .bind(name_key(name))
        .execute(pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Makes member `id` a bot, unless it has a seat in any game (played, or open): whether it did.
pub async fn become_bot(pool: &AnyPool, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE members SET bot = 1 WHERE id = $1
         AND NOT EXISTS (SELECT 1 FROM member_games WHERE member_id = $1)",
    )
    .bind(id)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the member called `name` a bot or not: the member, if there is one.
pub async fn set_bot(pool: &AnyPool, name: &str, bot: bool) -> sqlx::Result<Option<Member>> {
    sqlx::query("UPDATE members SET bot = $1 WHERE name_key = $2")
        .bind(i64::from(bot))
        .bind(name_key(name))
        .execute(pool)
        .await?;
    Ok(by_name(pool, name).await?.map(|(member, _)| member))
}
