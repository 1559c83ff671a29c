//! The command line of `jungle-server bench`.

use super::worker::Share;
use crate::server::clock::now_ms;

/// The usage text.
pub const USAGE: &str = "\
usage: jungle-server bench --url ADDR [--url ADDR…] [--games N] [--seconds S] [--think MIN-MAX]
                           [--pid PID…] [--opening N] [--processes N] [--label TEXT] [--seed N]
  --url ADDR        a server (http://host:port); with several, each game has its red seat on
                    one and its blue seat on the next, so that every move crosses instances
  --games N         games held at once, both seats connected (default 100)
  --seconds S       how long they are played once all are open (default 20)
  --think MIN-MAX   each player's think time before a move, in ms, uniform (default 1000-5000)
  --pid PID         a server's process id: its memory per idle game and CPU are reported
  --opening N       games opened at once (default 32)
  --processes N     client processes (default: as few as `ulimit -n` allows, 2 sockets a game)
  --label TEXT      the name of the run in the table row
  --seed N          the seed of the random moves (default: from the clock)
The servers must allow the load from one address: start them with large --games-per-minute,
--connections-per-ip and --messages-per-second (scripts/bench-server does).";

/// What the bench was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The servers, `host:port`.
    pub servers: Vec<String>,
    /// The servers' process ids, to measure.
    pub pids: Vec<u32>,
    /// Games held at once.
    pub games: usize,
    /// Seconds of play.
    pub seconds: f64,
    /// Think time range, in milliseconds.
    pub think_ms: (u64, u64),
    /// Games opened at once.
    pub opening: usize,
    /// Client processes (None: as many as the open files limit needs).
    pub processes: Option<usize>,
    /// The run's name.
    pub label: Option<String>,
    /// The seed of the moves.
    pub seed: u64,
    /// In a child process: the number of its first game (the coordinator's `--worker`).
    pub worker: Option<usize>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            servers: Vec::new(),
            pids: Vec::new(),
            games: 100,
            seconds: 20.0,
            think_ms: (1000, 5000),
            opening: 32,
            processes: None,
            label: None,
            seed: now_ms() as u64,
            worker: None,
        }
    }
}

fn value_of<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{flag}: `{value}` is not valid here\n{USAGE}"))
}

impl Options {
    /// Reads the arguments after `bench`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Options, String> {
        let mut options = Options::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            if flag == "--help" || flag == "-h" {
                return Err(USAGE.into());
            }
            let value = args.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
            options.set(&flag, &value)?;
        }
        if options.servers.is_empty() {
            return Err(format!("give at least one --url\n{USAGE}"));
        }
        let positive = options.games > 0 && options.opening > 0 && options.processes != Some(0);
        let seconds = options.seconds.is_finite() && options.seconds > 0.0;
        if !positive || !seconds || options.think_ms.0 > options.think_ms.1 {
            return Err(format!(
                "games, opening, processes and seconds must be positive, MIN ≤ MAX\n{USAGE}"
            ));
        }
        Ok(options)
    }

    fn set(&mut self, flag: &str, value: &str) -> Result<(), String> {
        match flag {
            "--url" => {
                let addr = value.strip_prefix("http://").unwrap_or(value).trim_end_matches('/');
                if addr.is_empty() || addr.contains('/') {
                    return Err(format!("--url: `{value}` is not http://host:port\n{USAGE}"));
                }
                self.servers.push(addr.to_string());
            }
            "--pid" => self.pids.push(value_of(flag, value)?),
            "--games" => self.games = value_of(flag, value)?,
            "--seconds" => self.seconds = value_of(flag, value)?,
            "--think" => {
                let (low, high) = value.split_once('-').unwrap_or((value, value));
                self.think_ms = (value_of(flag, low)?, value_of(flag, high)?);
            }
            "--opening" => self.opening = value_of(flag, value)?,
            "--processes" => self.processes = Some(value_of(flag, value)?),
            "--label" => self.label = Some(value.to_string()),
            "--seed" => self.seed = value_of(flag, value)?,
            "--worker" => self.worker = Some(value_of(flag, value)?),
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
        Ok(())
    }

    /// The arguments that make a child process run `share`.
    pub fn worker_args(&self, share: &Share) -> Vec<String> {
        let mut args: Vec<String> = vec!["bench".into()];
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
        Options::parse(text.split_whitespace().map(String::from))
    }

    #[test]
    fn options_are_read_and_checked() {
        let o = parse("--url http://127.0.0.1:8080/ --url 127.0.0.1:8081 --games 7 --think 10-20 --pid 42")
            .unwrap();
        assert_eq!(o.servers, ["127.0.0.1:8080", "127.0.0.1:8081"]);
        assert_eq!((o.games, o.think_ms, o.pids), (7, (10, 20), vec![42]));
        assert!(parse("--games 5").unwrap_err().contains("--url"));
        assert!(parse("--url a:1 --think 9-3").unwrap_err().contains("MIN"));
        assert!(parse("--url a:1 --games none").unwrap_err().contains("not valid"));
        assert!(parse("--url http://a:1/x").unwrap_err().contains("host:port"));
    }

    #[test]
    fn shares_split_the_games_and_reach_the_same_run_in_a_child() {
        let o = parse("--url a:1 --games 7 --seconds 3 --seed 9").unwrap();
        let shares = o.shares(3);
        let split: Vec<_> = shares.iter().map(|s| (s.first, s.games)).collect();
        assert_eq!(split, [(0, 3), (3, 2), (5, 2)]);
        let child = Options::parse(o.worker_args(&shares[1]).into_iter().skip(1)).unwrap();
        assert_eq!(child.child_share(), Some(shares[1].clone()));
        assert_eq!(o.child_share(), None);
    }
}
