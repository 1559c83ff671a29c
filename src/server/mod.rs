//! The online play server (`jungle-server`, cargo feature `server`): it serves the built
//! page and a game API on the same origin, holds every game, referees every move with the
//! rules engine, runs the clocks, and stores everything in SQLite or PostgreSQL.
//!
//! # Running it
//!
//! ```text
//! cargo build --release --features server --bin jungle-server
//! target/release/jungle-server --dist dist --db jungle.sqlite --port 8080
//! ```
//! `scripts/release` builds it with the page inside (feature `bundled-page`), served when no
//! `--dist` is given, and packs it with its install files.
//! A club runs one instance on a SQLite file (created on first start; back it up like any
//! file, or with `jungle-server backup`: see [`backup`]). When the server restarts, the games in play go on: the running clocks restart
//! from the moment it is back, so nobody loses time to the outage. Behind a reverse proxy
//! (TLS), pass `--trust-proxy` with the proxy's addresses so that rate limits apply to the
//! players' addresses.
//!
//! A larger site runs several instances with `--db postgres://user@host/db` behind one
//! address (any load balancer that passes WebSockets; no sticky sessions needed): every
//! change is stored in a transaction that checks the game's version, and announced with
//! `NOTIFY` (a move with the move itself), so each instance tells its own connections about
//! moves made on the others, and
//! a flag timer on two instances ends the game once; the instances also tell each other
//! which seats they hold connections for. Start them with `--resume-clocks` only when the
//! whole site restarts.
//!
//! The protocol is described in [`play::protocol`]. The layout, from the ground up (no module
//! imports one above it, `tests/layering.rs` checks): [`error`] (the refusals' codes, their
//! parameters and HTTP statuses); [`game`] (a game as the server holds and referees it, pure);
//! [`ops`] (the log, metrics, a graceful stop); [`storage`] (the database: reads, group
//! commit, notes between instances); [`rating`] (members' Glicko-2 ratings); [`play`] (the
//! games in play: rooms, the hub, the protocol, presence); [`http`] (what every handler and
//! answer shares); the features, each owning its tables and routes: [`members`] (accounts,
//! sessions, suspensions and the member API), [`chat`] (games' chats), [`bots`] (bot accounts' tokens and the bot API), [`pairing`] (lobby
//! filters, challenges, quick pairing), [`tournaments`] (tables, API, games, the director and
//! the live streams of tournaments, leaderboards and a member's challenges), [`leagues`]
//! (leagues: divisions, seasons, promotion and relegation), [`ladders`] (ladders: challenges
//! up, swaps, idle drops, the history), [`cups`] (knockout cups: tables, sweep, API, live),
//! [`teams`] (teams and team matches: tables, API, the sweep), [`push`] (Web Push to members' devices: keys,
//! subscriptions, settings, the outbox and its delivery), [`watchers`] (who
//! watches what live, the streams' caps, and changes announced to the other instances), [`admin`] (the club admin's tools:
//! reports, invites, health), [`tablebase`] (endgame tables read on first use, and their route); then [`config`] (the settings: command line, environment, file, and `check`), [`app`] (the state every
//! handler's parts come from), [`connection`] (one WebSocket), [`games_api`] (the games' REST API), [`notify`] (several instances on PostgreSQL), [`expiry`]
//! (open games nobody joins), [`idle_games`] (games in play nobody plays any more), [`scrape`] (Prometheus), [`backup`], and [`routes`] (every
//! router assembled, and the OpenAPI document).
//! The load generator is a tool of its own, `jungle-load` (`crate::load`). The modules are
//! private but for what the binaries and the tests use: [`config`], [`ops::logging`], [`run`],
//! [`PageFile`] and [`RefusalCode`].

mod admin;
mod app;
pub mod backup;
mod bots;
mod chat;
mod conditional_api;
pub mod config;
mod connection;
mod cups;
mod email;
mod error;
mod expiry;
mod game;
mod games_api;
mod http;
mod idle_games;
mod ladders;
mod leagues;
mod members;
mod notify;
pub mod ops;
mod pairing;
mod play;
mod push;
mod rating;
mod routes;
mod scrape;
mod storage;
mod tablebase;
mod teams;
mod time;
mod tournaments;
mod watchers;

pub use error::Code as RefusalCode;
pub use http::bundled_page::PageFile;

use app::App;
use axum::extract::FromRef;
use config::Config;
use http::bundled_page::{self, Unpacked};
use http::files::Files;
use members::Members;
use ops::shutdown::Stop;
use play::hub::Hub;
use play::lobby::Lobby;
use std::sync::atomic::AtomicI64;
use std::sync::Arc;
use std::time::Duration;
use storage::db::{Backend, Db};
use storage::shown::without_password;

/// Runs the server (or the admin task asked for) until SIGTERM or Ctrl-C, then stops it
/// gracefully (see [`ops::shutdown`]), serving the page built into the binary, `built_in`
/// (none when empty), unless `--dist` names another.
/// Prints `listening on http://ADDR` once it accepts connections.
pub async fn run(config: Config, built_in: &[PageFile]) -> Result<(), String> {
    if config.command == Some(config::Command::Check) {
        return config::check::report(&config).await;
    }
    // Serving, `admin` and `export` bring the schema up to date; `backup` and `restore` read.
    let migrates =
        !matches!(config.command, Some(config::Command::Backup { .. } | config::Command::Restore { .. }));
    if migrates && !backup::is_postgres(&config.db) {
        backup::before_upgrade::keep_a_copy(std::path::Path::new(&config.db)).await?;
    }
    if let Some(config::Command::Admin { task: config::AdminTask::Add { name } }) = &config.command {
        println!("{}", members::admin::add(&config.db, name).await?);
        return Ok(());
    }
    if let Some(command) = &config.command {
        if let Some(done) = backup::run(&config.db, command).await? {
            println!("{done}");
            return Ok(());
        }
    }
    let signal = ops::shutdown::signal()?;
    if let Some(file) = &config.test_clock {
        time::follow_test_clock(file.clone());
    }
    game::referee::set_max_plies(config.max_plies);
    // Kept while the server runs: the built-in page's folder goes with it.
    let (files, _bundled) = page(&config, built_in)?;
    let db = Db::open(&config.db, Duration::from_secs(config.store_wait_seconds.into()))
        .await
        .map_err(|e| without_password(&format!("cannot open the database {}: {e}", config.db), &config.db))?;
    // Kept while the server runs: a restore refuses to replace the file under it.
    let _in_use = match db.backend {
        Backend::Sqlite => Some(backup::in_use::hold(std::path::Path::new(&config.db))?),
        Backend::Postgres => None,
    };
    if db.backend == Backend::Sqlite || config.resume_clocks {
        db.resume_clocks(game::clock::now_ms())
            .await
            .map_err(|e| format!("cannot resume the clocks: {e}"))?;
    }
    let listener = match db.backend {
        Backend::Postgres => Some(notify::listener(&db).await.map_err(|e| format!("cannot LISTEN: {e}"))?),
        Backend::Sqlite => None,
    };
    let live_listener = match db.backend {
        Backend::Postgres => {
            Some(tournaments::live::listener(db.url()).await.map_err(|e| format!("cannot LISTEN: {e}"))?)
        }
        Backend::Sqlite => None,
    };
    tokio::spawn(storage::alive::run(db.clone()));
    if let Some(schedule) = backup::schedule(&config) {
        tokio::spawn(schedule.run());
    }
    let lobby = Lobby::new(config.open_games_per_ip, i64::from(config.open_game_expiry_seconds) * 1000);
    let hub = Hub::new(db, lobby);
    let mut members = Members::new(&config.members, &hub.db, hub.instance.clone())?;
    let email =
        email::Email::new(&config.email, members.pool().clone(), config.members.public_origin.as_deref())?;
    members.sends_mail = email.is_on();
    let contact = push::subject(config.push_contact.as_deref(), config.members.public_origin.as_deref());
    let push = Arc::new(push::Push::new(members.pool().clone(), contact).await?);
    let resumed = hub.load_playing().await.map_err(|e| format!("cannot read the games: {e}"))?;
    let (stop, shutdown) = Stop::new();
    let budget = http::budget::Budget::new(
        http::open_files::raise(),
        config.max_connections,
        config.http_connections_per_ip,
        config.connections_per_ip,
    );
    tracing::info!(
        connections = budget.connections,
        per_address = budget.per_address,
        sockets_per_address = budget.sockets_per_address,
        "connection caps"
    );
    let stored = hub.stored.subscribe();
    let app = App::new(&config, budget.sockets_per_address, hub, members, push, email, shutdown);
    tokio::spawn(push::delivery::run(app.push.clone()));
    tokio::spawn(push::events::follow_games(app.push.clone(), stored));
    tokio::spawn(push::events::sweep_clocks(app.push.clone(), app.hub.clone()));
    tokio::spawn(expiry::sweep(app.clone()));
    tokio::spawn(idle_games::sweep(app.clone()));
    let sources = email::digest::Sources {
        members: app.members.clone(),
        hub: app.hub.clone(),
        bounds: app.pairing.bounds,
    };
    tokio::spawn(email::digest::sweep(app.email.clone(), sources));
    let live = app.live.clone();
    let ratings_changed = move || live.ratings_changed();
    tokio::spawn(rating::sweep::run(app.members.pool().clone(), app.pairing.bounds, ratings_changed));
    if let Some(listener) = live_listener {
        tokio::spawn(tournaments::live::follow(app.live.clone(), listener));
    }
    tokio::spawn(tournaments::director::run(tournaments::director::Parts::from_ref(&app)));
    tokio::spawn(cups::director::run(cups::director::Parts::from_ref(&app)));
    tokio::spawn(ladders::sweep::run(ladders::Parts::from_ref(&app)));
    tokio::spawn(leagues::sweep::run(leagues::Parts::from_ref(&app)));
    tokio::spawn(teams::sweep::run(teams::Parts::from_ref(&app)));
    if let Some(listener) = listener {
        let lost = Arc::new(AtomicI64::new(0));
        tokio::spawn(notify::follow(app.clone(), listener, lost.clone()));
        tokio::spawn(notify::catch_up(app.clone(), lost));
        tokio::spawn(notify::heartbeat(app.clone()));
        tokio::spawn(notify::alive(app.clone()));
    }
    if let Some(addr) = config.metrics_addr {
        tokio::spawn(scrape::serve(scrape::bind(addr).await?, app.clone()));
    }
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    println!("listening on http://{addr} ({resumed} games in play)");
    tracing::info!(%addr, resumed, db = ?app.hub.db.backend, "listening");
    let limits = http::listen::Limits {
        max_connections: budget.connections,
        per_ip: budget.per_address,
        proxies: app.proxies.clone(),
        header_timeout: Duration::from_secs(config.http_timeout_seconds.into()),
    };
    let serving =
        http::listen::serve(listener, routes::router(app.clone(), files), limits, app.shutdown.clone());
    tokio::spawn(serving);
    signal.await;
    tracing::info!("stopping: closing the connections");
    // The others lose this instance now, not once it falls silent: its players, who reconnect
    // to them next, are given back the time from now (nothing to tell on SQLite).
    notify::stopping(&app).await;
    if !stop.stop(ops::shutdown::GRACE).await {
        tracing::warn!("some connections were still open after {:?}", ops::shutdown::GRACE);
    }
    tracing::info!("stopped");
    Ok(())
}

/// The page to serve: `--dist`, else the one built into the binary (with the folder it is
/// written out to), else none (the API alone).
fn page(config: &Config, built_in: &[PageFile]) -> Result<(Option<Files>, Option<Unpacked>), String> {
    let serve = |dist: &std::path::Path| {
        Files::new(dist).map_err(|e| format!("cannot serve {}: {e}", dist.display()))
    };
    if let Some(dist) = &config.dist {
        tracing::info!(dist = %dist.display(), "serving the page");
        return Ok((Some(serve(dist)?), None));
    }
    let Some(bundled) = bundled_page::unpack(built_in, &std::env::temp_dir())? else {
        tracing::info!("no page to serve: the API alone (give --dist)");
        return Ok((None, None));
    };
    tracing::info!(folder = %bundled.folder().display(), "serving the built-in page");
    Ok((Some(serve(bundled.folder())?), Some(bundled)))
}
