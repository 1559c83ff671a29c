//! The PostgreSQL connections that `LISTEN` to the instances' notes ([`notify`] and the live
//! tournaments). sqlx's listener connects again by itself, and `LISTEN`s again, when its
//! connection is lost; its own pool waits at most [`PATIENCE`] for the database each time,
//! so that it tries again soon after a restart and its follower learns of the loss (to read
//! again what it may have missed) every [`PATIENCE`] while the database is away.
//!
//! [`notify`]: crate::server::notify

use sqlx::postgres::{PgListener, PgPoolOptions};
use std::time::Duration;

/// How long one try to connect the listener again lasts (tries within it at most a fifth of
/// it apart).
const PATIENCE: Duration = Duration::from_secs(1);

/// A listener on `channel` of the database at `url`.
pub async fn listener(url: &str, channel: &str) -> Result<PgListener, sqlx::Error> {
    let pool = PgPoolOptions::new()
        .max_connections(1)
        .acquire_timeout(PATIENCE)
        .max_lifetime(None)
        .idle_timeout(None)
        .connect(url)
        .await?;
    let mut listener = PgListener::connect_with(&pool).await?;
    listener.listen(channel).await?;
    Ok(listener)
}
