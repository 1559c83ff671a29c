//! Several instances on one PostgreSQL database: the changes each stores are announced with
//! `NOTIFY` when their transaction commits (see [`note`](crate::server::storage::note) and
//! [`writer`](crate::server::storage::writer)); every instance listens, and a room it holds plays the move
//! announced (or reads the game again) and tells its own connections. The instances also
//! report the connections they hold on each seat, repeated every [`HEARTBEAT_MS`] (all the
//! rooms' reports in one transaction). Notifications are lost while the listening connection
//! is down, so the instances also compare the versions of the games they hold with the
//! database's ([`catch_up`]): no instance stays behind.

use super::app::App;
use super::chat::relay;
use crate::server::game::clock::now_ms;
use crate::server::play::presence::HEARTBEAT_MS;
use crate::server::storage::db::Db;
use crate::server::storage::listen;
use crate::server::storage::note::{Note, CHANNEL};
use sqlx::postgres::PgListener;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the listening connection is tried again while the database is away.
const RECONNECT_EVERY: Duration = Duration::from_millis(250);
/// How often the games' versions are checked after the listening connection was lost.
const CHECK_EVERY: Duration = Duration::from_millis(500);
/// How long after a loss they are checked that often (the connection is back by then).
const AFTER_LOSS_MS: i64 = 10_000;
/// How often they are checked otherwise.
const CHECK_ALWAYS_EVERY: Duration = Duration::from_secs(5);
/// Games whose versions one query reads.
const CHECK_BATCH: usize = 500;

/// Listens on the channel. Made before the server accepts connections, so that no change
/// announced from then on is missed.
pub async fn listener(db: &Db) -> Result<PgListener, sqlx::Error> {
    listen::listener(db.url(), CHANNEL).await
}

/// Follows the other instances' changes for as long as the server runs. When the listening
/// connection is lost, what is announced until it is back is lost too: `lost` then says when,
/// and [`catch_up`] reads the games again.
pub async fn follow(app: App, mut listener: PgListener, lost: Arc<AtomicI64>) {
    loop {
        match listener.try_recv().await {
            Ok(Some(note)) => heard(&app, note.payload()).await,
            // Lost; the next call connects again.
            Ok(None) => lost.store(now_ms(), Ordering::SeqCst),
            Err(e) => {
                tracing::warn!(error = %e, "PostgreSQL notifications lost; trying again");
                lost.store(now_ms(), Ordering::SeqCst);
                tokio::time::sleep(RECONNECT_EVERY).await;
            }
        }
    }
}

/// Checks the stored version of every game held here, and reads again those that changed
/// without this instance hearing of it: every [`CHECK_EVERY`] while the listening connection
/// was lost in the last [`AFTER_LOSS_MS`] (or the database does not answer), and every
/// [`CHECK_ALWAYS_EVERY`] besides, whatever went wrong.
pub async fn catch_up(app: App, lost: Arc<AtomicI64>) {
    let mut ticks = tokio::time::interval(CHECK_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_check = tokio::time::Instant::now();
    let mut failing = false;
    loop {
        ticks.tick().await;
        let recently_lost = now_ms() - lost.load(Ordering::SeqCst) < AFTER_LOSS_MS;
        if !recently_lost && last_check.elapsed() < CHECK_ALWAYS_EVERY {
            continue;
        }
        last_check = tokio::time::Instant::now();
        match check_versions(&app).await {
            Ok(()) => failing = false,
            Err(e) => {
                if !failing {
                    tracing::warn!(error = %e, "cannot check the games' versions; trying again");
                }
                failing = true;
                lost.store(now_ms(), Ordering::SeqCst);
            }
        }
    }
}

/// Reads again every game held here whose stored version is newer than the one held.
async fn check_versions(app: &App) -> Result<(), sqlx::Error> {
    for rooms in app.hub.rooms().chunks(CHECK_BATCH) {
        let ids: Vec<&str> = rooms.iter().map(|room| room.id.as_str()).collect();
        let stored = app.hub.db.versions(&ids).await?;
        for room in rooms {
            let behind = |&stored: &i64| room.version().is_some_and(|held| held < stored);
            if stored.get(&room.id).is_some_and(behind) {
                room.refresh().await;
            }
        }
    }
    Ok(())
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
            Some(Note::Chat { id, message, instance, hidden }) => {
                if instance != *app.hub.instance {
                    relay::heard(&app.chat, &id, &message, hidden).await;
                }
            }
            Some(Note::SessionsEnded { member, instance }) => app.members.ends.heard(&member, &instance),
            None => tracing::warn!(notification = ?line, "unknown notification"),
        }
    }
}

/// Repeats this instance's connections to the others, for as long as the server runs.
pub async fn heartbeat(app: App) {
    let mut every = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
    loop {
        every.tick().await;
        let notes = app.hub.rooms().iter().filter_map(|room| room.heartbeat()).collect();
        app.hub.db.notes(notes);
    }
}
