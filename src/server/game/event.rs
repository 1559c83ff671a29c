//! The referee's language: a [`Command`] is what someone asks of a game, an [`Event`] what it
//! did. [`Match::apply`](super::match_state::Match::apply) turns one into the other (or refuses);
//! the room stores each event as one change and announces it as one message.

use super::ending::{OfferKind, Verdict};
use super::match_state::{Match, Seat};
use crate::rules::{Color, Move};

/// A request to change a game.
#[derive(Clone, Debug)]
pub enum Command {
    /// A second player takes the free seat.
    Join(Seat),
    /// `by` plays `mv` as move number `ply` (0 for the first move of the game).
    Play {
        /// The side sending the move.
        by: Color,
        /// Moves played before it.
        ply: usize,
        /// The move, like `g3g4`.
        mv: String,
    },
    /// The side resigns.
    Resign(Color),
    /// A player calls the game off.
    Abort,
    /// The side claims the win: its opponent left the game.
    Claim(Color),
    /// The side's player left the tournament of the game (the tournament director says so):
    /// it loses by forfeit.
    Withdraw(Color),
    /// The side proposes something to the other.
    Offer(Color, OfferKind),
    /// `by` accepts the opponent's offer.
    Accept {
        /// Who accepts.
        by: Color,
        /// The offer accepted.
        offer: OfferKind,
        /// The new game's id, should this agree a rematch (ids are made outside: the
        /// referee is pure).
        rematch_id: String,
    },
    /// The side declines the opponent's offer.
    Decline(Color, OfferKind),
    /// The running clock is checked: the game ends on time if it is at zero.
    Flag,
    /// An open game nobody joined in time is called off.
    Expire,
    /// A game in play is closed if nobody played it (no move, no join) since `before` (ms).
    CloseIdle {
        /// The start of the club's idle limit.
        before: i64,
    },
    /// The side to move's time counts from now: its player could not see the last move before
    /// (another server instance's news of it came late).
    CountFromNow,
    /// `color`'s player was cut off from `lost` (its instance's last sign of life) until
    /// `back` (its return on another instance): that time of its clock is given back.
    Excuse {
        /// The side cut off.
        color: Color,
        /// When its instance was last heard of (ms).
        lost: i64,
        /// When it came back (ms).
        back: i64,
    },
    /// A tournament's director sets the game's result: it ends now, or its end is replaced.
    Adjudicate(Verdict),
    /// `color`'s player is on vacation until `until` (ms), or no longer (none): see
    /// [`vacation`](super::vacation).
    Vacation {
        /// The side whose player it is.
        color: Color,
        /// The vacation's end.
        until: Option<i64>,
    },
}

/// What a command did.
#[derive(Clone, Debug)]
pub enum Event {
    /// The second player sat down on this side; the clocks start.
    Joined(Color),
    /// The move was played (it may have ended the game).
    Moved(Move),
    /// The same move at the same ply was sent again: nothing changed.
    Resent(Move),
    /// The game ended (also: the mover's flag fell before the move arrived); the game says how.
    Ended,
    /// An offer waits for an answer.
    Offered,
    /// The offer was declined.
    Declined,
    /// Moves were taken back (the proposer's last move, and the reply to it if any).
    TookBack,
    /// Both want a rematch: this new game, started at once.
    Rematch(Box<Match>),
    /// The side to move's time counts from now.
    CountedFromNow,
    /// Time lost to a lost instance was given back.
    Excused,
    /// A side's vacation began or ended.
    VacationChanged,
    /// Nothing to do (a flag timer woken before the time ran out, an expiry of a game joined).
    Unchanged,
}
