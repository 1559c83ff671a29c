//! Several instances on one PostgreSQL database: each stored change is announced with
//! `NOTIFY` (see [`Db::save`](super::db::Db::save)); every instance listens, and a room it
//! holds reads the game again and tells its own connections. The instances also report the
//! connections they hold on each seat, repeated every [`HEARTBEAT_MS`].

use super::app::App;
use super::db::{Db, CHANNEL};
use super::presence::HEARTBEAT_MS;
use crate::rules::ByColor;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;

/// Listens on the channel. Made before the server accepts connections, so that no change
/// announced from then on is missed.
pub async fn listener(db: &Db) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(db.url()).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Follows the other instances' changes for as long as the server runs.
pub async fn follow(app: Arc<App>, mut listener: PgListener) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => heard(&app, note.payload()).await,
            // The connection was lost and made again: what was announced meanwhile is lost,
            // so every game held here is read again.
            Ok(None) => {
                for room in app.hub.rooms() {
                    room.refresh(None).await;
                }
            }
            Err(e) => {
                eprintln!("jungle-server: PostgreSQL notifications: {e}; trying again");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

async fn heard(app: &App, payload: &str) {
    let words: Vec<&str> = payload.split(' ').collect();
    match words[..] {
        ["game", id, version] => {
            if let Some(room) = app.hub.loaded(id) {
                room.refresh(version.parse().ok()).await;
            }
        }
        ["presence", id, instance, red, blue] => {
            let count = red.parse().ok().zip(blue.parse().ok()).map(|(r, b)| ByColor::new(r, b));
            if let (Some(room), Some(count)) = (app.hub.loaded(id), count) {
                room.heard(instance, count);
            }
        }
        _ => eprintln!("jungle-server: unknown notification {payload:?}"),
    }
}

/// Repeats this instance's connections to the others, for as long as the server runs.
pub async fn heartbeat(app: Arc<App>) {
    let mut every = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
    loop {
        every.tick().await;
        for room in app.hub.rooms() {
            room.heartbeat();
        }
    }
}
