//! The team tables: teams and their members, team matches, the captains' line-ups and the
//! boards with their games and results. Each change of a match's life is one conditional
//! write (`WHERE state = …`, `WHERE result IS NULL`): of two instances, only the first makes it.

use crate::server::members::names::name_key;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A member as a team shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Teammate {
    /// The member's id.
    pub id: String,
    /// Their name.
    pub name: String,
}

/// A team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    /// The id.
    pub id: String,
    /// The name shown.
    pub name: String,
    /// The captain's member id.
    pub captain: String,
    /// Its members (the captain among them), by name.
    pub members: Vec<Teammate>,
}

/// A row of `team_matches`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub id: String,
    /// The home team's id (Red on board 1).
    pub home: String,
    /// The away team's id.
    pub away: String,
    pub boards: i64,
    /// The rules' text, normalised.
    pub rules: String,
    /// The clock, as `games.clock`.
    pub clock: String,
    pub rated: bool,
    /// When it starts by itself (ms), if it does.
    pub starts_at: Option<i64>,
    /// proposed, accepted, playing, finished or called-off.
    pub state: String,
    /// Once finished: home, away, home-count-back, away-count-back or tie.
    pub outcome: Option<String>,
    pub created_by: String,
    pub created: i64,
}

/// A board of a match that started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    /// From 1.
    pub board: i64,
    pub game_id: String,
    pub home_member: String,
    pub away_member: String,
    /// As `tournament_pairings.result`; None while its game is played.
    pub result: Option<String>,
}

/// Which team of a match: `home` or `away`, as stored.
pub const SIDES: [&str; 2] = ["home", "away"];

/// Makes team `id` called `name` with `captain` as its first member; false if the name is
/// taken (whatever its case) or the captain is in a team already.
pub async fn insert_team(
    conn: &mut AnyConnection,
    id: &str,
    name: &str,
    captain: &str,
    now: i64,
) -> sqlx::Result<bool> {
    if team_of(conn, captain).await?.is_some() {
        return Ok(false);
    }
    let made = sqlx::query(
        "INSERT INTO teams (id, name, name_key, captain, created) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (name_key) DO NOTHING",
    )
    .bind(id)
    .bind(name)
    .bind(name_key(name))
    .bind(captain)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    if made.rows_affected() == 0 {
        return Ok(false);
    }
    add_member(conn, id, captain, now).await
}

/// Whether a team is called `name` (whatever its case).
pub async fn name_taken(conn: &mut AnyConnection, name: &str) -> sqlx::Result<bool> {
    let row = sqlx::query("SELECT 1 AS one FROM teams WHERE name_key = $1")
        .bind(name_key(name))
        .fetch_optional(conn)
        .await?;
    Ok(row.is_some())
}

/// The team of member `member_id`, if any.
pub async fn team_of(conn: &mut AnyConnection, member_id: &str) -> sqlx::Result<Option<String>> {
    let row = sqlx::query("SELECT team_id FROM team_members WHERE member_id = $1")
        .bind(member_id)
        .fetch_optional(conn)
        .await?;
    row.map(|row| row.try_get("team_id")).transpose()
}

/// Team `id` with its members, if there is one.
pub async fn team(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Team>> {
    let Some(row) = sqlx::query("SELECT id, name, captain FROM teams WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let members = sqlx::query(
        "SELECT m.id, m.name FROM team_members t JOIN members m ON m.id = t.member_id
         WHERE t.team_id = $1 ORDER BY m.name_key",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let members = members
        .iter()
        .map(|row| Ok(Teammate { id: row.try_get("id")?, name: row.try_get("name")? }))
        .collect::<sqlx::Result<_>>()?;
    Ok(Some(Team {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        captain: row.try_get("captain")?,
        members,
    }))
}

/// Every team's id and name, by name.
pub async fn teams(pool: &AnyPool) -> sqlx::Result<Vec<(String, String)>> {
    let rows = sqlx::query("SELECT id, name FROM teams ORDER BY name_key").fetch_all(pool).await?;
    rows.iter().map(|row| Ok((row.try_get("id")?, row.try_get("name")?))).collect()
}

/// Adds member `member_id` to team `id`; false if they are in a team already.
pub async fn add_member(conn: &mut AnyConnection, id: &str, member_id: &str, now: i64) -> sqlx::Result<bool> {
    let added = sqlx::query(
        "INSERT INTO team_members (team_id, member_id, joined) VALUES ($1, $2, $3)
         ON CONFLICT (member_id) DO NOTHING",
    )
    .bind(id)
    .bind(member_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(added.rows_affected() == 1)
}

/// Takes member `member_id` out of team `id`; false if they were not in it.
pub async fn remove_member(conn: &mut AnyConnection, id: &str, member_id: &str) -> sqlx::Result<bool> {
    let removed = sqlx::query("DELETE FROM team_members WHERE team_id = $1 AND member_id = $2")
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await?;
    Ok(removed.rows_affected() == 1)
}

/// Hands team `id`'s captaincy from `from` to `to`; false if `from` was not its captain.
pub async fn set_captain(conn: &mut AnyConnection, id: &str, from: &str, to: &str) -> sqlx::Result<bool> {
    let set = sqlx::query("UPDATE teams SET captain = $1 WHERE id = $2 AND captain = $3")
        .bind(to)
        .bind(id)
        .bind(from)
        .execute(conn)
        .await?;
    Ok(set.rows_affected() == 1)
}

/// Stores a new match.
pub async fn insert_match(conn: &mut AnyConnection, m: &MatchRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO team_matches (id, home, away, boards, rules, clock, rated, starts_at, state, outcome,
         created_by, created) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&m.id)
    .bind(&m.home)
    .bind(&m.away)
    .bind(m.boards)
    .bind(&m.rules)
    .bind(&m.clock)
    .bind(i64::from(m.rated))
    .bind(m.starts_at)
    .bind(&m.state)
    .bind(&m.outcome)
    .bind(&m.created_by)
    .bind(m.created)
    .execute(conn)
    .await?;
    Ok(())
}

const MATCH_COLUMNS: &str =
    "id, home, away, boards, rules, clock, rated, starts_at, state, outcome, created_by, created";

fn match_of_row(row: &AnyRow) -> sqlx::Result<MatchRow> {
    Ok(MatchRow {
        id: row.try_get("id")?,
        home: row.try_get("home")?,
        away: row.try_get("away")?,
        boards: row.try_get("boards")?,
        rules: row.try_get("rules")?,
        clock: row.try_get("clock")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        starts_at: row.try_get("starts_at")?,
        state: row.try_get("state")?,
        outcome: row.try_get("outcome")?,
        created_by: row.try_get("created_by")?,
        created: row.try_get("created")?,
    })
}

/// Match `id`, if there is one.
pub async fn get_match(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<MatchRow>> {
    let row = sqlx::query(&format!("SELECT {MATCH_COLUMNS} FROM team_matches WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(match_of_row).transpose()
}

/// The latest `limit` matches, newest first.
pub async fn matches(pool: &AnyPool, limit: i64) -> sqlx::Result<Vec<MatchRow>> {
    let rows =
        sqlx::query(&format!("SELECT {MATCH_COLUMNS} FROM team_matches ORDER BY created DESC, id LIMIT $1"))
            .bind(limit)
            .fetch_all(pool)
            .await?;
    rows.iter().map(match_of_row).collect()
}

/// Moves match `id` from state `from` to `to`; false if it was not in `from`.
pub async fn change_state(conn: &mut AnyConnection, id: &str, from: &str, to: &str) -> sqlx::Result<bool> {
    let changed = sqlx::query("UPDATE team_matches SET state = $1 WHERE id = $2 AND state = $3")
        .bind(to)
        .bind(id)
        .bind(from)
        .execute(conn)
        .await?;
    Ok(changed.rows_affected() == 1)
}

/// Finishes match `id` with `outcome`; false if it was not being played.
pub async fn finish(conn: &mut AnyConnection, id: &str, outcome: &str) -> sqlx::Result<bool> {
    let changed = sqlx::query(
        "UPDATE team_matches SET state = 'finished', outcome = $1 WHERE id = $2 AND state = 'playing'",
    )
    .bind(outcome)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(changed.rows_affected() == 1)
}

/// Sets `side`'s line-up of match `id` (member ids, board 1 first), replacing any.
pub async fn set_line_up(
    conn: &mut AnyConnection,
    id: &str,
    side: &str,
    members: &[String],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM team_match_line_ups WHERE match_id = $1 AND side = $2")
        .bind(id)
        .bind(side)
        .execute(&mut *conn)
        .await?;
    for (board, member) in (1i64..).zip(members) {
        sqlx::query(
            "INSERT INTO team_match_line_ups (match_id, side, board, member_id) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(side)
        .bind(board)
        .bind(member)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// `side`'s line-up of match `id` (member ids, board 1 first); empty if its captain gave none.
pub async fn line_up(conn: &mut AnyConnection, id: &str, side: &str) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT member_id FROM team_match_line_ups WHERE match_id = $1 AND side = $2 ORDER BY board",
    )
    .bind(id)
    .bind(side)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|row| row.try_get("member_id")).collect()
}

/// Stores the boards of match `id`.
pub async fn insert_boards(conn: &mut AnyConnection, id: &str, boards: &[BoardRow]) -> sqlx::Result<()> {
    for b in boards {
        sqlx::query(
            "INSERT INTO team_match_boards (match_id, board, game_id, home_member, away_member, result)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(id)
        .bind(b.board)
        .bind(&b.game_id)
        .bind(&b.home_member)
        .bind(&b.away_member)
        .bind(&b.result)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The boards of match `id`, board 1 first.
pub async fn boards(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<BoardRow>> {
    let rows = sqlx::query(
        "SELECT board, game_id, home_member, away_member, result FROM team_match_boards
         WHERE match_id = $1 ORDER BY board",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(BoardRow {
                board: row.try_get("board")?,
                game_id: row.try_get("game_id")?,
                home_member: row.try_get("home_member")?,
                away_member: row.try_get("away_member")?,
                result: row.try_get("result")?,
            })
        })
        .collect()
}

/// Enters board `board`'s result of match `id`; false if it had one.
pub async fn record_result(
    conn: &mut AnyConnection,
    id: &str,
    board: i64,
    result: &str,
) -> sqlx::Result<bool> {
    let set = sqlx::query(
        "UPDATE team_match_boards SET result = $1 WHERE match_id = $2 AND board = $3 AND result IS NULL",
    )
    .bind(result)
    .bind(id)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(set.rows_affected() == 1)
}

/// A board whose game ended while the board has no result yet: (match, board, the game's
/// winner, reason and ply).
pub type Ended = (String, i64, Option<String>, Option<String>, i64);

/// The boards whose game ended and that have no result yet.
pub async fn ended(pool: &AnyPool) -> sqlx::Result<Vec<Ended>> {
    let rows = sqlx::query(
        "SELECT b.match_id, b.board, g.winner, g.reason, g.ply
         FROM team_match_boards b JOIN games g ON g.id = b.game_id
         WHERE b.result IS NULL AND g.status = 'over'",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("match_id")?,
                row.try_get("board")?,
                row.try_get("winner")?,
                row.try_get("reason")?,
                row.try_get("ply")?,
            ))
        })
        .collect()
}

/// The accepted matches whose start time has come.
pub async fn due_to_start(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT id FROM team_matches WHERE state = 'accepted' AND starts_at <= $1")
        .bind(now)
        .fetch_all(pool)
        .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}

/// The matches being played whose every board has its result.
pub async fn all_boards_in(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query(
        "SELECT m.id FROM team_matches m WHERE m.state = 'playing' AND NOT EXISTS
         (SELECT 1 FROM team_match_boards b WHERE b.match_id = m.id AND b.result IS NULL)",
    )
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}
