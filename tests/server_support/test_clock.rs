//! A test clock for the servers of a test (`--test-clock FILE`): [`TestClock::advance`] moves
//! the club's time of every instance at once, and returns once each has seen it.

use super::{Server, TempDir};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The club's time, the real time plus an offset the test moves forward.
pub struct TestClock {
    _dir: TempDir,
    file: PathBuf,
    offset_ms: std::cell::Cell<i64>,
}

impl TestClock {
    /// A clock at the real time.
    pub fn new() -> TestClock {
        let dir = TempDir::new();
        let file = dir.0.join("clock");
        std::fs::write(&file, "0").unwrap();
        TestClock { _dir: dir, file, offset_ms: std::cell::Cell::new(0) }
    }

    /// The server arguments that make a server follow this clock.
    pub fn args(&self) -> [String; 2] {
        ["--test-clock".into(), self.file.display().to_string()]
    }

    /// Now on this clock, in ms since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        let real = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap();
        real.as_millis() as i64 + self.offset_ms.get()
    }

    /// Moves the clock `ms` ahead, and waits until every server in `servers` tells that time
    /// (in `GET api/health`).
    pub fn advance(&self, ms: i64, servers: &[&Server]) {
        self.offset_ms.set(self.offset_ms.get() + ms);
        // Written whole, then renamed: a server never reads half a number.
        let next = self.file.with_extension("next");
        std::fs::write(&next, self.offset_ms.get().to_string()).unwrap();
        std::fs::rename(&next, &self.file).unwrap();
        let target = self.now_ms() - 1000; // the servers' real time may lag the test's a little
        let until = Instant::now() + super::PATIENCE;
        for server in servers {
            while server.get_json("/api/health")["now"].as_i64().unwrap_or(0) < target {
                assert!(Instant::now() < until, "a server did not follow the test clock");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}
