//! The cups' tables: a cup, its players, the matches of its bracket and their games. Each
//! change that two instances could both try is one conditional write (an insert that finds its
//! primary key taken, an update that finds its row changed), and says whether it was this one.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};

/// A row of `cups`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CupRow {
    pub id: String,
    pub name: String,
    /// The rules' text.
    pub rules: String,
    /// The clock's text (`ClockSpec::to_text`).
    pub clock: String,
    /// The tie-break games' clock's text.
    pub tie_break_clock: String,
    /// A match is the best of this many games.
    pub games: i64,
    /// `extra-games` or `armageddon`.
    pub tie_break: String,
    pub rated: bool,
    /// The time a match has from its pairing to its deadline (ms).
    pub round_ms: i64,
    /// `registering`, `running` or `finished`.
    pub state: String,
    /// The winner's seed, once finished.
    pub winner: Option<i64>,
    pub created_by: String,
    pub created: i64,
}

const CUP_COLUMNS: &str =
    "id, name, rules, clock, tie_break_clock, games, tie_break, rated, round_ms, state, \
                           winner, created_by, created";

fn cup_of_row(row: &AnyRow) -> sqlx::Result<CupRow> {
    Ok(CupRow {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        rules: row.try_get("rules")?,
        clock: row.try_get("clock")?,
        tie_break_clock: row.try_get("tie_break_clock")?,
        games: row.try_get("games")?,
        tie_break: row.try_get("tie_break")?,
        rated: row.try_get::<i64, _>("rated")? == 1,
        round_ms: row.try_get("round_ms")?,
        state: row.try_get("state")?,
        winner: row.try_get("winner")?,
        created_by: row.try_get("created_by")?,
        created: row.try_get("created")?,
    })
}

/// A player of a cup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub member_id: String,
    /// The member's name when they joined.
    pub name: String,
    /// Their rating in the cup's category (at the start, once started).
    pub rating: i64,
    /// Their lot, for equal ratings.
    pub lot: i64,
    /// Their seed, from the start.
    pub seed: Option<i64>,
    pub withdrawn: bool,
}

/// A match of a cup's bracket; `top`, `bottom` and `winner` are seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    /// The round, from 1.
    pub round: i64,
    /// The match in its round, from 0.
    pub slot: i64,
    pub top: i64,
    /// None: `top` has a bye.
    pub bottom: Option<i64>,
    /// Its lots (`competitions::cup::Lots::from_bits`).
    pub lots: i64,
    pub paired_at: i64,
    pub deadline: i64,
    pub winner: Option<i64>,
    /// `games`, `bye`, `withdrawn`, `deadline` or `desk`.
    pub decided_by: Option<String>,
}

/// A game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub round: i64,
    pub slot: i64,
    /// From 0, in the order played.
    pub number: i64,
    pub game_id: String,
    /// `top` or `bottom`: the side on Red.
    pub red: String,
    /// Played with the tie-break clock.
    pub tie_break: bool,
    /// The result's text, once known.
    pub result: Option<String>,
}

/// Stores a new cup.
pub async fn insert(conn: &mut AnyConnection, cup: &CupRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO cups ({CUP_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
    ))
    .bind(&cup.id)
    .bind(&cup.name)
    .bind(&cup.rules)
    .bind(&cup.clock)
    .bind(&cup.tie_break_clock)
    .bind(cup.games)
    .bind(&cup.tie_break)
    .bind(i64::from(cup.rated))
    .bind(cup.round_ms)
    .bind(&cup.state)
    .bind(cup.winner)
    .bind(&cup.created_by)
    .bind(cup.created)
    .execute(conn)
    .await?;
    Ok(())
}

/// Cup `id`, if any.
pub async fn get(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<CupRow>> {
    let row = sqlx::query(&format!("SELECT {CUP_COLUMNS} FROM cups WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(cup_of_row).transpose()
}

/// Every cup, the open ones first, the newest first.
pub async fn list(pool: &AnyPool) -> sqlx::Result<Vec<CupRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {CUP_COLUMNS} FROM cups ORDER BY CASE WHEN state = 'finished' THEN 1 ELSE 0 END, created DESC, id"
    ))
    .fetch_all(pool)
    .await?;
    rows.iter().map(cup_of_row).collect()
}

/// The ids of the running cups.
pub async fn running(pool: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows = sqlx::query("SELECT id FROM cups WHERE state = 'running'").fetch_all(pool).await?;
    rows.iter().map(|row| row.try_get("id")).collect()
}

/// The cups not finished that `member_id` made.
pub async fn unfinished_made_by(conn: &mut AnyConnection, member_id: &str) -> sqlx::Result<i64> {
    let row = sqlx::query("SELECT COUNT(*) AS n FROM cups WHERE created_by = $1 AND state <> 'finished'")
        .bind(member_id)
        .fetch_one(conn)
        .await?;
    row.try_get("n")
}

/// Moves cup `id` from state `from` to `to` (with its winner's seed); false if it was not in
/// `from` (another instance or request did it).
pub async fn change_state(
    conn: &mut AnyConnection,
    id: &str,
    from: &str,
    to: &str,
    winner: Option<i64>,
) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE cups SET state = $1, winner = $2 WHERE id = $3 AND state = $4")
        .bind(to)
        .bind(winner)
        .bind(id)
        .bind(from)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The players of cup `id`, by seed once seeded.
pub async fn players(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<PlayerRow>> {
    let rows = sqlx::query(
        "SELECT member_id, name, rating, lot, seed, withdrawn FROM cup_players WHERE cup_id = $1
         ORDER BY seed, rating DESC, lot",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(PlayerRow {
                member_id: row.try_get("member_id")?,
                name: row.try_get("name")?,
                rating: row.try_get("rating")?,
                lot: row.try_get("lot")?,
                seed: row.try_get("seed")?,
                withdrawn: row.try_get::<i64, _>("withdrawn")? == 1,
            })
        })
        .collect()
}

/// Enters `player` in cup `id`; false if they are in already.
pub async fn join(conn: &mut AnyConnection, id: &str, player: &PlayerRow) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO cup_players (cup_id, member_id, name, rating, lot, seed, withdrawn)
         VALUES ($1, $2, $3, $4, $5, NULL, 0) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(&player.member_id)
    .bind(&player.name)
    .bind(player.rating)
    .bind(player.lot)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes `member_id` out of cup `id` before its start; false if they were not in.
pub async fn leave(conn: &mut AnyConnection, id: &str, member_id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM cup_players WHERE cup_id = $1 AND member_id = $2 AND seed IS NULL")
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Marks the player of `seed` withdrawn from cup `id`; false if they were already.
pub async fn withdraw(conn: &mut AnyConnection, id: &str, seed: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE cup_players SET withdrawn = 1 WHERE cup_id = $1 AND seed = $2 AND withdrawn = 0")
            .bind(id)
            .bind(seed)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives `member_id` of cup `id` their seed and their rating at the start.
pub async fn set_seed(
    conn: &mut AnyConnection,
    id: &str,
    member_id: &str,
    seed: i64,
    rating: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE cup_players SET seed = $1, rating = $2 WHERE cup_id = $3 AND member_id = $4")
        .bind(seed)
        .bind(rating)
        .bind(id)
        .bind(member_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The matches of cup `id`, round by round.
pub async fn matches(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<MatchRow>> {
    let rows = sqlx::query(
        "SELECT round, slot, top, bottom, lots, paired_at, deadline, winner, decided_by FROM cup_matches
         WHERE cup_id = $1 ORDER BY round, slot",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(MatchRow {
                round: row.try_get("round")?,
                slot: row.try_get("slot")?,
                top: row.try_get("top")?,
                bottom: row.try_get("bottom")?,
                lots: row.try_get("lots")?,
                paired_at: row.try_get("paired_at")?,
                deadline: row.try_get("deadline")?,
                winner: row.try_get("winner")?,
                decided_by: row.try_get("decided_by")?,
            })
        })
        .collect()
}

/// Stores match `m` of cup `id`; false if it was stored already.
pub async fn insert_match(conn: &mut AnyConnection, id: &str, m: &MatchRow) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO cup_matches (cup_id, round, slot, top, bottom, lots, paired_at, deadline, winner, decided_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(m.round)
    .bind(m.slot)
    .bind(m.top)
    .bind(m.bottom)
    .bind(m.lots)
    .bind(m.paired_at)
    .bind(m.deadline)
    .bind(m.winner)
    .bind(&m.decided_by)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Decides match (`round`, `slot`) of cup `id` for the seed `winner`, `by` what; false if it
/// was decided already.
pub async fn decide(
    conn: &mut AnyConnection,
    id: &str,
    (round, slot): (i64, i64),
    winner: i64,
    by: &str,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE cup_matches SET winner = $1, decided_by = $2
         WHERE cup_id = $3 AND round = $4 AND slot = $5 AND winner IS NULL",
    )
    .bind(winner)
    .bind(by)
    .bind(id)
    .bind(round)
    .bind(slot)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The games of cup `id`'s matches, in order.
pub async fn games(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<GameRow>> {
    let rows = sqlx::query(
        "SELECT round, slot, number, game_id, red, tie_break, result FROM cup_games WHERE cup_id = $1
         ORDER BY round, slot, number",
    )
    .bind(id)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(GameRow {
                round: row.try_get("round")?,
                slot: row.try_get("slot")?,
                number: row.try_get("number")?,
                game_id: row.try_get("game_id")?,
                red: row.try_get("red")?,
                tie_break: row.try_get::<i64, _>("tie_break")? == 1,
                result: row.try_get("result")?,
            })
        })
        .collect()
}

/// Stores game `game` of cup `id`; false if that game of the match was stored already.
pub async fn insert_game(conn: &mut AnyConnection, id: &str, game: &GameRow) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO cup_games (cup_id, round, slot, number, game_id, red, tie_break, result)
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL) ON CONFLICT DO NOTHING",
    )
    .bind(id)
    .bind(game.round)
    .bind(game.slot)
    .bind(game.number)
    .bind(&game.game_id)
    .bind(&game.red)
    .bind(i64::from(game.tie_break))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A cup game that ended without its result entered: where, and the result from its end.
pub struct Ended {
    pub cup_id: String,
    pub game_id: String,
    pub result: &'static str,
}

/// The cup games that ended and whose result is not entered yet.
pub async fn ended(pool: &AnyPool) -> sqlx::Result<Vec<Ended>> {
    let rows = sqlx::query(
        "SELECT c.cup_id, c.game_id, g.winner, g.reason, g.ply FROM cup_games c JOIN games g ON g.id = c.game_id
         WHERE c.result IS NULL AND g.status = 'over'",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let winner: Option<String> = row.try_get("winner")?;
            let reason: Option<String> = row.try_get("reason")?;
            Ok(Ended {
                cup_id: row.try_get("cup_id")?,
                game_id: row.try_get("game_id")?,
                result: crate::server::tournaments::ledger::result_of_game(
                    winner.as_deref(),
                    reason.as_deref().unwrap_or(""),
                    row.try_get("ply")?,
                ),
            })
        })
        .collect()
}

/// Enters the result of cup game `game_id`; false if it was entered already.
pub async fn record(conn: &mut AnyConnection, game_id: &str, result: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE cup_games SET result = $1 WHERE game_id = $2 AND result IS NULL")
        .bind(result)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A cup game in play past its match's deadline, before both sides moved.
pub struct Late {
    pub game_id: String,
    pub cup_id: String,
    /// Whether Blue took their seat (before the first move, the only sign that they came).
    pub blue_came: bool,
}

/// The cup games in play, of undecided matches past their deadline at `now`, where a side has
/// not made its first move.
pub async fn late(pool: &AnyPool, now: i64) -> sqlx::Result<Vec<Late>> {
    let rows = sqlx::query(
        "SELECT c.game_id, c.cup_id, b.taken_at FROM cup_games c
         JOIN cup_matches m ON m.cup_id = c.cup_id AND m.round = c.round AND m.slot = c.slot
         JOIN games g ON g.id = c.game_id
         LEFT JOIN member_games b ON b.game_id = c.game_id AND b.color = 'blue'
         WHERE c.result IS NULL AND m.winner IS NULL AND m.deadline <= $1 AND g.status = 'playing' AND g.ply < 2",
    )
    .bind(now)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Late {
                game_id: row.try_get("game_id")?,
                cup_id: row.try_get("cup_id")?,
                blue_came: row.try_get::<Option<i64>, _>("taken_at")?.is_some(),
            })
        })
        .collect()
}
