//! For the people who run the server: [`logging`] (the log, with nothing secret in it),
//! [`metrics`] (the figures for Prometheus, recorded where things happen), [`shutdown`] (a
//! graceful stop) and [`memory`] (memory given back after a flood).

pub mod logging;
pub mod memory;
pub mod metrics;
pub mod shutdown;
