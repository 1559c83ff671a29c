//! What the server's tasks and handlers share: the games, the features' parts and the limits.

use super::bots::routes::AbandonMs;
use super::bots::Bots;
use super::chat::Chat;
use super::config::Config;
use super::email::Email;
use super::ladders;
use super::members::Members;
use super::pairing::Pairing;
use super::push::Push;
use super::rating::category::Bounds;
use super::tablebase::Tables;
use super::teams::limits::Limits as TeamLimits;
use super::tournaments::limits::Limits;
use super::watchers::Live;
use crate::server::http::client_ip::Proxies;
use crate::server::http::headers::page_policy;
use crate::server::http::rate_limit::{Limiter, Rate, Slots};
use crate::server::ops::shutdown::Shutdown;
use crate::server::play::hub::Hub;
use crate::server::storage::db::Backend;
use axum::extract::FromRef;
use axum::http::HeaderValue;
use std::ops::Deref;
use std::sync::Arc;
use std::time::Duration;

/// How many connections of one IP address may each use their whole message rate at once.
const CONNECTIONS_PER_IP: f64 = 10.0;

/// The server's shared state, a handle cheap to clone: the routers' state, from which each
/// handler takes the parts it uses ([`FromRef`]); the features never see the whole.
#[derive(Clone)]
pub struct App(Arc<Shared>);

impl Deref for App {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// What [`App`] holds.
pub struct Shared {
    /// The games.
    pub hub: Arc<Hub>,
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
    /// How long a game in play whose clock does not run may go unplayed before it is closed.
    pub close_idle_ms: i64,
    /// How long a WebSocket may be silent before it is pinged.
    pub ping_every: Duration,
    /// How long a WebSocket may be silent (no message, no answer to a ping) before it is closed.
    pub dead_after: Duration,
    /// Whose word on the client's address is taken.
    pub proxies: Proxies,
    /// The page's Content-Security-Policy, framed by the `--embed-origins` only.
    pub page_policy: HeaderValue,
    /// The server's stop, watched by every connection.
    pub shutdown: Shutdown,
    /// The club's members.
    pub members: Arc<Members>,
    /// Finding a game between members.
    pub pairing: Arc<Pairing>,
    /// The live streams of tournaments and leaderboards.
    pub live: Arc<Live>,
    /// What one member may do to tournaments in a while.
    pub tournament_limits: Arc<Limits>,
    /// What one member may do to cups in a while.
    pub cup_limits: Arc<super::cups::limits::Limits>,
    /// What one member may do to ladders in a while.
    pub ladder_limits: Arc<ladders::limits::Limits>,
    /// What one member may make of leagues in a while.
    pub league_limits: Arc<super::leagues::limits::Limits>,
    /// What one member makes of teams and matches in a while.
    pub team_limits: Arc<TeamLimits>,
    /// The games' chats.
    pub chat: Arc<Chat>,
    /// Web Push to the members' devices.
    pub push: Arc<Push>,
    /// The bot API's limits.
    pub bots: Arc<Bots>,

    /// The club's mail.
    pub email: Arc<Email>,
    /// The endgame tables.
    pub tablebase: Arc<Tables>,
}

/// The parts a handler may take.
macro_rules! parts {
    ($($part:ident: $type:ty,)*) => {
        $(
            impl FromRef<App> for $type {
                fn from_ref(app: &App) -> $type {
                    app.$part.clone()
                }
            }
        )*
    };
}

parts! {
    hub: Arc<Hub>,
    members: Arc<Members>,
    pairing: Arc<Pairing>,
    live: Arc<Live>,
    tournament_limits: Arc<Limits>,
    cup_limits: Arc<super::cups::limits::Limits>,
    ladder_limits: Arc<ladders::limits::Limits>,
    league_limits: Arc<super::leagues::limits::Limits>,
    team_limits: Arc<TeamLimits>,
    chat: Arc<Chat>,
    push: Arc<Push>,
    bots: Arc<Bots>,

    email: Arc<Email>,
    tablebase: Arc<Tables>,
    shutdown: Shutdown,
    proxies: Proxies,
}

/// The rating categories' bounds, which lists and ratings share.
impl FromRef<App> for Bounds {
    fn from_ref(app: &App) -> Bounds {
        app.pairing.bounds
    }
}

/// The club's abandon time, which the bots' game streams tell as the WebSocket does.
impl FromRef<App> for AbandonMs {
    fn from_ref(app: &App) -> AbandonMs {
        AbandonMs(app.abandon_ms)
    }
}

impl App {
    /// The state for `config` over `hub` with its `members`, stopped by `shutdown`, with
    /// `sockets_per_address` WebSockets per client address (its share of the connections'
    /// [`Budget`](crate::server::http::budget::Budget)), telling members' devices by `push`
    /// and their mailboxes by `email`.
    pub fn new(
        config: &Config,
        sockets_per_address: u32,
        hub: Hub,
        members: Members,
        push: Arc<Push>,

        email: Email,
        shutdown: Shutdown,
    ) -> App {
        let rate = config.message_rate;
        let per_ip =
            Rate { per_second: rate.per_second * CONNECTIONS_PER_IP, burst: rate.burst * CONNECTIONS_PER_IP };
        let postgres = (hub.db.backend == Backend::Postgres).then(|| members.pool().clone());
        let live = Arc::new(Live::new(config.watchers_per_ip, config.max_watchers, postgres));
        let chat = Arc::new(Chat::new(members.pool().clone(), hub.db.clone(), hub.instance.clone()));
        App(Arc::new(Shared {
            hub: Arc::new(hub),
            create_limit: Limiter::new(config.create_rate),
            ip_messages: Limiter::new(per_ip),
            request_limit: Limiter::new(config.request_rate),
            http_timeout: Duration::from_secs(config.http_timeout_seconds.into()),
            message_rate: rate,
            sockets: Slots::new(sockets_per_address),
            abandon_ms: i64::from(config.abandon_seconds) * 1000,
            close_idle_ms: i64::from(config.close_idle_seconds) * 1000,
            ping_every: Duration::from_secs(config.ping_seconds.into()),
            dead_after: Duration::from_secs(config.dead_seconds.into()),
            proxies: Proxies::new(&config.trust_proxy),
            page_policy: page_policy(&config.embed_origins),
            shutdown,
            members: Arc::new(members),
            pairing: Arc::new(Pairing::new(&config.pairing)),
            live,
            tournament_limits: Arc::default(),
            cup_limits: Arc::default(),
            ladder_limits: Arc::default(),
            league_limits: Arc::default(),
            team_limits: Arc::default(),
            chat,
            push,
            bots: Arc::default(),

            email: Arc::new(email),
            tablebase: Arc::new(Tables::new(&config.tablebase)),
        }))
    }
}
