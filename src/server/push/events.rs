//! What queues notices: the changes of games this instance stored (a move: the player now to
//! move; a draw offer: the other player), the sweep of correspondence clocks running low, and
//! the calls of the features where the other events are stored once (challenges, tournament
//! rounds, chat lines): [`Push::challenge`], [`Push::tournament_round`], [`Push::chat`].

use super::notice::Notice;
use super::{tables, Push};
use crate::rules::Color;
use crate::server::game::clock::ClockSpec;
use crate::server::game::ending::{OfferKind, Status};
use crate::server::game::event::Event;
use crate::server::play::hub::Hub;
use crate::server::play::room::Room;
use crate::server::play::stored::Stored;
use crate::server::time::{now_ms, wait_until};
use std::sync::Arc;
use tokio::sync::broadcast::{self, error::RecvError};

/// How often the correspondence clocks are looked at (the club's time, ms).
const SWEEP_MS: i64 = 60_000;
/// How long an event is remembered as queued (ms): longer than a correspondence period.
const EVENTS_KEPT_MS: i64 = 40 * 24 * 3600 * 1000;

/// Queues the notices of the changes this instance stores, for as long as it runs.
pub async fn follow_games(push: Arc<Push>, mut stored: broadcast::Receiver<Arc<Stored>>) {
    loop {
        match stored.recv().await {
            Ok(change) => told(&push, &change).await,
            Err(RecvError::Lagged(missed)) => tracing::warn!(missed, "push: changes of games missed"),
            Err(RecvError::Closed) => return,
        }
    }
}

/// Queues the notice of one stored change, if it calls for one and its member is not
/// looking at the game.
async fn told(push: &Push, change: &Stored) {
    let game = &change.game;
    let (to, notice) = match &change.event {
        Event::Moved(_) if game.status == Status::Playing => {
            let to = game.turn();
            (to, Notice::your_move(&game.id, game.ply(), &name(game, !to)))
        }
        Event::Offered => match &game.offer {
            Some(offer) if offer.kind == OfferKind::Draw => {
                let to = !offer.by;
                (to, Notice::draw_offer(&game.id, game.version, &name(game, offer.by)))
            }
            _ => return,
        },
        _ => return,
    };
    if !change.connected[to] {
        push.to_seat(&game.id, to, &notice).await;
    }
}

fn name(game: &crate::server::game::match_state::Match, color: Color) -> String {
    game.seats[color].as_ref().map(|seat| seat.name.clone()).unwrap_or_default()
}

/// Looks at the correspondence games whose clocks run here every [`SWEEP_MS`]: the player to
/// move with less than a tenth of the period left is told, once per move.
pub async fn sweep_clocks(push: Arc<Push>, hub: Arc<Hub>) {
    let mut next = now_ms();
    loop {
        tokio::time::sleep(wait_until(next)).await;
        let started = now_ms();
        if started < next {
            continue;
        }
        for room in hub.rooms() {
            running_low(&push, &room).await;
        }
        if let Err(error) = tables::forget_events(push.pool(), now_ms() - EVENTS_KEPT_MS).await {
            tracing::warn!(%error, "push: old events not forgotten");
        }
        // From the sweep's start: a clock that jumped while it ran is looked at again soon.
        next = started + SWEEP_MS;
    }
}

async fn running_low(push: &Push, room: &Room) {
    let game = room.snapshot().await;
    let (ClockSpec::Correspondence { .. }, Some(deadline)) = (game.clock, game.deadline()) else { return };
    let left = deadline - now_ms();
    let to = game.turn();
    if left <= 0 || left * 10 >= game.clock.start_ms() || room.seats()[to].connected {
        return;
    }
    let notice = Notice::time_running_out(
        &game.id,
        game.ply(),
        left,
        &game.clock.to_text(),
        &name(&game, !to),
        deadline,
    );
    push.to_seat(&game.id, to, &notice).await;
}

impl Push {
    /// Member `to_id` was challenged by `from` (challenge `id`, open until `expires`).
    pub async fn challenge(&self, id: &str, to_id: &str, from: &str, expires: i64) {
        self.to_member(to_id, &Notice::challenge(id, from, expires)).await;
    }

    /// Round `round` of tournament `id` (named `name`) was paired: each of `member_ids` has a game.
    pub async fn tournament_round(&self, id: &str, name: &str, round: i64, member_ids: &[String]) {
        for member in member_ids {
            let mut notice = Notice::tournament_round(id, name, round);
            notice.dedupe.push_str(&format!(":{member}"));
            self.to_member(member, &notice).await;
        }
    }

    /// `from` said `text` (message `message`) in the players' chat of game `game_id`, whose
    /// `to` seat has no connection.
    pub async fn chat(&self, game_id: &str, to: Color, message: &str, from: &str, text: &str) {
        self.to_seat(game_id, to, &Notice::chat(game_id, message, from, text)).await;
    }
}
