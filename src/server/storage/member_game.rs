//! A game between two members that the club makes for them (a tournament's board, a league's
//! pairing, a ladder challenge, a cup or team match game): the game row and both members'
//! seats, stored in the caller's transaction. A member plays such a seat by their session
//! cookie (`{"type":"subscribe","member":true}`); the seat's token is never handed out.

use super::batches::insert_game;
use crate::rules::{Color, Game, Position, Rules};
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::Status;
use crate::server::game::match_state::{Match, Seat};
use crate::server::game::token;
use sqlx::AnyConnection;

/// A member on a seat: their id and the name shown.
pub struct Player<'a> {
    /// The member's id.
    pub member_id: &'a str,
    /// The name shown on the seat.
    pub name: &'a str,
}

/// What a member game is.
pub struct MemberGame<'a> {
    /// The game's id (see [`token::new_game_id`]).
    pub id: &'a str,
    /// Its rules.
    pub rules: Rules,
    /// Its clock.
    pub clock: ClockSpec,
    /// Whether it counts for the ratings.
    pub rated: bool,
    /// Red (who moves first), then Blue.
    pub players: [Player<'a>; 2],
    /// When it is made (ms of the club's time).
    pub at: i64,
    /// Playing, or over for a game played on a real board whose result is entered.
    pub status: Status,
}

/// Stores `game` with both members' seats.
pub async fn insert(conn: &mut AnyConnection, game: &MemberGame<'_>) -> sqlx::Result<()> {
    let seat = |player: &Player| Seat {
        name: player.name.to_string(),
        token_digest: token::digest(&token::new_token()),
    };
    let start = Game::from_position(Position::new(game.rules));
    let [red, blue] = &game.players;
    let mut row = Match::open(game.id.to_string(), start, game.clock, Color::Red, seat(red), game.at);
    row.seats.blue = Some(seat(blue));
    row.status = game.status;
    row.rated = game.rated;
    insert_game(conn, &row).await.map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
    for (color, player) in [(Color::Red, red), (Color::Blue, blue)] {
        sqlx::query("INSERT INTO member_games (game_id, color, member_id, rated) VALUES ($1, $2, $3, 0)")
            .bind(game.id)
            .bind(color.name())
            .bind(player.member_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
