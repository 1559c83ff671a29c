//! How many connections the server holds: one budget for every open socket, HTTP and
//! WebSocket alike, below the open files it may use, and each address's share of it, at most a
//! quarter, so that a few addresses never take it all and the others always find room.

/// Open files kept for everything but client connections: the database's connections and
/// files, the files of the page being sent, the listener, standard streams.
pub const RESERVED_FILES: u64 = 128;
/// An address holds at most one of this many parts of the budget.
pub const ADDRESS_SHARES: usize = 4;
/// The open files assumed when the process has no limit.
const UNLIMITED_FILES: u64 = 1024;

/// The caps on open connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Connections (HTTP and WebSocket) open at once, in all.
    pub connections: usize,
    /// Connections (HTTP and WebSocket) open at once from one peer address.
    pub per_address: u32,
    /// WebSockets open at once per client address (behind a proxy, the address it forwards).
    pub sockets_per_address: u32,
}

impl Budget {
    /// The budget within `open_files` (the soft limit, if any): `connections` if given, else
    /// the open files less [`RESERVED_FILES`]; the caps per address asked for, each at most
    /// `1/ADDRESS_SHARES` of it.
    pub fn new(
        open_files: Option<u64>,
        connections: Option<usize>,
        per_address: u32,
        sockets_per_address: u32,
    ) -> Budget {
        let connections = connections.unwrap_or_else(|| {
            let files = open_files.unwrap_or(UNLIMITED_FILES).saturating_sub(RESERVED_FILES).max(16);
            files.try_into().unwrap_or(usize::MAX)
        });
        let share = u32::try_from(connections / ADDRESS_SHARES).unwrap_or(u32::MAX).max(1);
        Budget {
            connections,
            per_address: per_address.min(share),
            sockets_per_address: sockets_per_address.min(share),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_at_most_a_quarter_of_the_budget() {
        // `ulimit -n 256` and the default caps: 128 connections, 32 per address.
        assert_eq!(
            Budget::new(Some(256), None, 200, 100),
            Budget { connections: 128, per_address: 32, sockets_per_address: 32 }
        );
        // A large limit: the caps asked for.
        let budget = Budget::new(Some(1 << 20), None, 200, 100);
        assert_eq!((budget.per_address, budget.sockets_per_address), (200, 100));
        assert_eq!(Budget::new(Some(1 << 20), Some(16), 200, 100).per_address, 4);
        assert_eq!(Budget::new(None, Some(2), 200, 100).per_address, 1, "never none");
    }
}
