//! A vacation told to the games it holds: each of the member's correspondence games not over,
//! by the room that holds it here; the other instances holding one read it again when told of
//! its change, with the vacation (read with the game). A game a member joins while on vacation
//! is told too ([`hold_seat`]); the games paired for them read it with the game when loaded.

use super::store;
use crate::rules::Color;
use crate::server::game::clock::now_ms;
use crate::server::game::event::Command;
use crate::server::members::Members;
use crate::server::play::hub::Hub;

/// Tells game `game_id` that its `color` seat's member is on vacation until `until` (none:
/// no longer). A failure is logged: the game learns of the vacation when read again.
async fn tell(hub: &Hub, game_id: &str, color: Color, until: Option<i64>) {
    let told = match hub.enter(game_id).await {
        Ok(room) => {
            let applied = room.apply(Command::Vacation { color, until }).await;
            hub.leave(&room);
            applied.map(|_| ())
        }
        Err(refused) => Err(refused),
    };
    if let Err(e) = told {
        tracing::warn!(game = %game_id, error = %e, "vacation: the game was not told");
    }
}

/// Tells each of the member's correspondence games not over of their vacation until `until`
/// (none: ended). A game that cannot be told now is logged: it learns of the vacation when
/// read again (its clock then held from its next change on).
pub async fn hold_games(members: &Members, hub: &Hub, member_id: &str, until: Option<i64>) {
    let seats = match store::held_seats(members.pool(), member_id).await {
        Ok(seats) => seats,
        Err(e) => return tracing::error!(error = %e, "vacation: the member's games were not read"),
    };
    for (game_id, color) in seats {
        tell(hub, &game_id, color, until).await;
    }
}

/// The member `member_id` took the `color` seat of game `game_id`: if on vacation, the game is
/// told.
pub async fn hold_seat(members: &Members, hub: &Hub, member_id: &str, game_id: &str, color: Color) {
    match store::read(members.pool(), member_id).await {
        Ok(vacations) => {
            if let Some(until) = vacations.until(now_ms()) {
                tell(hub, game_id, color, Some(until)).await;
            }
        }
        Err(e) => {
            tracing::error!(game = %game_id, error = %e, "vacation: the member's vacation was not read")
        }
    }
}
