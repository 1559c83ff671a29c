//! The leagues' tables (`leagues`, `league_members`, `league_seasons`, `league_placements`,
//! `league_pairings`): rows in and out. Every change a second instance could make too is a
//! conditional write that says whether it changed anything.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

pub use crate::server::tournaments::tables::begin_writing;

/// A row of `leagues`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeagueRow {
    /// The id.
    pub id: String,
    /// The name shown.
    pub name: String,
    /// The rules text ("" for the default rules).
    pub rules: String,
    /// The games' clock, as `games.clock` stores it.
    pub clock: String,
    /// Whether the games count for ratings.
    pub rated: bool,
    /// Players per division when placed by rating.
    pub division_size: i64,
    /// How many of each division but the first go up at the end of a season.
    pub promote: i64,
    /// How many of each division but the last go down.
    pub relegate: i64,
    /// Each round's window (ms).
    pub window_ms: i64,
    /// 1, or 2 for a double round robin.
    pub cycles: i64,
    /// `open`, `drafted`, `running` or `over`.
    pub state: String,
    /// The latest season drafted (0 before the first).
    pub season: i64,
    /// The member who created it.
    pub created_by: String,
    /// When (ms).
    pub created: i64,
}

const LEAGUE_COLUMNS: &str = "id, name, rules, clock, rated, division_size, promote, relegate, window_ms, \
     cycles, state, season, created_by, created";

fn league_of_row(row: &AnyRow) -> sqlx::Result<LeagueRow> {
    Ok(LeagueRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        rules: row.try_get("rules")?,
        clock: row.try_get("clock")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        division_size: row.try_get("division_size")?,
        promote: row.try_get("promote")?,
        relegate: row.try_get("relegate")?,
        window_ms: row.try_get("window_ms")?,
        cycles: row.try_get("cycles")?,
        state: row.try_get("state")?,
        season: row.try_get("season")?,
        created_by: row.try_get("created_by")?,
        created: row.try_get("created")?,
    })
}

/// A member placed in a season's division, with their name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The member.
    pub member_id: String,
    /// The member's name.
    pub name: String,
    /// The division, from 1 (the top).
    pub division: i64,
    /// The order in the division, from 1.
    pub seed: i64,
    /// The rating when placed.
    pub rating: i64,
    /// Whether they withdrew.
    pub withdrawn: bool,
}

/// A pairing of a season, with its game and result once known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The division, from 1.
    pub division: i64,
    /// The round, from 1.
    pub round: i64,
    /// The board in the round, from 1.
    pub board: i64,
    /// The member on Red.
    pub red: String,
    /// The member on Blue.
    pub blue: String,
    /// When the game may be started (ms).
    pub opens_at: i64,
    /// When an unplayed pairing is forfeited (ms).
    pub deadline: i64,
    /// The member who started the game.
    pub started_by: Option<String>,
    /// The game.
    pub game_id: Option<String>,
    /// The result's text.
    pub result: Option<String>,
}

/// Where a pairing is: league, season, division, round, board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingKey {
    /// The league.
    pub league_id: String,
    /// The season.
    pub season: i64,
    /// The division.
    pub division: i64,
    /// The round.
    pub round: i64,
    /// The board.
    pub board: i64,
}

const KEY_WHERE: &str = "league_id = $1 AND season = $2 AND division = $3 AND round = $4 AND board = $5";

fn bind_key<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    key: &'q PairingKey,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query.bind(&key.league_id).bind(key.season).bind(key.division).bind(key.round).bind(key.board)
}

/// Stores a new league.
pub async fn insert(conn: &mut AnyConnection, league: &LeagueRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO leagues ({LEAGUE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    ))
    .bind(&league.id)
    .bind(&league.name)
    .bind(&league.rules)
    .bind(&league.clock)
    .bind(i64::from(league.rated))
    .bind(league.division_size)
    .bind(league.promote)
    .bind(league.relegate)
    .bind(league.window_ms)
    .bind(league.cycles)
    .bind(&league.state)
    .bind(league.season)
    .bind(&league.created_by)
    .bind(league.created)
    .execute(conn)
    .await?;
    Ok(())
}

/// League `id`, if any.
pub async fn get(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<LeagueRow>> {
    let row = sqlx::query(&format!("SELECT {LEAGUE_COLUMNS} FROM leagues WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(league_of_row).transpose()
}

/// The newest `limit` leagues, newest first.
pub async fn newest(pool: &AnyPool, limit: i64) -> sqlx::Result<Vec<LeagueRow>> {
    let rows =
        sqlx::query(&format!("SELECT {LEAGUE_COLUMNS} FROM leagues ORDER BY created DESC, id LIMIT $1"))
            .bind(limit)
            .fetch_all(pool)
            .await?;
    rows.iter().map(league_of_row).collect()
}

/// The leagues whose season is being played.
pub async fn running(pool: &AnyPool) -> sqlx::Result<Vec<LeagueRow>> {
    let rows = sqlx::query(&format!("SELECT {LEAGUE_COLUMNS} FROM leagues WHERE state = 'running'"))
        .fetch_all(pool)
        .await?;
    rows.iter().map(league_of_row).collect()
}

/// How many leagues `member_id` made that are not over.
pub async fn unfinished_made_by(conn: &mut AnyConnection, member_id: &str) -> sqlx::Result<i64> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM leagues WHERE created_by = $1 AND state <> 'over'")
        .bind(member_id)
        .fetch_one(conn)
        .await?;
    row.try_get("n")
}

/// Moves league `id` from `from` to `to` at season `season` (the next season when drafting);
/// false if it was not in `from` at `expected` (another instance or request did it first).
pub async fn change_state(
    conn: &mut AnyConnection,
    id: &str,
    (from, expected): (&str, i64),
    (to, season): (&str, i64),
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE leagues SET state = $1, season = $2 WHERE id = $3 AND state = $4 AND season = $5",
    )
    .bind(to)
    .bind(season)
    .bind(id)
    .bind(from)
    .bind(expected)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Adds `member_id` to the league's members; false if they were in it.
pub async fn join(conn: &mut AnyConnection, id: &str, member_id: &str, at: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO league_members (league_id, member_id, joined) VALUES ($1, $2, $3)
         ON CONFLICT (league_id, member_id) DO NOTHING",
    )
    .bind(id)
    .bind(member_id)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `member_id` out of the league's members; false if they were not in it.
pub async fn leave(conn: &mut AnyConnection, id: &str, member_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM league_members WHERE league_id = $1 AND member_id = $2")
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The league's members (id, name), in the order they joined.
pub async fn members(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT l.member_id, m.name FROM league_members l JOIN members m ON m.id = l.member_id
         WHERE l.league_id = $1 ORDER BY l.joined, l.member_id",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(|row| Ok((row.try_get("member_id")?, row.try_get("name")?))).collect()
}

/// Notes season `season` of league `id`, drafted (not started).
pub async fn insert_season(conn: &mut AnyConnection, id: &str, season: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO league_seasons (league_id, season, started_at) VALUES ($1, $2, NULL)")
        .bind(id)
        .bind(season)
        .execute(conn)
        .await?;
    Ok(())
}

/// When season `season` of league `id` started, if it did.
pub async fn started_at(conn: &mut AnyConnection, id: &str, season: i64) -> sqlx::Result<Option<i64>> {
    let row = sqlx::query("SELECT started_at FROM league_seasons WHERE league_id = $1 AND season = $2")
        .bind(id)
        .bind(season)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|row| row.try_get::<Option<i64>, _>("started_at")).transpose()?.flatten())
}

/// Notes that season `season` of league `id` started at `at`.
pub async fn set_started(conn: &mut AnyConnection, id: &str, season: i64, at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE league_seasons SET started_at = $1 WHERE league_id = $2 AND season = $3")
        .bind(at)
        .bind(id)
        .bind(season)
        .execute(conn)
        .await?;
    Ok(())
}

/// Places `member_id` in `division` at `seed` of season `season` of league `id`.
pub async fn place(
    conn: &mut AnyConnection,
    id: &str,
    season: i64,
    member_id: &str,
    (division, seed, rating): (i64, i64, i64),
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO league_placements (league_id, season, member_id, division, seed, rating, withdrawn)
         VALUES ($1, $2, $3, $4, $5, $6, 0)",
    )
    .bind(id)
    .bind(season)
    .bind(member_id)
    .bind(division)
    .bind(seed)
    .bind(rating)
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves `member_id` to the end of `division` of season `season`; false if not placed in it.
pub async fn move_to(
    conn: &mut AnyConnection,
    id: &str,
    season: i64,
    member_id: &str,
    division: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE league_placements SET division = $1,
            seed = (SELECT COALESCE(MAX(seed), 0) + 1 FROM league_placements
                    WHERE league_id = $2 AND season = $3 AND division = $1)
         WHERE league_id = $2 AND season = $3 AND member_id = $4",
    )
    .bind(division)
    .bind(id)
    .bind(season)
    .bind(member_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `member_id` out of season `season` (drafted, not started); false if not placed.
pub async fn unplace(conn: &mut AnyConnection, id: &str, season: i64, member_id: &str) -> sqlx::Result<bool> {
    let done =
        sqlx::query("DELETE FROM league_placements WHERE league_id = $1 AND season = $2 AND member_id = $3")
            .bind(id)
            .bind(season)
            .bind(member_id)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Notes that `member_id` withdrew from season `season`; false if they had, or are not in it.
pub async fn withdraw(
    conn: &mut AnyConnection,
    id: &str,
    season: i64,
    member_id: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE league_placements SET withdrawn = 1
         WHERE league_id = $1 AND season = $2 AND member_id = $3 AND withdrawn = 0",
    )
    .bind(id)
    .bind(season)
    .bind(member_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The placements of season `season` of league `id`, by division and seed.
pub async fn placements(conn: &mut AnyConnection, id: &str, season: i64) -> sqlx::Result<Vec<Placement>> {
    let rows = sqlx::query(
        "SELECT p.member_id, m.name, p.division, p.seed, p.rating, p.withdrawn
         FROM league_placements p JOIN members m ON m.id = p.member_id
         WHERE p.league_id = $1 AND p.season = $2 ORDER BY p.division, p.seed, p.member_id",
    )
    .bind(id)
    .bind(season)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Placement {
                member_id: row.try_get("member_id")?,
                name: row.try_get("name")?,
                division: row.try_get("division")?,
                seed: row.try_get("seed")?,
                rating: row.try_get("rating")?,
                withdrawn: row.try_get::<i64, _>("withdrawn")? == 1,
            })
        })
        .collect()
}

/// Stores the pairings of season `season` of league `id`.
pub async fn insert_pairings(
    conn: &mut AnyConnection,
    id: &str,
    season: i64,
    pairings: &[PairingRow],
) -> sqlx::Result<()> {
    for p in pairings {
        sqlx::query(
            "INSERT INTO league_pairings (league_id, season, division, round, board, red, blue, opens_at,
                deadline, started_by, game_id, result)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, NULL)",
        )
        .bind(id)
        .bind(season)
        .bind(p.division)
        .bind(p.round)
        .bind(p.board)
        .bind(&p.red)
        .bind(&p.blue)
        .bind(p.opens_at)
        .bind(p.deadline)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

const PAIRING_COLUMNS: &str =
    "division, round, board, red, blue, opens_at, deadline, started_by, game_id, result";

fn pairing_of_row(row: &AnyRow) -> sqlx::Result<PairingRow> {
    Ok(PairingRow {
        division: row.try_get("division")?,
        round: row.try_get("round")?,
        board: row.try_get("board")?,
        red: row.try_get("red")?,
        blue: row.try_get("blue")?,
        opens_at: row.try_get("opens_at")?,
        deadline: row.try_get("deadline")?,
        started_by: row.try_get("started_by")?,
        game_id: row.try_get("game_id")?,
        result: row.try_get("result")?,
    })
}

/// The pairings of season `season` of league `id`, by division, round and board.
pub async fn pairings(conn: &mut AnyConnection, id: &str, season: i64) -> sqlx::Result<Vec<PairingRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {PAIRING_COLUMNS} FROM league_pairings WHERE league_id = $1 AND season = $2
         ORDER BY division, round, board"
    ))
    .bind(id)
    .bind(season)
    .fetch_all(conn)
    .await?;
    rows.iter().map(pairing_of_row).collect()
}

/// One pairing, if there is one at `key`.
pub async fn pairing(conn: &mut AnyConnection, key: &PairingKey) -> sqlx::Result<Option<PairingRow>> {
    let sql = format!("SELECT {PAIRING_COLUMNS} FROM league_pairings WHERE {KEY_WHERE}");
    let row = bind_key(sqlx::query(&sql), key).fetch_optional(conn).await?;
    row.as_ref().map(pairing_of_row).transpose()
}

/// Gives the pairing at `key` its game, started by `member_id`; false if it has one (or a result).
pub async fn set_game(
    conn: &mut AnyConnection,
    key: &PairingKey,
    member_id: &str,
    game_id: &str,
) -> sqlx::Result<bool> {
    let sql = format!(
        "UPDATE league_pairings SET started_by = $6, game_id = $7
         WHERE {KEY_WHERE} AND game_id IS NULL AND result IS NULL"
    );
    let done = bind_key(sqlx::query(&sql), key).bind(member_id).bind(game_id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Enters the result of the pairing at `key` unless it has one; false if it had.
pub async fn record_result(conn: &mut AnyConnection, key: &PairingKey, result: &str) -> sqlx::Result<bool> {
    let sql = format!("UPDATE league_pairings SET result = $6 WHERE {KEY_WHERE} AND result IS NULL");
    let done = bind_key(sqlx::query(&sql), key).bind(result).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Sets the result of the pairing at `key`, whatever it was (the director's word); false if
/// there is no such pairing.
pub async fn set_result(conn: &mut AnyConnection, key: &PairingKey, result: &str) -> sqlx::Result<bool> {
    let sql = format!("UPDATE league_pairings SET result = $6 WHERE {KEY_WHERE}");
    let done = bind_key(sqlx::query(&sql), key).bind(result).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// A league pairing whose game ended while it has no result, with the game's result.
pub struct Ended {
    /// The pairing.
    pub key: PairingKey,
    /// Its result, from the game's end.
    pub result: &'static str,
}

/// The league pairings whose game ended and which have no result yet.
pub async fn ended(pool: &AnyPool) -> sqlx::Result<Vec<Ended>> {
    let rows = sqlx::query(
        "SELECT p.league_id, p.season, p.division, p.round, p.board, g.winner, g.reason, g.ply
         FROM league_pairings p JOIN games g ON g.id = p.game_id
         WHERE p.result IS NULL AND g.status = 'over'",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let winner: Option<String> = row.try_get("winner")?;
            let reason: Option<String> = row.try_get("reason")?;
            Ok(Ended {
                key: key_of_row(row)?,
                result: crate::server::tournaments::ledger::result_of_game(
                    winner.as_deref(),
                    reason.as_deref().unwrap_or(""),
                    row.try_get("ply")?,
                ),
            })
        })
        .collect()
}

fn key_of_row(row: &AnyRow) -> sqlx::Result<PairingKey> {
    Ok(PairingKey {
        league_id: row.try_get("league_id")?,
        season: row.try_get("season")?,
        division: row.try_get("division")?,
        round: row.try_get("round")?,
        board: row.try_get("board")?,
    })
}

/// A pairing past its deadline without a result: its game (if one was started) and how far
/// that game went.
pub struct Overdue {
    /// The pairing.
    pub key: PairingKey,
    /// Its game, if started.
    pub game_id: Option<String>,
    /// The plies played in the game (0 without one).
    pub ply: i64,
}

/// The pairings of running leagues past their deadline at `now` without a result.
pub async fn overdue(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<Overdue>> {
    let rows = sqlx::query(
        "SELECT p.league_id, p.season, p.division, p.round, p.board, p.game_id, g.ply
         FROM league_pairings p JOIN leagues l ON l.id = p.league_id AND l.season = p.season
         LEFT JOIN games g ON g.id = p.game_id
         WHERE p.result IS NULL AND p.deadline <= $1 AND l.state = 'running'",
    )
    .bind(now)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Overdue {
                key: key_of_row(row)?,
                game_id: row.try_get("game_id")?,
                ply: row.try_get::<Option<i64>, _>("ply")?.unwrap_or(0),
            })
        })
        .collect()
}
