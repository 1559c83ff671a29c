//! Web Push (issue 37): a member's devices are told of what waits for them while no page of
//! the club is open — their move, a challenge, a tournament round, a draw offer, a chat line,
//! time running out — by the standard protocol: VAPID (RFC 8292) and encrypted payloads
//! (RFC 8291), through `web-push-native`, sent with `reqwest`.
//!
//! ```text
//! GET    api/push/key                  → {"key"}: the club's VAPID public key (base64url)
//! POST   api/me/push/subscriptions     {"endpoint","keys":{"p256dh","auth"},"lang"} → 201
//! DELETE api/me/push/subscriptions     {"endpoint"} → 204
//! GET    api/me/notifications          → {"kinds":{…},"quiet","time_zone","devices"}
//! PUT    api/me/notifications          {"kinds"?,"quiet"?,"time_zone"?} → the same
//! ```
//!
//! An event queues one notice per device of the member told ([`tables::queue`]: once, however
//! many instances see it); a worker on every instance delivers them ([`delivery`]). Nothing
//! is pushed for what the member is looking at: no move, draw offer or chat line of a game
//! whose seat is connected (on any instance: the rooms' presence), no challenge while a page
//! of theirs watches its challenges (marked in the database: [`watching`]).
//!
//! Layout: [`keys`] (the VAPID key pair, kept in the database), [`subscription`] (a device's
//! subscription checked), [`settings`] (kinds, quiet hours, time zone), [`notice`] (what a
//! push says), [`tables`] (its SQL), [`events`] (what queues notices), [`send`] (one push
//! sent), [`delivery`] (the worker), [`watching`] (pages watching challenges), [`routes`].

pub mod delivery;
pub mod events;
pub mod keys;
pub mod notice;
pub mod routes;
pub mod send;
pub mod settings;
pub mod subscription;
pub mod tables;
pub mod watching;

use crate::rules::Color;
use crate::server::time::now_ms;
use keys::Keys;
use notice::Notice;
use sqlx::AnyPool;
use tokio::sync::Notify;

/// The club's pushes: its keys, its tables and the client that sends them.
pub struct Push {
    pool: AnyPool,
    keys: Keys,
    /// The VAPID subject: `mailto:` the `--push-contact`, else the club's address.
    contact: String,
    client: reqwest::Client,
    /// Woken when a notice is queued here.
    wake: Notify,
}

impl Push {
    /// The pushes of the database on `pool` (its VAPID keys made on the first start), signed
    /// with the subject `contact`.
    pub async fn new(pool: AnyPool, contact: String) -> Result<Push, String> {
        let keys = Keys::load_or_make(&pool).await?;
        let client = reqwest::Client::builder()
            .timeout(send::ANSWER_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot make the push client: {e}"))?;
        tracing::info!(key = keys.public(), contact, "web push ready");
        Ok(Push { pool, keys, contact, client, wake: Notify::new() })
    }

    /// The tables' connections.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// The VAPID public key, base64url.
    pub fn public_key(&self) -> &str {
        self.keys.public()
    }

    /// Queues `notice` for member `member_id`'s devices.
    pub async fn to_member(&self, member_id: &str, notice: &Notice) {
        let queued = tables::queue(&self.pool, member_id, notice, now_ms()).await;
        self.queued(notice, queued);
    }

    /// Queues `notice` for the devices of the member on `color`'s seat of game `game_id`.
    pub async fn to_seat(&self, game_id: &str, color: Color, notice: &Notice) {
        let queued = tables::queue_for_seat(&self.pool, game_id, color, notice, now_ms()).await;
        self.queued(notice, queued);
    }

    fn queued(&self, notice: &Notice, queued: sqlx::Result<u64>) {
        match queued {
            Ok(0) => {}
            Ok(_) => self.wake.notify_one(),
            Err(error) => {
                tracing::warn!(%error, kind = notice.kind.name(), "push: the notice was not queued")
            }
        }
    }
}

/// The VAPID subject (RFC 8292 `sub`): `mailto:` of `contact` if given, else the club's
/// `public_origin`, else this machine's address for trying the club.
pub fn subject(contact: Option<&str>, public_origin: Option<&str>) -> String {
    match (contact, public_origin) {
        (Some(contact), _) => format!("mailto:{contact}"),
        (None, Some(origin)) => origin.trim_end_matches('/').to_string(),
        (None, None) => "http://localhost".to_string(),
    }
}
