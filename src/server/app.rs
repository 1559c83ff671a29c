//! What every request handler shares: the games and the rate limits.

use super::chat::Chat;
use super::config::Config;
use super::members::Members;
use super::pairing::Pairing;
use super::tournaments::watchers::Live;
use crate::server::http::rate_limit::{Limiter, Rate, Slots};
use crate::server::ops::shutdown::Shutdown;
use crate::server::play::hub::Hub;
use crate::server::storage::db::Backend;
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

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
    /// REST requests, per IP address.
    pub request_limit: Limiter,
    /// Time for a request's body.
    pub http_timeout: Duration,
    /// WebSocket messages, per connection.
    pub message_rate: Rate,
    /// Open WebSockets, per IP address.
    pub sockets: Slots,
    /// How long a player to move must have been away before the opponent may claim the win.
    pub abandon_ms: i64,
    /// How long a WebSocket may be silent before it is pinged.
    pub ping_every: Duration,
    /// How long a WebSocket may be silent (no message, no answer to a ping) before it is closed.
    pub dead_after: Duration,
    /// Whether the client's address is read from `X-Forwarded-For`.
    pub trust_proxy: bool,
    /// The server's stop, watched by every connection.
    pub shutdown: Shutdown,
    /// The club's members.
    pub members: Members,
    /// Finding a game between members.
    pub pairing: Pairing,
    /// The live streams of tournaments and leaderboards.
    pub live: Arc<Live>,
    /// The games' chats.
    pub chat: Chat,
}

impl App {
    /// The state for `config` over `hub` with its `members`, stopped by `shutdown`.
    pub fn new(config: &Config, hub: Hub, members: Members, shutdown: Shutdown) -> App {
        let rate = config.message_rate;
        let per_ip =
            Rate { per_second: rate.per_second * CONNECTIONS_PER_IP, burst: rate.burst * CONNECTIONS_PER_IP };
        let postgres = (hub.db.backend == Backend::Postgres).then(|| members.pool().clone());
        let live = Arc::new(Live::new(config.watchers_per_ip, config.max_watchers, postgres));
        App {
            hub,
            create_limit: Limiter::new(config.create_rate),
            ip_messages: Limiter::new(per_ip),
            request_limit: Limiter::new(config.request_rate),
            http_timeout: Duration::from_secs(config.http_timeout_seconds.into()),
            message_rate: rate,
            sockets: Slots::new(config.connections_per_ip),
            abandon_ms: i64::from(config.abandon_seconds) * 1000,
            ping_every: Duration::from_secs(config.ping_seconds.into()),
            dead_after: Duration::from_secs(config.dead_seconds.into()),
            trust_proxy: config.trust_proxy,
            shutdown,
            members,
            pairing: Pairing::new(&config.pairing),
            live,
            chat: Chat::default(),
        }
    }

    /// The client's address, for rate limits: the peer's, or behind a trusted proxy the last
    /// address of `X-Forwarded-For` (the one the proxy saw; earlier ones the client may forge).
    pub fn client_ip(&self, peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
        let forwarded = || {
            let header = headers.get_all("x-forwarded-for").iter().next_back()?.to_str().ok()?;
            header.rsplit(',').next()?.trim().parse().ok()
        };
        if self.trust_proxy {
            forwarded().unwrap_or(peer.ip())
        } else {
            peer.ip()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::ops::shutdown::Stop;
    use crate::server::play::lobby::Lobby;
    use crate::server::storage::db::Db;

    #[tokio::test]
    async fn behind_a_trusted_proxy_the_last_forwarded_address_counts() {
        let db = Db::open(":memory:").await.unwrap();
        let peer: SocketAddr = "10.0.0.1:5000".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
        let members = || Members::new(&Default::default(), db.url()).unwrap();
        let direct = App::new(
            &Config::default(),
            Hub::new(db.clone(), Lobby::new(10, 60_000)),
            members(),
            Stop::new().1,
        );
        assert_eq!(direct.client_ip(peer, &headers), peer.ip());
        let proxied = App::new(
            &Config { trust_proxy: true, ..Config::default() },
            Hub::new(db.clone(), Lobby::new(10, 60_000)),
            members(),
            Stop::new().1,
        );
        assert_eq!(proxied.client_ip(peer, &headers), "198.51.100.7".parse::<IpAddr>().unwrap());
        assert_eq!(proxied.client_ip(peer, &HeaderMap::new()), peer.ip());
    }
}
