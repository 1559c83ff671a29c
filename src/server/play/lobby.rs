//! The lobby stays useful under spam: one address holds at most a few games waiting for an
//! opponent, and a game nobody joins expires (it is listed no more, and
//! [`expiry`](crate::server::expiry) calls it off, telling whoever waits in it).

/// The lobby's limits.
pub struct Lobby {
    /// Open games one address may hold.
    pub open_per_ip: u32,
    /// How long an open game waits for an opponent, in milliseconds.
    pub expiry_ms: i64,
    /// Held while an open game is counted and stored, so that a burst of requests from one
    /// address cannot all pass the count before any is stored.
    pub creating: tokio::sync::Mutex<()>,
}

impl Lobby {
    /// A lobby with these limits.
    pub fn new(open_per_ip: u32, expiry_ms: i64) -> Lobby {
        Lobby { open_per_ip, expiry_ms, creating: tokio::sync::Mutex::new(()) }
    }

    /// The creation time of the oldest open game still waiting at `now`.
    pub fn oldest_open(&self, now: i64) -> i64 {
        now.saturating_sub(self.expiry_ms)
    }
}
