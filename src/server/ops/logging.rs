//! The server's log: events with levels and fields, written to standard error as readable
//! lines or as JSON (one object per line, for log collectors), filtered as `RUST_LOG` says
//! (default [`DEFAULT_FILTER`]). Request and game spans give each event its context (see
//! [`request_span`](crate::server::http::request_span) and [`ws`](crate::server::connection::ws)). Nothing secret is logged:
//! seat tokens travel in bodies and messages, which are never written out.

use clap::ValueEnum;
use std::io::IsTerminal;
use tracing_subscriber::filter::{EnvFilter, LevelFilter};

/// How log lines are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// One readable line per event.
    Text,
    /// One JSON object per line, for log collectors.
    Json,
}

/// The filter without `RUST_LOG`: `info`, but only errors from sqlx, whose pool warns on
/// every connection it tests while the database is away (hundreds of lines a second; the
/// server says once that the database is away).
const DEFAULT_FILTER: &str = "info,sqlx=error";

/// Sends this process's events to standard error in `format`; does nothing if a log is
/// already set up.
pub fn init(format: LogFormat) {
    let filter = match std::env::var(EnvFilter::DEFAULT_ENV) {
        Ok(directives) => {
            EnvFilter::builder().with_default_directive(LevelFilter::INFO.into()).parse_lossy(directives)
        }
        Err(_) => EnvFilter::new(DEFAULT_FILTER),
    };
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal());
    // Set twice only in tests that run servers in one process: the first log stays.
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().try_init(),
    };
}
