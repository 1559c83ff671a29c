//! Several instances on one PostgreSQL database: the changes each stores are announced with
//! `NOTIFY` when their transaction commits (see [`note`](super::note) and
//! [`writer`](super::writer)); every instance listens, and a room it holds plays the move
//! announced (or reads the game again) and tells its own connections. The instances also
//! report the connections they hold on each seat, repeated every [`HEARTBEAT_MS`] (all the
//! rooms' reports in one transaction).

use super::app::App;
use super::db::Db;
use super::note::{Note, CHANNEL};
use super::presence::HEARTBEAT_MS;
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
                    room.refresh().await;
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
    for line in payload.lines() {
        match Note::parse(line) {
            Some(Note::Game { id, version, moved }) => {
                if let Some(room) = app.hub.loaded(&id) {
                    room.follow(version, moved).await;
                }
            }
            Some(Note::Presence { id, instance, count }) => {
                if let Some(room) = app.hub.loaded(&id) {
                    room.heard(&instance, count);
                }
            }
            None => eprintln!("jungle-server: unknown notification {line:?}"),
        }
    }
}

/// Repeats this instance's connections to the others, for as long as the server runs.
pub async fn heartbeat(app: Arc<App>) {
    let mut every = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
    loop {
        every.tick().await;
        let notes = app.hub.rooms().iter().filter_map(|room| room.heartbeat()).collect();
        app.hub.db.notes(notes);
    }
}
