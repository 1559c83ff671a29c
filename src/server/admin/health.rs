//! The server's health for the admin page: games held in memory and stored, open connections,
//! the database's size.

use crate::server::ops::metrics::{metrics, Connection};
use crate::server::play::hub::Hub;
use crate::server::storage::db::Backend;
use serde::Serialize;
use sqlx::{AnyPool, Row};

/// What `GET api/admin/health` answers.
#[derive(Debug, Serialize)]
pub struct Health {
    /// `sqlite` or `postgres`.
    pub db: &'static str,
    /// Games this instance holds in memory (being played or watched).
    pub games_held: usize,
    /// Games in the database, by status.
    pub games_open: i64,
    /// Games being played.
    pub games_playing: i64,
    /// Games finished.
    pub games_over: i64,
    /// Open HTTP connections to this instance.
    pub http_connections: i64,
    /// Open game WebSockets to this instance.
    pub websockets: i64,
    /// The database's size in bytes.
    pub db_bytes: i64,
}

/// The figures now, of the games `hub` holds and of the database (read through `pool`).
pub async fn now(hub: &Hub, pool: &AnyPool) -> sqlx::Result<Health> {
    let counts = sqlx::query(
        "SELECT COALESCE(SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END), 0) AS open,
                COALESCE(SUM(CASE WHEN status = 'playing' THEN 1 ELSE 0 END), 0) AS playing,
                COALESCE(SUM(CASE WHEN status = 'over' THEN 1 ELSE 0 END), 0) AS over
         FROM games",
    )
    .fetch_one(pool)
    .await?;
    let (db, size) = match hub.db.backend {
        Backend::Sqlite => (
            "sqlite",
            "SELECT p.page_count * s.page_size AS bytes FROM pragma_page_count() p, pragma_page_size() s",
        ),
        Backend::Postgres => ("postgres", "SELECT pg_database_size(current_database()) AS bytes"),
    };
    let db_bytes = sqlx::query(size).fetch_one(pool).await?.try_get("bytes")?;
    Ok(Health {
        db,
        games_held: hub.rooms().len(),
        games_open: counts.try_get("open")?,
        games_playing: counts.try_get("playing")?,
        games_over: counts.try_get("over")?,
        http_connections: metrics().open_now(Connection::Http),
        websockets: metrics().open_now(Connection::WebSocket),
        db_bytes,
    })
}
