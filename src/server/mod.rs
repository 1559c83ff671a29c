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
//! A club runs one instance on a SQLite file (created on first start; back it up like any
//! file, or with `jungle-server backup`: see [`backup`]). When the server restarts, the games in play go on: the running clocks restart
//! from the moment it is back, so nobody loses time to the outage. Behind a reverse proxy
//! (TLS), pass `--trust-proxy` so that rate limits apply to the players' addresses.
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
//! The protocol is described in [`protocol`]. Layout: [`config`] (command line), [`db`]
//! (storage: reads), [`writer`] and [`store`] (group commit: the changes of many games in
//! one transaction), [`games_table`] (a game as its row and back: the table's one home),
//! [`checkpoint`] (SQLite's log), [`match_state`] (a game as the server holds it),
//! [`referee`] (the rules of a game on the server, pure: a [`event::Command`] applied gives
//! an [`event::Event`] or a refusal), [`error`] (the refusals'
//! codes and parameters), [`clock`], [`room`] (a game in memory and its connections: applies
//! a command, stores its event as one change, announces it as one message), [`view`] and
//! [`summary`] (what the pages see of a game, and of a game in a list), [`hub`] (all
//! rooms; creating and joining), [`session`] and [`ws`] (one connection), [`routes`] (HTTP: every router
//! assembled), [`games_api`] (the games' REST API), [`listing`] (games as the lists show them), [`http`] (what the HTTP handlers share: JSON bodies, refusals' answers, lists),
//! [`rate_limit`], [`note`], [`notify`] and [`presence`] (several instances on PostgreSQL);
//! [`listen`] (accepting connections: caps and timeouts), [`headers`] (the
//! Content-Security-Policy and other headers of every answer), [`files`] (the page, from inside
//! `dist/` only), [`lobby`] and [`expiry`] (open games under spam), [`alive`] (clocks fair
//! across a crash), [`memory`] (memory given back after floods);
//! [`members`] (accounts, sessions and the member API), [`rating`] (members' Glicko-2 ratings),
//! [`tournaments`] (tournaments' tables, API, games and the director that runs them, and the
//! live streams of tournaments and leaderboards), [`pairing`] (lobby filters, challenges,
//! quick pairing), [`chat`] (games' chats between members), [`admin`] (the club admin's
//! tools: reports, suspensions, health);
//! for operators: [`logging`] and [`request_span`] (the log), [`metrics`] and [`scrape`]
//! (Prometheus), [`shutdown`] (a graceful stop).
//! The load generator is a tool of its own, `jungle-load` (`crate::load`). The modules are
//! private but for what the binaries and the tests use: [`config`], [`logging`], [`run`] and
//! [`RefusalCode`].

mod admin;
mod alive;
mod app;
pub mod backup;
mod caching;
mod chat;
mod checkpoint;
mod clock;
pub mod config;
mod db;
mod ending;
mod error;
mod event;
mod expiry;
mod files;
mod games_api;
mod games_table;
mod headers;
mod http;
mod hub;
mod listen;
mod listing;
mod lobby;
pub mod logging;
mod match_state;
mod members;
mod memory;
mod metrics;
mod note;
mod notify;
mod openapi;
mod pairing;
mod presence;
mod protocol;
mod rate_limit;
mod rating;
mod record;
mod referee;
mod request_span;
mod room;
mod routes;
mod scrape;
mod session;
mod shutdown;
mod store;
mod summary;
mod token;
mod tournaments;
mod view;
mod writer;
mod ws;

pub use error::Code as RefusalCode;

use app::App;
use config::Config;
use db::{Backend, Db};
use files::Files;
use hub::Hub;
use lobby::Lobby;
use members::Members;
use shutdown::Stop;
use std::sync::atomic::AtomicI64;
use std::sync::Arc;
use std::time::Duration;

/// Runs the server (or the admin task asked for) until SIGTERM or Ctrl-C, then stops it
/// gracefully (see [`shutdown`]).
/// Prints `listening on http://ADDR` once it accepts connections.
pub async fn run(config: Config) -> Result<(), String> {
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
    let signal = shutdown::signal()?;
    referee::set_max_plies(config.max_plies);
    let files = match &config.dist {
        Some(dist) => Some(Files::new(dist).map_err(|e| format!("cannot serve {}: {e}", dist.display()))?),
        None => None,
    };
    let db =
        Db::open(&config.db).await.map_err(|e| format!("cannot open the database {}: {e}", config.db))?;
    // Kept while the server runs: a restore refuses to replace the file under it.
    let _in_use = match db.backend {
        Backend::Sqlite => Some(backup::in_use::hold(std::path::Path::new(&config.db))?),
        Backend::Postgres => None,
    };
    if db.backend == Backend::Sqlite || config.resume_clocks {
        db.resume_clocks(clock::now_ms()).await.map_err(|e| format!("cannot resume the clocks: {e}"))?;
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
    tokio::spawn(alive::run(db.clone()));
    let lobby = Lobby::new(config.open_games_per_ip, i64::from(config.open_game_expiry_seconds) * 1000);
    let members = Members::new(&config.members, db.url())?;
    let hub = Hub::new(db, lobby);
    let resumed = hub.load_playing().await.map_err(|e| format!("cannot read the games: {e}"))?;
    let (stop, shutdown) = Stop::new();
    let app = Arc::new(App::new(&config, hub, members, shutdown));
    tokio::spawn(expiry::sweep(app.clone()));
    let live = app.live.clone();
    let ratings_changed = move || live.ratings_changed();
    tokio::spawn(rating::sweep::run(app.members.pool().clone(), app.pairing.bounds, ratings_changed));
    if let Some(listener) = live_listener {
        tokio::spawn(tournaments::live::follow(app.clone(), listener));
    }
    tokio::spawn(tournaments::director::run(app.clone()));
    if let Some(listener) = listener {
        let lost = Arc::new(AtomicI64::new(0));
        tokio::spawn(notify::follow(app.clone(), listener, lost.clone()));
        tokio::spawn(notify::catch_up(app.clone(), lost));
        tokio::spawn(notify::heartbeat(app.clone()));
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
    let limits = listen::Limits {
        max_connections: config.max_connections.unwrap_or_else(listen::default_max_connections),
        per_ip: (!config.trust_proxy).then_some(config.http_connections_per_ip),
        header_timeout: Duration::from_secs(config.http_timeout_seconds.into()),
    };
    let serving = listen::serve(listener, routes::router(app.clone(), files), limits, app.shutdown.clone());
    tokio::spawn(serving);
    signal.await;
    tracing::info!("stopping: closing the connections");
    if !stop.stop(shutdown::GRACE).await {
        tracing::warn!("some connections were still open after {:?}", shutdown::GRACE);
    }
    tracing::info!("stopped");
    Ok(())
}
