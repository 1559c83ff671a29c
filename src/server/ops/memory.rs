//! Memory given back after a flood. glibc's allocator keeps the memory freed by thousands of
//! closed connections in its arenas (measured: 157 MB resident after rounds of 9,000
//! WebSockets and 9,000 half-open requests, all closed, against 10 MB at start); once many
//! connections are gone, [`give_back`] asks it to return its free pages to the system.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How often the closed connections are counted (and memory given back at most).
const EVERY: Duration = Duration::from_secs(5);
/// Connections closed since memory was last given back that make it worth doing again.
const CLOSED_ENOUGH: usize = 500;

/// Gives freed memory back to the system whenever [`CLOSED_ENOUGH`] connections have closed
/// (`closed` counts them) since it last did.
pub async fn give_back(closed: Arc<AtomicUsize>) {
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut trimmed_at = 0;
    loop {
        every.tick().await;
        let now = closed.load(Ordering::Relaxed);
        if now - trimmed_at >= CLOSED_ENOUGH {
            trim();
            trimmed_at = now;
        }
    }
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn trim() {
    // SAFETY: malloc_trim only returns free pages of the allocator's arenas to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
