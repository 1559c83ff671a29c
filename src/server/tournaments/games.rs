//! The games of a tournament's boards: made in the transaction that pairs them (the game row,
//! both members' seats, the tournament's rules, clock and rated flag), and read back once they
//! end or while nobody has moved (see [`member_game`]).

use super::tables::{PairingRow, PlayerRow, TournamentRow};
use crate::rules::Color;
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::Status;
use crate::server::pairing::options::BotRatings;
use crate::server::storage::member_game::{self, MemberGame, Player};
use sqlx::{AnyConnection, AnyPool, Row};

/// Makes the game of each board that has one, with its players' seats; `bot_ratings` says
/// whether a game between a bot and a member counts in the ratings.
pub async fn make(
    conn: &mut AnyConnection,
    tournament: &TournamentRow,
    players: &[PlayerRow],
    boards: &[PairingRow],
    bot_ratings: BotRatings,
) -> sqlx::Result<()> {
    let member = |number: i64| players.iter().find(|p| p.number == number);
    for board in boards {
        if let (Some(id), Some(red), Some(blue)) =
            (board.game_id.as_ref(), member(board.red), board.blue.and_then(member))
        {
            insert(conn, tournament, id, [red, blue], board.paired_at, Status::Playing, bot_ratings).await?;
        }
    }
    Ok(())
}

/// Stores game `id` of `tournament` between `players` (Red, Blue), made at `at`, in `status`
/// (an over-the-board game is stored over, once its result is in), with both members' seats.
/// A game between a bot and a member who is not one counts only where bots and members are
/// rated in one pool (`bot_ratings`, the club's `--bot-ratings`).
pub async fn insert(
    conn: &mut AnyConnection,
    tournament: &TournamentRow,
    id: &str,
    players: [&PlayerRow; 2],
    at: i64,
    status: Status,
    bot_ratings: BotRatings,
) -> sqlx::Result<()> {
    fn player(p: &PlayerRow) -> Player<'_> {
        Player { member_id: &p.member_id, name: &p.name }
    }
    let game = MemberGame {
        id,
        rules: tournament.rules.parse().unwrap_or_default(),
        clock: ClockSpec::from_text(&tournament.clock).unwrap_or_default(),
        rated: tournament.rated && (players[0].bot == players[1].bot || bot_ratings == BotRatings::Common),
        players: [player(players[0]), player(players[1])],
        at,
        status,
    };
    member_game::insert(conn, &game).await
}

/// A tournament game that ended while its board has no result yet.
pub struct Ended {
    /// The tournament.
    pub tournament_id: String,
    /// The board's round.
    pub round: i64,
    /// The board.
    pub board: i64,
    /// The board's result, from the game's end.
    pub result: &'static str,
}

/// The tournament games that ended and whose board has no result yet.
pub async fn ended(pool: &AnyPool) -> sqlx::Result<Vec<Ended>> {
    let rows = sqlx::query(
        "SELECT p.tournament_id, p.round, p.board, g.winner, g.reason, g.ply
         FROM tournament_pairings p JOIN games g ON g.id = p.game_id
         WHERE p.result IS NULL AND g.status = 'over'",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let winner: Option<String> = row.try_get("winner")?;
            let reason: Option<String> = row.try_get("reason")?;
            Ok(Ended {
                tournament_id: row.try_get("tournament_id")?,
                round: row.try_get("round")?,
                board: row.try_get("board")?,
                result: super::ledger::result_of_game(
                    winner.as_deref(),
                    reason.as_deref().unwrap_or(""),
                    row.try_get("ply")?,
                ),
            })
        })
        .collect()
}

/// A tournament game in play in which a side has not made its first move yet.
pub struct Waiting {
    /// The game.
    pub game_id: String,
    /// The tournament.
    pub tournament_id: String,
    /// Since when the side to move could have moved (ms): the pairing, or the first move; as
    /// the game's clock, it is moved on by the time the server was down (`Db::resume_clocks`).
    pub since: i64,
    /// The tournament's no-show time (ms).
    pub no_show_ms: i64,
    /// Whether the second mover (Blue) has taken their seat: before the first move, the only
    /// sign that they came.
    pub blue_came: bool,
}

/// The tournament games in play where a side has yet to make its first move.
pub async fn waiting(pool: &AnyPool) -> sqlx::Result<Vec<Waiting>> {
    let rows = sqlx::query(
        "SELECT p.game_id, p.tournament_id, g.since, t.no_show_ms, b.taken_at
         FROM tournament_pairings p JOIN games g ON g.id = p.game_id
         JOIN tournaments t ON t.id = p.tournament_id
         LEFT JOIN member_games b ON b.game_id = g.id AND b.color = 'blue'
         WHERE p.result IS NULL AND g.status = 'playing' AND g.ply < 2",
    )
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Waiting {
                game_id: row.try_get("game_id")?,
                tournament_id: row.try_get("tournament_id")?,
                since: row.try_get("since")?,
                no_show_ms: row.try_get("no_show_ms")?,
                blue_came: row.try_get::<Option<i64>, _>("taken_at")?.is_some(),
            })
        })
        .collect()
}

/// The member on `color`'s seat of game `id`, if any.
pub async fn member_at(conn: &mut AnyConnection, id: &str, color: Color) -> sqlx::Result<Option<String>> {
    let row = sqlx::query("SELECT member_id FROM member_games WHERE game_id = $1 AND color = $2")
        .bind(id)
        .bind(color.name())
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|row| row.try_get::<Option<String>, _>("member_id")).transpose()?.flatten())
}
