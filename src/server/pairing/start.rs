//! A game started between two members at once — an accepted challenge, a quick pairing: both
//! seats taken, the clocks ready, each seat noted for its member. Nobody holds a seat token:
//! each member plays by the session cookie (`{"type":"subscribe","member":true}`), on any device.

use crate::rules::{ByColor, Color, Game, Rules};
use crate::server::error::Refusal;
use crate::server::game::clock::{now_ms, ClockSpec};
use crate::server::game::ending::Status;
use crate::server::game::match_state::{Match, Seat};
use crate::server::game::token;
use crate::server::members::{games, Members};
use crate::server::play::hub::Hub;

/// A member taking a seat: the account's id and name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The member's id.
    pub id: String,
    /// The member's name.
    pub name: String,
}

/// What the game is played with.
#[derive(Clone, Debug)]
pub struct Terms {
    /// The rules.
    pub rules: Rules,
    /// The clock.
    pub clock: ClockSpec,
    /// Whether it counts in the ratings.
    pub rated: bool,
}

/// Starts game `id` (a [`token::new_game_id`]) of `terms` between `players`: their seats noted
/// with the `members`, the game stored and held in the `hub`.
pub async fn start(
    members: &Members,
    hub: &Hub,
    id: &str,
    terms: Terms,
    players: ByColor<&Player>,
) -> Result<(), Refusal> {
    // The seats are noted first: should the game not be stored, a seat of no game lists nothing.
    for color in Color::ALL {
        games::link(members.pool(), &players[color].id, id, color.name()).await.map_err(Refusal::storage)?;
    }
    let seat = |player: &Player| Seat {
        name: player.name.clone(),
        token_digest: token::digest(&token::new_token()),
    };
    let now = now_ms();
    let mut game =
        Match::open(id.to_string(), Game::new(terms.rules), terms.clock, Color::Red, seat(players.red), now);
    game.seats.blue = Some(seat(players.blue));
    game.status = Status::Playing;
    game.rated = terms.rated;
    hub.db.insert(game).await.map_err(Refusal::storage)?;
    hub.hold(id).await
}
