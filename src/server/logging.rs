//! The server's log: events with levels and fields, written to standard error as readable
//! lines or as JSON (one object per line, for log collectors), filtered as `RUST_LOG` says
//! (default `info`). Request and game spans give each event its context (see
//! [`request_span`](super::request_span) and [`ws`](super::ws)). Nothing secret is logged:
//! seat tokens travel in bodies and messages, which are never written out.

use super::config::LogFormat;
use std::io::IsTerminal;
use tracing_subscriber::filter::{EnvFilter, LevelFilter};

/// Sends this process's events to standard error in `format`; does nothing if a log is
/// already set up.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::builder().with_default_directive(LevelFilter::INFO.into()).from_env_lossy();
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
