//! What every request handler shares: the games and the rate limits.

use super::config::Config;
use super::hub::Hub;
use super::rate_limit::{Limiter, Rate};

/// How many connections of one IP address may each use their whole message rate at once.
const CONNECTIONS_PER_IP: f64 = 10.0;

/// The server's shared state.
pub struct App {
    /// The games.
    pub hub: Hub,
    /// Games created or joined, per IP address.
    pub create_limit: Limiter,
    /// WebSocket messages, per IP address.
    pub ip_messages: Limiter,
    /// WebSocket messages, per connection.
    pub message_rate: Rate,
    /// How long a player to move must have been away before the opponent may claim the win.
    pub abandon_ms: i64,
}

impl App {
    /// The state for `config` over `hub`.
    pub fn new(config: &Config, hub: Hub) -> App {
        let rate = config.message_rate;
        let per_ip =
            Rate { per_second: rate.per_second * CONNECTIONS_PER_IP, burst: rate.burst * CONNECTIONS_PER_IP };
        App {
            hub,
            create_limit: Limiter::new(config.create_rate),
            ip_messages: Limiter::new(per_ip),
            message_rate: rate,
            abandon_ms: i64::from(config.abandon_seconds) * 1000,
        }
    }
}
