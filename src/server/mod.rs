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
//! file). When the server restarts, the games in play go on: the running clocks restart
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
//! one transaction), [`checkpoint`] (SQLite's log), [`referee`] (the rules of a game on the
//! server, pure), [`clock`], [`room`] (a game in memory and its connections), [`hub`] (all
//! rooms; creating and joining), [`session`] and [`ws`] (one connection), [`routes`] (HTTP),
//! [`rate_limit`], [`note`], [`notify`] and [`presence`] (several instances on PostgreSQL);
//! [`listen`] (accepting connections: caps and timeouts), [`headers`] (the
//! Content-Security-Policy and other headers of every answer), [`files`] (the page, from inside
//! `dist/` only), [`lobby`] and [`expiry`] (open games under spam), [`alive`] (clocks fair
//! across a crash), [`memory`] (memory given back after floods);
//! [`bench`] is the load generator (`jungle-server bench`).

pub mod alive;
pub mod app;
pub mod bench;
pub mod caching;
pub mod checkpoint;
pub mod clock;
pub mod config;
pub mod db;
pub mod ending;
pub mod error;
pub mod expiry;
pub mod files;
pub mod headers;
pub mod hub;
pub mod listen;
pub mod lobby;
pub mod memory;
pub mod note;
pub mod notify;
pub mod presence;
pub mod protocol;
pub mod rate_limit;
pub mod record;
pub mod referee;
pub mod room;
pub mod routes;
pub mod session;
pub mod store;
pub mod token;
pub mod view;
pub mod writer;
pub mod ws;

use app::App;
use config::Config;
use db::{Backend, Db};
use files::Files;
use hub::Hub;
use lobby::Lobby;
use std::sync::atomic::AtomicI64;
use std::sync::Arc;
use std::time::Duration;

/// Runs the server until interrupted (Ctrl-C or SIGTERM). Prints `listening on http://ADDR`
/// once it accepts connections.
pub async fn run(config: Config) -> Result<(), String> {
    referee::set_max_plies(config.max_plies);
    let files = match &config.dist {
        Some(dist) => Some(Files::new(dist).map_err(|e| format!("cannot serve {}: {e}", dist.display()))?),
        None => None,
    };
    let db =
        Db::open(&config.db).await.map_err(|e| format!("cannot open the database {}: {e}", config.db))?;
    if db.backend == Backend::Sqlite || config.resume_clocks {
        db.resume_clocks(clock::now_ms()).await.map_err(|e| format!("cannot resume the clocks: {e}"))?;
    }
    let listener = match db.backend {
        Backend::Postgres => Some(notify::listener(&db).await.map_err(|e| format!("cannot LISTEN: {e}"))?),
        Backend::Sqlite => None,
    };
    tokio::spawn(alive::run(db.clone()));
    let lobby = Lobby::new(config.open_games_per_ip, i64::from(config.open_game_expiry_seconds) * 1000);
    let hub = Hub::new(db, lobby);
    let resumed = hub.load_playing().await.map_err(|e| format!("cannot read the games: {e}"))?;
    let app = Arc::new(App::new(&config, hub));
    tokio::spawn(expiry::sweep(app.clone()));
    if let Some(listener) = listener {
        let lost = Arc::new(AtomicI64::new(0));
        tokio::spawn(notify::follow(app.clone(), listener, lost.clone()));
        tokio::spawn(notify::catch_up(app.clone(), lost));
        tokio::spawn(notify::heartbeat(app.clone()));
    }
    let listener = tokio::net::TcpListener::bind((config.host, config.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", config.host, config.port))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    println!("listening on http://{addr} ({resumed} games in play)");
    let limits = listen::Limits {
        max_connections: config.max_connections.unwrap_or_else(listen::default_max_connections),
        per_ip: (!config.trust_proxy).then_some(config.http_connections_per_ip),
        header_timeout: Duration::from_secs(config.http_timeout_seconds.into()),
    };
    // Stop at once on a signal: every acknowledged change is already stored, and waiting for
    // the WebSockets to close would wait for the players.
    tokio::select! {
        () = listen::serve(listener, routes::router(app, files), limits) => Ok(()),
        () = shutdown() => Ok(()),
    }
}

async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("SIGTERM can be handled");
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
