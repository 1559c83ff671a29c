//! Endgame tables on the club server: `GET api/tablebase?fen=…` answers a position of up to
//! [`MAX_ANIMALS`] animals won, drawn or lost, with every move's value and distance, from the
//! tables the admin built (`jungle tablebase build --animals 4 --out DIR`) and named with
//! `--tablebase DIR`. A set's table is read on first use and kept in a cache bounded in bytes
//! ([`cache`]); [`answer`] turns what the tables say into the API's view.

pub mod answer;
pub mod cache;
pub mod options;
pub mod routes;

use crate::server::http::rate_limit::Limiter;
use cache::Cache;
use options::TablebaseOptions;

/// The most animals of a position the server answers for (its tables go no further).
pub const MAX_ANIMALS: u32 = 4;

/// The server's tables: where they are read from, the sets in memory, and the rate of
/// questions per client address.
pub struct Tables {
    /// `None` when the server was given no tables.
    pub cache: Option<Cache>,
    pub limit: Limiter,
}

impl Tables {
    /// The tables of `options`.
    pub fn new(options: &TablebaseOptions) -> Tables {
        let budget = options.tablebase_memory_mb as usize * 1024 * 1024;
        Tables {
            cache: options.tablebase.clone().map(|dir| Cache::new(dir, budget)),
            limit: Limiter::new(options.tablebase_rate),
        }
    }
}
