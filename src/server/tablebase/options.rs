//! The command-line options of the endgame tables: where they are, the memory they may take,
//! and how often a client may ask.

use crate::server::http::rate_limit::Rate;
use clap::Args;
use std::path::PathBuf;

/// The options of `api/tablebase`.
#[derive(Clone, PartialEq, Debug, Args)]
pub struct TablebaseOptions {
    /// Answer `GET api/tablebase?fen=` from the endgame tables in DIR (built with `jungle
    /// tablebase build --animals 4 --out DIR`); without it, the route answers `no_tablebase`
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<PathBuf>,
    /// The tables kept in memory, in megabytes: each material set is read on first use and
    /// the least recently used are let go beyond this (one set is always kept)
    #[arg(long = "tablebase-memory", value_name = "MB", default_value_t = 1024, value_parser = clap::value_parser!(u32).range(1..=1_048_576))]
    pub tablebase_memory_mb: u32,
    /// Endgame table questions per client address and minute (bursts of N)
    #[arg(long = "tablebase-per-minute", value_name = "N", default_value = "60", value_parser = per_minute)]
    pub tablebase_rate: Rate,
}

fn per_minute(value: &str) -> Result<Rate, String> {
    let n: u32 =
        value.parse().ok().filter(|n| (1..=100_000).contains(n)).ok_or("a number from 1 to 100000")?;
    Ok(Rate { per_second: f64::from(n) / 60.0, burst: f64::from(n) })
}
