//! Which finished rated games count, so that ratings cannot be farmed (issue 33): a game counts
//! only once each side has made a move (as lichess, which rates no game a side left before
//! moving; over the board, where the moves are not on the server, a result entered counts),
//! and the same two members' games count only [`PAIR_GAMES`] times in
//! [`PAIR_WINDOW_MS`] in a rule set and category. Tournament games are not held to the pair's
//! limit: their pairings are the tournament's, not the players' choice.

use super::category::Category;
use super::tables::RatedIn;
use sqlx::{AnyConnection, Row};

/// The rated games between the same two members that count in a rule set and category within
/// [`PAIR_WINDOW_MS`]; later ones are kept, not counted.
pub const PAIR_GAMES: i64 = 3;
/// The window of [`PAIR_GAMES`]: a day, in milliseconds.
pub const PAIR_WINDOW_MS: i64 = 24 * 60 * 60 * 1000;
/// The moves a game needs to count: one by each side.
pub const COUNTING_PLIES: i64 = 2;

/// Why a finished rated game between two members did not count.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uncounted {
    /// A side never moved: resigned, left or called off before its first move.
    NoMoves,
    /// The same two members' rated games counted [`PAIR_GAMES`] times within the window.
    SamePair,
}

impl Uncounted {
    /// Its name in the API and the database: `no-moves` or `same-pair`.
    pub fn name(self) -> &'static str {
        match self {
            Uncounted::NoMoves => "no-moves",
            Uncounted::SamePair => "same-pair",
        }
    }
}

/// A finished rated game between two members, as far as counting it goes.
#[derive(Clone, Copy, Debug)]
pub struct Played<'a> {
    /// Red's member id.
    pub red: &'a str,
    /// Blue's member id.
    pub blue: &'a str,
    /// Where it would count.
    pub rated: RatedIn<'a>,
    /// The moves made.
    pub plies: i64,
    /// Whether a tournament paired it.
    pub tournament: bool,
}

/// Why `game` does not count at `now` (ms), or none if it counts.
pub async fn uncounted(
    conn: &mut AnyConnection,
    game: Played<'_>,
    now: i64,
) -> sqlx::Result<Option<Uncounted>> {
    // Over the board the moves were made on a real board, and the server knows none of them.
    if game.plies < COUNTING_PLIES && game.rated.category != Category::OverTheBoard {
        return Ok(Some(Uncounted::NoMoves));
    }
    if game.tournament {
        return Ok(None);
    }
    let counted = pair_games_since(conn, game, now - PAIR_WINDOW_MS).await?;
    Ok((counted >= PAIR_GAMES).then_some(Uncounted::SamePair))
}

/// The rated games outside tournaments between `game`'s two members in its rule set and
/// category that counted since `since` (ms).
async fn pair_games_since(conn: &mut AnyConnection, game: Played<'_>, since: i64) -> sqlx::Result<i64> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS counted FROM rating_history h
         JOIN member_games o ON o.game_id = h.game_id AND o.member_id = $2
         WHERE h.member_id = $1 AND h.rules = $3 AND h.category = $4 AND h.at >= $5
         AND NOT EXISTS (SELECT 1 FROM tournament_pairings p WHERE p.game_id = h.game_id)",
    )
    .bind(game.red)
    .bind(game.blue)
    .bind(game.rated.rules)
    .bind(game.rated.category.name())
    .bind(since)
    .fetch_one(conn)
    .await?;
    row.try_get("counted")
}
