//! The tournament tables: tournaments, their players, pairings with results, and the log.

use crate::server::game::clock::now_ms;
use crate::server::storage::db::Backend;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, AnyPool, Row, Transaction};

/// The `member_id` of the log's entries made by the server itself (pairing, forfeits, the end).
pub const DIRECTOR: &str = "";

/// `withdrawn` of a player an admin removed (1: withdrawn by themselves, who may come back).
const REMOVED: i64 = 2;

/// A transaction that reads, then writes. On SQLite it takes the write lock at its start
/// (`BEGIN IMMEDIATE`, waiting its turn): a deferred one that read first would fail with
/// "database is locked" whenever another commit came before its first write.
pub async fn begin_writing(pool: &AnyPool, backend: Backend) -> sqlx::Result<Transaction<'static, Any>> {
    match backend {
        Backend::Sqlite => pool.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => pool.begin().await,
    }
}

/// A row of `tournaments`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// The id.
    pub id: String,
    /// The name shown.
    pub name: String,
    /// `swiss`, `round-robin`, `double-round-robin` or `arena`.
    pub format: String,
    /// The rounds to play (a round robin's are known at the start; an arena has none).
    pub rounds: i64,
    /// The rules text ("" for the default rules).
    pub rules: String,
    /// Whether the games count for ratings.
    pub rated: bool,
    /// A bye's worth, in quarter points.
    pub bye_quarters: i64,
    /// Each round a late entry missed, in quarter points.
    pub late_quarters: i64,
    /// `registering`, `running` or `finished`.
    pub state: String,
    /// The games' clock, as `games.clock` stores it.
    pub clock: String,
    /// How long a player may take over their first move before losing by forfeit (ms).
    pub no_show_ms: i64,
    /// When it starts by itself (ms); none: an admin starts it.
    pub starts_at: Option<i64>,
    /// An arena's length in minutes (0 for the other formats).
    pub minutes: i64,
    /// When a running arena stops pairing (ms).
    pub ends_at: Option<i64>,
    /// Whether pairing is paused.
    pub paused: bool,
    /// Whether its games are played on real boards, their results entered or reported.
    pub over_the_board: bool,
    /// Who may enter: `members` (no bots), `members-and-bots`, or `bots` (an engine match).
    pub entrants: String,
    /// A gauntlet's challenger, by name ("" for the other formats).
    pub challenger: String,
    /// The games a gauntlet's challenger plays against each other player (0 for the other
    /// formats).
    pub games_each: i64,
    /// The last round paired (0 before the first).
    pub round: i64,
    /// The member who created it.
    pub created_by: String,
    /// When (ms).
    pub created: i64,
}

const TOURNAMENT_COLUMNS: &str =
    "id, name, format, rounds, rules, rated, bye_quarters, late_quarters, state, \
     round, created_by, created, clock, no_show_ms, starts_at, minutes, ends_at, paused, over_the_board, \
     entrants, challenger, games_each";

fn tournament_of_row(row: &AnyRow) -> sqlx::Result<TournamentRow> {
    Ok(TournamentRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        format: row.try_get("format")?,
        rounds: row.try_get("rounds")?,
        rules: row.try_get("rules")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        bye_quarters: row.try_get("bye_quarters")?,
        late_quarters: row.try_get("late_quarters")?,
        state: row.try_get("state")?,
        round: row.try_get("round")?,
        created_by: row.try_get("created_by")?,
        created: row.try_get("created")?,
        clock: row.try_get("clock")?,
        no_show_ms: row.try_get("no_show_ms")?,
        starts_at: row.try_get("starts_at")?,
        minutes: row.try_get("minutes")?,
        ends_at: row.try_get("ends_at")?,
        paused: row.try_get::<i64, _>("paused")? == 1,
        over_the_board: row.try_get::<i64, _>("over_the_board")? == 1,
        entrants: row.try_get("entrants")?,
        challenger: row.try_get("challenger")?,
        games_each: row.try_get("games_each")?,
    })
}

/// A player of a tournament, with the member's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    /// The number in the tournament (1, 2, … in the order of registration).
    pub number: i64,
    /// The member.
    pub member_id: String,
    /// The member's name.
    pub name: String,
    /// Whether the member is a bot.
    pub bot: bool,
    /// The rating at registration.
    pub rating: i64,
    /// The rounds paired before registration.
    pub joined_round: i64,
    /// Whether the player has withdrawn (or was removed).
    pub withdrawn: bool,
    /// Whether an admin removed the player (who then cannot come back).
    pub removed: bool,
}

/// A board of a round (`blue` none: `red` has the bye), with its result once known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The round (from 1).
    pub round: i64,
    /// The board (from 1).
    pub board: i64,
    /// The Red player's number.
    pub red: i64,
    /// The Blue player's number.
    pub blue: Option<i64>,
    /// The result's text.
    pub result: Option<String>,
    /// The game played for the board (none for a bye).
    pub game_id: Option<String>,
    /// When the board was paired (ms).
    pub paired_at: i64,
}

/// A tournament's place in the list: the open ones (registering, running) first, then the
/// finished ones, the newest first in each, then by id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// Whether it is finished.
    pub finished: bool,
    /// When it was made (ms).
    pub created: i64,
    /// Its id.
    pub id: String,
}

impl Place {
    /// `row`'s place.
    pub fn of(row: &TournamentRow) -> Place {
        Place { finished: row.state == "finished", created: row.created, id: row.id.clone() }
    }
}

/// Stores a new tournament.
pub async fn insert(conn: &mut AnyConnection, t: &TournamentRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO tournaments ({TOURNAMENT_COLUMNS})
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
                 $21, $22)"
    ))
    .bind(&t.id)
    .bind(&t.name)
    .bind(&t.format)
    .bind(t.rounds)
    .bind(&t.rules)
    .bind(i64::from(t.rated))
    .bind(t.bye_quarters)
    .bind(t.late_quarters)
    .bind(&t.state)
    .bind(t.round)
    .bind(&t.created_by)
    .bind(t.created)
    .bind(&t.clock)
    .bind(t.no_show_ms)
    .bind(t.starts_at)
    .bind(t.minutes)
    .bind(t.ends_at)
    .bind(i64::from(t.paused))
    .bind(i64::from(t.over_the_board))
    .bind(&t.entrants)
    .bind(&t.challenger)
    .bind(t.games_each)
    .execute(conn)
    .await?;
    Ok(())
}

/// The tournament `id`, if any.
pub async fn get(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<TournamentRow>> {
    let row = sqlx::query(&format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(tournament_of_row).transpose()
}

/// Up to `limit` tournaments after `after` (none: from the first) in the order of their
/// [`Place`]s, each with its number of players still in.
pub async fn list(
    pool: &AnyPool,
    after: Option<&Place>,
    limit: i64,
) -> sqlx::Result<Vec<(TournamentRow, i64)>> {
    // Before every place: (-1, …) is less than any (0 or 1, …).
    let (finished, created, id) =
        after.map_or((-1, 0, ""), |place| (i64::from(place.finished), place.created, &place.id));
    let rows = sqlx::query(&format!(
        "SELECT {TOURNAMENT_COLUMNS}, (SELECT COUNT(*) FROM tournament_players p
           WHERE p.tournament_id = tournaments.id AND p.withdrawn = 0) AS players
         FROM tournaments
         WHERE ({FINISHED_LAST}, -created, id) > ($1, $2, $3)
         ORDER BY {FINISHED_LAST}, created DESC, id LIMIT $4"
    ))
    .bind(finished)
    .bind(-created)
    .bind(id)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    rows.iter().map(|row| Ok((tournament_of_row(row)?, row.try_get("players")?))).collect()
}

/// 1 for a finished tournament, 0 for an open one: the list's first key.
const FINISHED_LAST: &str = "CASE WHEN state = 'finished' THEN 1 ELSE 0 END";

/// How many tournaments member `member_id` made that are not finished yet.
pub async fn unfinished_made_by(conn: &mut AnyConnection, member_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM tournaments WHERE created_by = $1 AND state <> 'finished'")
        .bind(member_id)
        .fetch_one(conn)
        .await
}

/// The players of tournament `id`, by number.
pub async fn players(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<PlayerRow>> {
    let rows = sqlx::query(
        "SELECT p.number, p.member_id, m.name, m.bot, p.rating, p.joined_round, p.withdrawn
         FROM tournament_players p JOIN members m ON m.id = p.member_id
         WHERE p.tournament_id = $1 ORDER BY p.number",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(PlayerRow {
                number: row.try_get("number")?,
                member_id: row.try_get("member_id")?,
                name: row.try_get("name")?,
                bot: row.try_get::<i64, _>("bot")? != 0,
                rating: row.try_get("rating")?,
                joined_round: row.try_get("joined_round")?,
                withdrawn: row.try_get::<i64, _>("withdrawn")? != 0,
                removed: row.try_get::<i64, _>("withdrawn")? == REMOVED,
            })
        })
        .collect()
}

/// The pairings of tournament `id`, by round and board.
pub async fn pairings(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<PairingRow>> {
    let rows = sqlx::query(
        "SELECT round, board, red, blue, result, game_id, paired_at FROM tournament_pairings
         WHERE tournament_id = $1 ORDER BY round, board",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(PairingRow {
                round: row.try_get("round")?,
                board: row.try_get("board")?,
                red: row.try_get("red")?,
                blue: row.try_get("blue")?,
                result: row.try_get("result")?,
                game_id: row.try_get("game_id")?,
                paired_at: row.try_get("paired_at")?,
            })
        })
        .collect()
}

/// Registers `member_id` in tournament `id` after `joined_round` rounds, with `rating`: their
/// number, or None if they are in already.
pub async fn register(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    rating: i64,
    joined_round: i64,
) -> sqlx::Result<Option<i64>> {
    // The next number; two registrations at once may pick the same one: the loser retries.
    for _ in 0..8 {
        let done = sqlx::query(
            "INSERT INTO tournament_players (tournament_id, number, member_id, rating, joined_round, withdrawn)
             SELECT $1, COALESCE(MAX(number), 0) + 1, $2, $3, $4, 0 FROM tournament_players WHERE tournament_id = $1
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(member_id)
        .bind(rating)
        .bind(joined_round)
        .execute(&mut *conn)
        .await?;
        let row =
            sqlx::query("SELECT number FROM tournament_players WHERE tournament_id = $1 AND member_id = $2")
                .bind(id)
                .bind(member_id)
                .fetch_optional(&mut *conn)
                .await?;
        match (done.rows_affected(), row) {
            (1, Some(row)) => return Ok(Some(row.try_get("number")?)),
            (_, Some(_)) => return Ok(None),
            _ => {}
        }
    }
    Err(sqlx::Error::Protocol("no free player number after 8 tries".into()))
}

/// Withdraws `member_id` from tournament `id` (`withdrawn`), or brings them back: false if
/// they were so already.
pub async fn set_withdrawn(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    withdrawn: bool,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn = $1 WHERE tournament_id = $2 AND member_id = $3 AND withdrawn = $4",
    )
    .bind(i64::from(withdrawn))
    .bind(id)
    .bind(member_id)
    .bind(i64::from(!withdrawn))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Moves tournament `id` from state `from` to `to` (round robin: with its number of rounds);
/// false if it was not in `from` (another request was first).
pub async fn change_state(
    conn: &mut AnyConnection,
    id: &str,
    from: &str,
    to: &str,
    rounds: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE tournaments SET state = $1, rounds = $2 WHERE id = $3 AND state = $4")
        .bind(to)
        .bind(rounds)
        .bind(id)
        .bind(from)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes the right to pair round `after + 1` of running tournament `id`: the one conditional
/// UPDATE that makes a round paired once, whichever instance asks. Being a write, it is the
/// transaction's first lock (SQLite) and waits for any other claim to end (PostgreSQL).
pub async fn claim_round(conn: &mut AnyConnection, id: &str, after: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET round = round + 1 WHERE id = $1 AND round = $2 AND state = 'running'",
    )
    .bind(id)
    .bind(after)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Stores the boards of a round.
pub async fn insert_pairings(conn: &mut AnyConnection, id: &str, boards: &[PairingRow]) -> sqlx::Result<()> {
    for board in boards {
        sqlx::query(
            "INSERT INTO tournament_pairings (tournament_id, round, board, red, blue, result, game_id, paired_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(board.round)
        .bind(board.board)
        .bind(board.red)
        .bind(board.blue)
        .bind(board.result.as_deref())
        .bind(board.game_id.as_deref())
        .bind(board.paired_at)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Sets the result of a board; the result it replaces, or None if there is no such game.
pub async fn set_result(
    conn: &mut AnyConnection,
    id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> sqlx::Result<Option<Option<String>>> {
    let row = sqlx::query(
        "SELECT result FROM tournament_pairings
         WHERE tournament_id = $1 AND round = $2 AND board = $3 AND blue IS NOT NULL",
    )
    .bind(id)
    .bind(round)
    .bind(board)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let before: Option<String> = row.try_get("result")?;
    sqlx::query(
        "UPDATE tournament_pairings SET result = $1 WHERE tournament_id = $2 AND round = $3 AND board = $4",
    )
    .bind(result)
    .bind(id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(Some(before))
}

/// Notes in the log that `member_id` did `action` (`detail` says more); [`DIRECTOR`] for what
/// the server did by itself.
pub async fn log(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    action: &str,
    detail: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tournament_log (tournament_id, at, member_id, action, detail) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(now_ms())
    .bind(member_id)
    .bind(action)
    .bind(detail)
    .execute(conn)
    .await?;
    Ok(())
}

/// The log of tournament `id`, oldest first: when, who (their name; none for the server's
/// director), what, and details.
pub async fn log_entries(
    pool: &AnyPool,
    id: &str,
) -> sqlx::Result<Vec<(i64, Option<String>, String, String)>> {
    let rows = sqlx::query(
        "SELECT l.at, m.name, l.action, l.detail FROM tournament_log l LEFT JOIN members m ON m.id = l.member_id
         WHERE l.tournament_id = $1 ORDER BY l.at, l.action",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((row.try_get("at")?, row.try_get("name")?, row.try_get("action")?, row.try_get("detail")?))
        })
        .collect()
}

/// Removes player `number` from tournament `id` (they cannot come back); their member id, or
/// None if there is no such player or they were removed already.
pub async fn remove(conn: &mut AnyConnection, id: &str, number: i64) -> sqlx::Result<Option<String>> {
    let done = sqlx::query(
        "UPDATE tournament_players SET withdrawn = $1 WHERE tournament_id = $2 AND number = $3 AND withdrawn <> $1",
    )
    .bind(REMOVED)
    .bind(id)
    .bind(number)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    let row =
        sqlx::query("SELECT member_id FROM tournament_players WHERE tournament_id = $1 AND number = $2")
            .bind(id)
            .bind(number)
            .fetch_one(conn)
            .await?;
    row.try_get("member_id").map(Some)
}

/// Sets the result of a board that has none; false if it had one (another instance, or an
/// admin, was first).
pub async fn record_result(
    conn: &mut AnyConnection,
    id: &str,
    round: i64,
    board: i64,
    result: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournament_pairings SET result = $1
         WHERE tournament_id = $2 AND round = $3 AND board = $4 AND result IS NULL",
    )
    .bind(result)
    .bind(id)
    .bind(round)
    .bind(board)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Pauses (or resumes) tournament `id` unless it is over; false if nothing changed.
pub async fn set_paused(conn: &mut AnyConnection, id: &str, paused: bool) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET paused = $1 WHERE id = $2 AND paused <> $1 AND state <> 'finished'",
    )
    .bind(i64::from(paused))
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Finishes tournament `id`, whatever its state; false if it was finished already.
pub async fn finish(conn: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE tournaments SET state = 'finished' WHERE id = $1 AND state <> 'finished'")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets when running arena `id` stops pairing.
pub async fn set_ends_at(conn: &mut AnyConnection, id: &str, ends_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournaments SET ends_at = $1 WHERE id = $2")
        .bind(ends_at)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores the settings of tournament `id` from `t` while it is registering; false if it is not.
pub async fn set_settings(conn: &mut AnyConnection, id: &str, t: &TournamentRow) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE tournaments SET name = $1, format = $2, rounds = $3, rules = $4, rated = $5, bye_quarters = $6,
         late_quarters = $7, clock = $8, no_show_ms = $9, starts_at = $10, minutes = $11, over_the_board = $12,
         entrants = $13, challenger = $14, games_each = $15
         WHERE id = $16 AND state = 'registering'",
    )
    .bind(&t.name)
    .bind(&t.format)
    .bind(t.rounds)
    .bind(&t.rules)
    .bind(i64::from(t.rated))
    .bind(t.bye_quarters)
    .bind(t.late_quarters)
    .bind(&t.clock)
    .bind(t.no_show_ms)
    .bind(t.starts_at)
    .bind(t.minutes)
    .bind(i64::from(t.over_the_board))
    .bind(&t.entrants)
    .bind(&t.challenger)
    .bind(t.games_each)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets the rating tournament `id` seeds `member_id` by.
pub async fn set_rating(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    rating: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE tournament_players SET rating = $1 WHERE tournament_id = $2 AND member_id = $3")
        .bind(rating)
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The ids of the tournaments still registering whose start time has come.
pub async fn due_to_start(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<String>> {
    let rows =
        sqlx::query("SELECT id FROM tournaments WHERE state = 'registering' AND starts_at IS NOT NULL AND starts_at <= $1")
            .bind(now)
            .fetch_all(pool)
            .await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}

/// The running tournaments.
pub async fn running(pool: &AnyPool) -> sqlx::Result<Vec<TournamentRow>> {
    let rows = sqlx::query(&format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state = 'running'"))
        .fetch_all(pool)
        .await?;
    rows.iter().map(tournament_of_row).collect()
}
