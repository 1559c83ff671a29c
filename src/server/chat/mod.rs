//! Chat in a game between members (issue 23): the two players have their chat, the members
//! watching another; guests keep the page's fixed phrases and receive neither. Messages are
//! text (at most [`MAX_CHARS`] characters, [`RATE`] per member), stored with their game,
//! audience and author, sent to a member joining the game (the last [`tables::HISTORY`]) and
//! pushed live to the audience's other members (on every instance: [`relay`]), but to none who muted the
//! author. An admin may hide a message: it is then sent to nobody, and disappears from the
//! pages showing it (but the author's, who is not told).
//!
//! On the game's WebSocket (see [`protocol`](crate::server::play::protocol)):
//! ```text
//! → {"type":"chat","text":"good luck"}
//! ← {"type":"chat_history","room":"players","messages":[{"id","author","text","at"}…]}   after subscribed
//! ← {"type":"chat","room":"players","message":{"id":"…","author":"Alice","text":"good luck","at":…}}
//! ← {"type":"chat_hidden","room":"players","id":"…"}
//! ```
//! Refusals: `chat_members_only` (a guest's connection, or a session that ended),
//! `chat_too_long` (`limit`), `chat_too_fast`, `bad_field` (empty text or control
//! characters), `suspended`.
//!
//! Layout: [`audience`] (players or spectators), [`tables`] (its tables), [`seat`] (a
//! connection's part in the chat), [`relay`] (across instances), [`routes`] (muting,
//! reporting).

pub mod audience;
pub mod relay;
pub mod routes;
pub mod seat;
pub mod tables;

use crate::server::http::rate_limit::{Limiter, Rate};
use crate::server::storage::db::Db;
use audience::Audience;
use sqlx::AnyPool;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 300;
/// Messages per member: 5 at once, then one every 2 seconds.
pub const RATE: Rate = Rate { per_second: 0.5, burst: 5.0 };
/// Chat events a slow connection may fall behind by (it then misses them; its history on the
/// next subscription has them).
const BACKLOG: usize = 32;

/// Something said (or hidden) in a game's chat, for the connections to deliver or not.
#[derive(Debug)]
pub struct Said {
    /// Whose chat.
    pub audience: Audience,
    /// The author of the message.
    pub author_id: String,
    /// True when an admin hid the message (sent to all but its author).
    pub hidden: bool,
    /// The message to send, as JSON.
    pub json: String,
}

/// The chats of the games this instance holds connections to, the members' rate, and where
/// messages are kept and announced.
pub struct Chat {
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<Said>>>>,
    rate: Limiter<String>,
    /// The members' tables, where the messages are.
    pool: AnyPool,
    /// The database the notes to the other instances go through.
    db: Db,
    /// This instance, named in its notes.
    instance: Arc<str>,
}

impl Chat {
    /// The chats whose messages are in the members' `pool`, announced to the other instances
    /// through `db` as `instance`.
    pub fn new(pool: AnyPool, db: Db, instance: Arc<str>) -> Chat {
        Chat { channels: Mutex::new(HashMap::new()), rate: Limiter::new(RATE), pool, db, instance }
    }

    /// The members' tables, where the messages are.
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Receives what is said in game `game_id` from now on.
    pub fn listen(&self, game_id: &str) -> broadcast::Receiver<Arc<Said>> {
        let mut channels = self.channels.lock().expect("chat lock");
        channels.entry(game_id.to_string()).or_insert_with(|| broadcast::channel(BACKLOG).0).subscribe()
    }

    /// Forgets game `game_id`'s channel once nobody listens to it.
    pub fn forget(&self, game_id: &str) {
        let mut channels = self.channels.lock().expect("chat lock");
        if channels.get(game_id).is_some_and(|sender| sender.receiver_count() == 0) {
            channels.remove(game_id);
        }
    }

    /// Whether a connection of this instance listens to game `game_id`'s chat.
    pub fn listened(&self, game_id: &str) -> bool {
        self.channels.lock().expect("chat lock").contains_key(game_id)
    }

    /// Tells game `game_id`'s listeners on this instance.
    pub fn say(&self, game_id: &str, said: Said) {
        let channels = self.channels.lock().expect("chat lock");
        if let Some(sender) = channels.get(game_id) {
            let _ = sender.send(Arc::new(said));
        }
    }

    /// Takes one message of `member_id`'s rate; false when it is used up.
    pub fn allow(&self, member_id: &str) -> bool {
        self.rate.allow(member_id.to_string())
    }
}

/// The next thing said, for a connection that listens (never, for one that does not).
pub async fn next(
    receiver: &mut Option<broadcast::Receiver<Arc<Said>>>,
) -> Result<Arc<Said>, broadcast::error::RecvError> {
    match receiver {
        Some(receiver) => receiver.recv().await,
        None => std::future::pending().await,
    }
}
