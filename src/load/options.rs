//! The command line of `jungle-load`.

use super::worker::Share;
use clap::Parser;
use std::time::{SystemTime, UNIX_EPOCH};

/// What the load generator was asked to do.
#[derive(Clone, Debug, PartialEq, Parser)]
#[command(
    name = "jungle-load",
    version,
    about = "Simulated players against running jungle-server instances: games held, moves per \
             second, move latency, memory per idle game",
    after_help = "The servers must allow the load from one address: start them with large \
                  --games-per-minute, --connections-per-ip and --messages-per-second \
                  (scripts/bench-server does)."
)]
pub struct Options {
    /// A server (http://host:port); with several, each game has its red seat on one and its
    /// blue seat on the next, so that every move crosses instances
    #[arg(long = "url", value_name = "ADDR", required = true, value_parser = server_address)]
    pub servers: Vec<String>,
    /// A server's process id: its memory per idle game and CPU are reported
    #[arg(long = "pid", value_name = "PID")]
    pub pids: Vec<u32>,
    /// Games held at once, both seats connected
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = at_least_one)]
    pub games: usize,
    /// How long the games are played once all are open, in seconds
    #[arg(long, value_name = "S", default_value_t = 20.0, value_parser = positive_seconds)]
    pub seconds: f64,
    /// Each player's think time before a move, in ms, uniform in MIN-MAX
    #[arg(long = "think", value_name = "MIN-MAX", default_value = "1000-5000", value_parser = think_range)]
    pub think_ms: (u64, u64),
    /// Games opened at once
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = at_least_one)]
    pub opening: usize,
    /// Client processes (default: as few as `ulimit -n` allows, 2 sockets a game)
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    pub processes: Option<usize>,
    /// The name of the run in the table row
    #[arg(long, value_name = "TEXT")]
    pub label: Option<String>,
    /// The seed of the random moves (default: from the clock)
    #[arg(long, value_name = "N", default_value_t = clock_seed(), hide_default_value = true)]
    pub seed: u64,
    /// In a child process: the number of its first game (given by the coordinator)
    #[arg(long, value_name = "FIRST", hide = true)]
    pub worker: Option<usize>,
}

fn clock_seed() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |since| since.as_millis() as u64)
}

fn server_address(value: &str) -> Result<String, String> {
    let addr = value.strip_prefix("http://").unwrap_or(value).trim_end_matches('/');
    if addr.is_empty() || addr.contains('/') {
        return Err("not http://host:port".into());
    }
    Ok(addr.to_string())
}

fn at_least_one(value: &str) -> Result<usize, String> {
    match value.parse() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e}")),
    }
}

fn positive_seconds(value: &str) -> Result<f64, String> {
    let seconds: f64 = value.parse().map_err(|e| format!("{e}"))?;
    if seconds.is_finite() && seconds > 0.0 {
        Ok(seconds)
    } else {
        Err("must be a positive number of seconds".into())
    }
}

/// `MIN-MAX` (or one number for both), MIN ≤ MAX.
fn think_range(value: &str) -> Result<(u64, u64), String> {
    let (low, high) = value.split_once('-').unwrap_or((value, value));
    let number = |text: &str| text.parse::<u64>().map_err(|e| format!("`{text}`: {e}"));
    let (low, high) = (number(low)?, number(high)?);
    if low > high {
        return Err("MIN must not exceed MAX".into());
    }
    Ok((low, high))
}

impl Options {
    /// The arguments that make a child process run `share`.
    pub fn worker_args(&self, share: &Share) -> Vec<String> {
        let mut args: Vec<String> = Vec::new();
        for server in &self.servers {
            args.extend(["--url".into(), server.clone()]);
        }
        let (low, high) = self.think_ms;
        args.extend([
            "--worker".into(),
            share.first.to_string(),
            "--games".into(),
            share.games.to_string(),
            "--opening".into(),
            share.opening.to_string(),
            "--think".into(),
            format!("{low}-{high}"),
            "--seconds".into(),
            self.seconds.to_string(),
            "--seed".into(),
            self.seed.to_string(),
        ]);
        args
    }

    /// In a child process (`--worker FIRST`), the share it runs.
    pub fn child_share(&self) -> Option<Share> {
        let first = self.worker?;
        Some(Share { first, ..self.shares(1).remove(0) })
    }

    /// The shares of `processes` workers: the games split evenly.
    pub fn shares(&self, processes: usize) -> Vec<Share> {
        let mut first = 0;
        (0..processes)
            .map(|i| {
                let games = self.games / processes + usize::from(i < self.games % processes);
                let share = Share {
                    servers: self.servers.clone(),
                    first,
                    games,
                    opening: self.opening.div_ceil(processes),
                    think_ms: self.think_ms,
                    seconds: self.seconds,
                    seed: self.seed,
                };
                first += games;
                share
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Options, String> {
        let args = std::iter::once("jungle-load").chain(text.split_whitespace());
        Options::try_parse_from(args).map_err(|e| e.to_string())
    }

    #[test]
    fn options_are_read_and_checked() {
        let o = parse("--url http://127.0.0.1:8080/ --url 127.0.0.1:8081 --games 7 --think 10-20 --pid 42")
            .unwrap();
        assert_eq!(o.servers, ["127.0.0.1:8080", "127.0.0.1:8081"]);
        assert_eq!((o.games, o.think_ms, o.pids), (7, (10, 20), vec![42]));
        assert!(parse("--games 5").unwrap_err().contains("--url"));
        assert!(parse("--url a:1 --think 9-3").unwrap_err().contains("MIN"));
        assert!(parse("--url a:1 --games none").unwrap_err().contains("invalid value 'none'"));
        assert!(parse("--url a:1 --games 0").unwrap_err().contains("at least 1"));
        assert!(parse("--url http://a:1/x").unwrap_err().contains("host:port"));
    }

    #[test]
    fn shares_split_the_games_and_reach_the_same_run_in_a_child() {
        let o = parse("--url a:1 --games 7 --seconds 3 --seed 9").unwrap();
        let shares = o.shares(3);
        let split: Vec<_> = shares.iter().map(|s| (s.first, s.games)).collect();
        assert_eq!(split, [(0, 3), (3, 2), (5, 2)]);
        let child_args = std::iter::once("jungle-load".to_string()).chain(o.worker_args(&shares[1]));
        let child = Options::try_parse_from(child_args).unwrap();
        assert_eq!(child.child_share(), Some(shares[1].clone()));
        assert_eq!(o.child_share(), None);
    }
}
