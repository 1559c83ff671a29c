//! Finding a game between members (issue 23): lobby filters ([`filters`]), direct challenges to
//! a named member ([`challenges`]), quick pairing of members waiting with the same rules and
//! clock ([`queue`]); both start a game with the two members seated ([`start`]).
//! [`challenging`] sends and answers a challenge for any member (the page's [`routes`] and the
//! bot API); [`routes`] is their API, [`inbox`] a member's challenges received (declined all at once, a
//! challenger [`blocks`]); [`options`] their command-line options.

pub mod blocks;
pub mod challenges;
pub mod challenging;
pub mod filters;
pub mod inbox;
pub mod options;
pub mod queue;
pub mod routes;
pub mod start;

use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::rating::category::Bounds;
use options::{BotRatings, PairingOptions};

/// Challenges a member may send: 10 at once, then 10 a minute.
pub const CHALLENGES_PER_MEMBER: Rate = Rate { per_second: 10.0 / 60.0, burst: 10.0 };

/// What finding a game needs at run time.
pub struct Pairing {
    /// The ratings' clock categories.
    pub bounds: Bounds,
    /// How long a challenge waits for its answer, in milliseconds.
    pub challenge_expiry_ms: i64,
    /// The rating gap quick pairing accepts at first (it widens with the wait).
    pub gap: f64,
    /// Challenges sent, per member id.
    pub challenges: Limiter<String>,
    /// Held while this instance pairs, so that its own requests pair one at a time (several
    /// instances are kept apart by the database: see [`queue`]).
    pub pairing: tokio::sync::Mutex<()>,
    /// Which ratings bots' games count in.
    pub bot_ratings: BotRatings,
}

impl Pairing {
    /// The state for `options`.
    pub fn new(options: &PairingOptions) -> Pairing {
        Pairing {
            bounds: options.rating_categories,
            challenge_expiry_ms: i64::from(options.challenge_expiry_seconds) * 1000,
            gap: f64::from(options.pairing_gap),
            challenges: Limiter::new(CHALLENGES_PER_MEMBER),
            pairing: tokio::sync::Mutex::new(()),
            bot_ratings: options.bot_ratings,
        }
    }
}
