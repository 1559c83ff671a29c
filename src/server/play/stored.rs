//! A change of a game this instance stored (each change is stored by one instance only), told
//! to the features that tell members of it (push) through the hub's `stored` channel.

use crate::rules::ByColor;
use crate::server::game::event::Event;
use crate::server::game::match_state::Match;

/// A stored change.
pub struct Stored {
    /// The game after the change.
    pub game: Match,
    /// What changed.
    pub event: Event,
    /// Which seats had a connection, on any instance, when it was stored.
    pub connected: ByColor<bool>,
}
