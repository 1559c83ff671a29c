//! The club's time. It is the real time, except under `--test-clock FILE`: then it is the
//! real time plus the milliseconds written in FILE, read again every few milliseconds, so a
//! test moves every instance of a club days ahead at once, without sleeping (a correspondence
//! week, a vacation, a daily digest). Timers that wait for a moment of the club's time
//! ([`wait_until`]) wake often under a test clock, to see a jump.
//!
//! What measures the instances themselves (their signs of life) keeps the real time,
//! [`real_ms`]: a test's jump is not an outage.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

static OFFSET_MS: AtomicI64 = AtomicI64::new(0);
static TEST_CLOCK: AtomicBool = AtomicBool::new(false);

/// How often a test clock's file is read, and the longest a timer sleeps under it.
const TEST_TICK: Duration = Duration::from_millis(20);

/// Now in the club's time, in milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    real_ms() + OFFSET_MS.load(Ordering::Relaxed)
}

/// Now in the real time, in milliseconds since the Unix epoch.
pub fn real_ms() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// How long to sleep towards `deadline` (club time) before looking again.
pub fn wait_until(deadline: i64) -> Duration {
    let wait = Duration::from_millis((deadline - now_ms()).max(0) as u64);
    if TEST_CLOCK.load(Ordering::Relaxed) {
        wait.min(TEST_TICK)
    } else {
        wait
    }
}

/// Starts following the test clock in `file` (read once now, then every tick, for as long as
/// the server runs). A missing or unreadable file counts as 0.
pub fn follow_test_clock(file: PathBuf) {
    TEST_CLOCK.store(true, Ordering::Relaxed);
    OFFSET_MS.store(offset_in(&file), Ordering::Relaxed);
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(TEST_TICK).await;
            OFFSET_MS.store(offset_in(&file), Ordering::Relaxed);
        }
    });
}

fn offset_in(file: &std::path::Path) -> i64 {
    std::fs::read_to_string(file).ok().and_then(|text| text.trim().parse().ok()).unwrap_or(0)
}
