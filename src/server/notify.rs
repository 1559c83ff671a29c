//! Several instances on one PostgreSQL database: the changes each stores are announced with
//! `NOTIFY` when their transaction commits (see [`note`](crate::server::storage::note) and
//! [`writer`](crate::server::storage::writer)); every instance listens, and a room it holds plays the move
//! announced (or reads the game again) and tells its own connections. The instances also
//! report the connections they hold on each seat, repeated every [`HEARTBEAT_MS`] (all the
//! rooms' reports in one transaction), and say twice a second that they run ([`alive`]): one
//! that falls silent, or says it stops, is lost, its players away and their clocks given back
//! the time they were cut off (see [`instances`](crate::server::play::instances)). Notifications are lost while the listening connection
//! is down, so the instances also compare the versions of the games they hold with the
//! database's ([`catch_up`]): no instance stays behind.

use super::app::App;
use super::chat::relay;
use crate::server::play::instances::{Lost, ALIVE_EVERY_MS};
use crate::server::play::presence::HEARTBEAT_MS;
use crate::server::storage::db::Db;
use crate::server::storage::listen;
use crate::server::storage::note::{Note, CHANNEL};
use crate::server::time::real_ms;
use sqlx::postgres::PgListener;
use std::collections::HashSet;
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
            Ok(None) => lost.store(real_ms(), Ordering::SeqCst),
            Err(e) => {
                tracing::warn!(error = %e, "PostgreSQL notifications lost; trying again");
                lost.store(real_ms(), Ordering::SeqCst);
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
        let recently_lost = real_ms() - lost.load(Ordering::SeqCst) < AFTER_LOSS_MS;
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
                lost.store(real_ms(), Ordering::SeqCst);
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
                app.hub.instances.report(&instance, &id, count, real_ms());
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
            Some(Note::Alive { instance }) => app.hub.instances.alive(&instance, real_ms()),
            Some(Note::Hello { instance }) => {
                if instance != *app.hub.instance {
                    report_presence(app);
                }
            }
            Some(Note::Stopping { instance }) => {
                if let Some(lost) = app.hub.instances.stopping(&instance, real_ms()) {
                    lose(app, lost).await;
                }
            }
            None => tracing::warn!(notification = ?line, "unknown notification"),
        }
    }
}

/// Says that this instance runs, every [`ALIVE_EVERY_MS`], and loses the instances that fell
/// silent, for as long as the server runs.
pub async fn alive(app: App) {
    let mut every = tokio::time::interval(Duration::from_millis(ALIVE_EVERY_MS as u64));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let me = Note::Alive { instance: app.hub.instance.to_string() };
    // A new instance learns at once which seats the others hold (to know whose they were
    // should one of them be lost).
    let hello = Note::Hello { instance: app.hub.instance.to_string() };
    if let Err(e) = app.hub.db.notify_now(vec![hello]).await {
        tracing::warn!(error = %e, "cannot greet the other instances");
    }
    loop {
        every.tick().await;
        // A failure is the database away: the other tasks say so, and nobody is lost for it.
        let _ = app.hub.db.notify_now(vec![me.clone()]).await;
        for lost in app.hub.instances.silent(real_ms()) {
            lose(&app, lost).await;
        }
    }
}

/// Another instance was lost: its players here count as gone since its last sign of life,
/// and those already back here are given back the time their clocks ran meanwhile (the others
/// when they come back: see `Session::subscribe`).
async fn lose(app: &App, lost: Lost) {
    tracing::info!(instance = %lost.instance, seats = lost.seats.len(), "instance lost");
    let mut told = HashSet::new();
    for seat in &lost.seats {
        let Some(room) = app.hub.loaded(&seat.0) else { continue };
        if told.insert(seat.0.clone()) {
            room.lost(&lost.instance, lost.at);
        }
        let Some(back) = room.here_since(seat.1).filter(|&back| back >= lost.at) else { continue };
        if app.hub.instances.take_lost(seat, real_ms()).is_some() {
            room.excuse(seat.1, lost.at, back).await;
        }
    }
}

/// Repeats this instance's connections to the others, for as long as the server runs.
pub async fn heartbeat(app: App) {
    let mut every = tokio::time::interval(Duration::from_millis(HEARTBEAT_MS as u64));
    loop {
        every.tick().await;
        report_presence(&app);
    }
}

/// Tells the others the connections this instance holds, all the rooms' in one transaction.
fn report_presence(app: &App) {
    app.hub.db.notes(presence_notes(app));
}

/// The connections this instance holds, a note for each room that has some.
fn presence_notes(app: &App) -> Vec<Note> {
    app.hub.rooms().iter().filter_map(|room| room.heartbeat()).collect()
}

/// Tells the others that this instance stops, and the seats it holds (which a new instance may
/// not have heard of yet): they lose it at once, and give its players back the time until they
/// are connected to them.
pub async fn stopping(app: &App) {
    let mut notes = presence_notes(app);
    notes.push(Note::Stopping { instance: app.hub.instance.to_string() });
    if let Err(e) = app.hub.db.notify_now(notes).await {
        tracing::warn!(error = %e, "cannot tell the other instances that this one stops");
    }
}
