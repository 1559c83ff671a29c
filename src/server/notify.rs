//! Several instances on one PostgreSQL database: each stored change is announced with
//! `NOTIFY` (see [`Db::save`](super::db::Db::save)); every instance listens, and a room it
//! holds reads the game again and tells its own connections.

use super::app::App;
use super::db::CHANNEL;
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
        let Some((id, version)) = note.payload().split_once(' ') else { continue };
        if let Some(room) = app.hub.loaded(id) {
            room.refresh(version.parse().ok()).await;
        }
    }
}
