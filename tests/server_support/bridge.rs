//! `jungle bot`, the bridge, run against a test server: started with a bot's token and an
//! engine, its output kept, waited for until it ends by itself after its games.

use super::bots::TestBot;
use super::TestDb;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a bridge's games may take on a busy machine.
pub const MATCH_PATIENCE: Duration = Duration::from_secs(300);

/// A running bridge and what it has printed.
pub struct Bridge {
    child: Child,
    output: Arc<Mutex<String>>,
}

impl Bridge {
    /// Starts `jungle bot` for `bot` on `server` (`host:port`) with the `engine` arguments,
    /// to play `games` games, as many at once.
    pub fn start(db: &TestDb, server: &str, bot: &TestBot, engine: &[&str], games: usize) -> Bridge {
        let token_file = db.dir.0.join(format!("{}.token", bot.name));
        std::fs::write(&token_file, format!("{}\n", bot.token)).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_jungle"))
            .args(["bot", "--server", &format!("http://{server}"), "--token-file"])
            .arg(&token_file)
            .args(engine)
            .args(["--max-games", &games.to_string(), "--concurrency", &games.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start jungle bot");
        let output: Arc<Mutex<String>> = Arc::default();
        for stream in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let output = output.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    output.lock().unwrap().push_str(&format!("{line}\n"));
                }
            });
        }
        Bridge { child, output }
    }

    /// What it has printed so far.
    pub fn output(&self) -> String {
        self.output.lock().unwrap().clone()
    }

    /// Waits for a line of its output that `find` picks something from.
    pub fn until<T>(&self, find: impl Fn(&str) -> Option<T>) -> T {
        let start = Instant::now();
        loop {
            if let Some(found) = self.output().lines().find_map(&find) {
                return found;
            }
            assert!(start.elapsed() < MATCH_PATIENCE, "the bridge never printed it:\n{}", self.output());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the bridge to end by itself (after its last game): whether it succeeded.
    pub fn wait(mut self) -> (bool, String) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                std::thread::sleep(Duration::from_millis(50));
                return (status.success(), self.output());
            }
            if start.elapsed() > MATCH_PATIENCE {
                let _ = self.child.kill();
                panic!("the bridge did not end:\n{}", self.output());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Bridge {
    /// A test that fails leaves no bridge behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
