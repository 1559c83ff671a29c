//! Several instances on one PostgreSQL database: each stored change is announced with
//! `NOTIFY` (see [`Db::save`](super::db::Db::save)); every instance listens, and a room it
//! holds reads the game again and tells its own connections. The instances also report the
//! connections they hold on each seat, repeated every [`HEARTBEAT_MS`].

use super::app::App;
use super::db::CHANNEL;
use super::presence::HEARTBEAT_MS;
use crate::rules::ByColor;
use sqlx::postgres::PgListener;
use std::sync::Arc;
use std::time::Duration;

/// Follows the other instances' changes for as long as the server runs, reconnecting after
/// a lost connection.
pub async fn follow(app: Arc<App>) {
    loop {
        if let Err(e) = listen(&app).await {
            eprintln!("jungle-server: lost the PostgreSQL notifications ({e}); reconnecting");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listen(app: &App) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(app.hub.db.url()).await?;
    listener.listen(CHANNEL).await?;
    loop {
        let note = listener.recv().await?;
        let words: Vec<&str> = note.payload().split(' ').collect();
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
            _ => eprintln!("jungle-server: unknown notification {:?}", note.payload()),
        }
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
