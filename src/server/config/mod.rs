//! The server's settings: its command line (`jungle-server --help` lists every option with its
//! default and environment variable), which [`sources`] also reads from the environment and a
//! TOML file, and [`check`], which says what is wrong with them.

pub mod check;
pub mod sources;

pub use sources::{load, load_or_exit};

use super::email::options::EmailOptions;
use super::members::options::MemberOptions;
use super::ops::logging::LogFormat;
use super::pairing::options::PairingOptions;
use super::tablebase::options::TablebaseOptions;
use crate::server::game::referee::MAX_PLIES;
use crate::server::http::address_block::AddressBlock;
use crate::server::http::rate_limit::Rate;
use crate::server::storage::writer::STORE_WAIT;
use clap::{Parser, Subcommand};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// What the server was asked to do.
#[derive(Clone, Debug, PartialEq, Parser)]
#[command(
    name = "jungle-server",
    version,
    about = "The online play server of Jungle: serves the page and a game API, referees every \
             move and stores the games in SQLite or PostgreSQL",
    after_help = "Each option may also be given by its environment variable (JUNGLE_ and its \
                  name: JUNGLE_DB, JUNGLE_TRUST_PROXY=127.0.0.1,::1) or in the --config file; \
                  the command line wins, then the environment, then the file. Logs go to \
                  standard error; RUST_LOG filters them (default: info, e.g. \
                  RUST_LOG=jungle=debug). The load generator is its own program, jungle-load."
)]
pub struct Config {
    /// Read settings from this TOML file too: its keys are the long options without their
    /// dashes (port = 8080, trust-proxy = ["127.0.0.1"]); the command line and the
    /// environment win over it
    #[arg(long, value_name = "FILE", global = true)]
    pub config: Option<PathBuf>,
    /// Serve the built page from DIR (dist/) beside the API, instead of the page built into
    /// the binary (release builds have one)
    #[arg(long, value_name = "DIR")]
    pub dist: Option<PathBuf>,
    /// The database: a SQLite file, created on first start, or postgres://… (several
    /// instances may share it)
    #[arg(long, value_name = "FILE|URL", default_value = "jungle.sqlite", global = true)]
    pub db: String,
    /// Address to listen on (0.0.0.0: every interface)
    #[arg(long, value_name = "ADDR", default_value = "0.0.0.0")]
    pub host: IpAddr,
    /// Port (0 picks a free one)
    #[arg(long, value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// Games created or joined per IP address and minute
    #[arg(long = "games-per-minute", value_name = "N", default_value = "30", value_parser = per_minute)]
    pub create_rate: Rate,
    /// WebSocket messages per connection and second
    #[arg(long = "messages-per-second", value_name = "N", default_value = "20", value_parser = per_second)]
    pub message_rate: Rate,
    /// Open WebSockets per client address (behind a proxy, the address it forwards), at most
    /// a quarter of --max-connections
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub connections_per_ip: u32,
    /// A player may claim the win when the opponent, to move, has had no connection for S
    /// seconds
    #[arg(long = "abandon-after", value_name = "S", default_value_t = 60)]
    pub abandon_seconds: u32,
    /// Ping each WebSocket every S seconds
    #[arg(long = "ping-every", value_name = "S", default_value_t = 15, value_parser = positive)]
    pub ping_seconds: u32,
    /// Close a WebSocket that sent nothing, not even the answer to a ping, for S seconds: its
    /// player shows disconnected
    #[arg(long = "dead-after", value_name = "S", default_value_t = 45, value_parser = positive)]
    pub dead_seconds: u32,
    /// A move (or any change of a game) that comes while the database is away — restarting,
    /// failing over, locked — is held and stored once it is back; only after S seconds is the
    /// player told it could not be stored
    #[arg(long = "store-wait", value_name = "S", default_value_t = STORE_WAIT.as_secs() as u32, value_parser = positive)]
    pub store_wait_seconds: u32,
    /// Open connections in all, HTTP and WebSocket; more are answered 503 (default: the
    /// open-file limit less 128; the server raises its soft limit, ulimit -n, to the hard one)
    #[arg(long, value_name = "N", value_parser = positive_count)]
    pub max_connections: Option<usize>,
    /// Open connections (HTTP and WebSocket) per IP address (an IPv6 /64), at most a quarter
    /// of --max-connections, but for the --trust-proxy addresses; more are answered 429
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = positive)]
    pub http_connections_per_ip: u32,
    /// Live streams (tournaments, leaderboard, a member's challenges: server-sent events) per IP
    /// address; more are answered 429
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = positive)]
    pub watchers_per_ip: u32,
    /// Live streams in all; more are answered 503
    #[arg(long, value_name = "N", default_value_t = 5000, value_parser = positive_count)]
    pub max_watchers: usize,
    /// Time to send a request's headers or body, and to start the next request on a
    /// connection kept alive, in seconds
    #[arg(long = "http-timeout", value_name = "S", default_value_t = 20, value_parser = positive)]
    pub http_timeout_seconds: u32,
    /// REST requests per IP address and second (bursts of 2N)
    #[arg(long = "requests-per-second", value_name = "N", default_value = "20", value_parser = positive_per_second)]
    pub request_rate: Rate,
    /// Games waiting for an opponent per IP address
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = positive)]
    pub open_games_per_ip: u32,
    /// A game nobody joins is called off after S seconds
    #[arg(long = "open-game-expiry", value_name = "S", default_value_t = 86_400, value_parser = positive)]
    pub open_game_expiry_seconds: u32,
    /// A game in play whose clock does not run (no clock, or a side yet to make its first move)
    /// and that nobody played for S seconds is closed: abandoned by the side to move, or aborted
    /// before both sides moved
    #[arg(long = "close-idle-after", value_name = "S", default_value_t = 259_200, value_parser = positive)]
    pub close_idle_seconds: u32,
    /// A game reaching N moves ends in a draw, whatever its rules (at most 10000: what a game
    /// record holds)
    #[arg(long, value_name = "N", default_value_t = MAX_PLIES, value_parser = max_plies)]
    pub max_plies: usize,
    /// Behind reverse proxies at these addresses (e.g. 127.0.0.1,10.0.0.0/8): believe the
    /// client's address they put in X-Forwarded-For, from them only, and cap connections per
    /// address for every other peer
    #[arg(long, value_name = "ADDR[/BITS],…", value_delimiter = ',')]
    pub trust_proxy: Vec<AddressBlock>,
    /// The club's sites that may show the page in a frame, e.g. https://club.example (the
    /// board, a live game, the standings); any other site may not (frame-ancestors)
    #[arg(long, value_name = "ORIGIN,…", value_delimiter = ',', value_parser = embed_origin)]
    pub embed_origins: Vec<String>,
    /// PostgreSQL: on start, restart the running clocks, the time the site was down charged
    /// to nobody (use it when the whole site restarts; SQLite always does this)
    #[arg(long)]
    pub resume_clocks: bool,
    /// For tests: the club's time is the real time plus the milliseconds written in FILE
    /// (read again as it changes), so a test runs days of a club without waiting
    #[arg(long, value_name = "FILE", hide = true)]
    pub test_clock: Option<std::path::PathBuf>,
    /// SQLite: the folder of the copies the server makes of the database while it runs
    /// (default: backups/ beside the database file)
    #[arg(long, value_name = "DIR")]
    pub backups: Option<PathBuf>,
    /// SQLite: copy the database every S seconds (the first copy at start when the newest is
    /// older); 0: never
    #[arg(long = "backup-every", value_name = "S", default_value_t = 86_400)]
    pub backup_every_seconds: u32,
    /// SQLite: the copies kept, the newest; older ones are removed
    #[arg(long, value_name = "N", default_value_t = 14, value_parser = positive_count)]
    pub backups_kept: usize,
    /// How log lines are written to standard error
    #[arg(long, value_name = "FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Serve the Prometheus metrics on ADDR:PORT to anyone who reaches it (without it,
    /// /metrics on the main port answers only direct connections from this machine)
    #[arg(long, value_name = "ADDR:PORT")]
    pub metrics_addr: Option<SocketAddr>,
    /// Web Push: the address push services may write to about this club's pushes, sent to
    /// them as the VAPID subject (mailto:EMAIL); without it, the --public-origin is sent (or
    /// http://localhost). Browsers take pushes only from a club reached by HTTPS
    #[arg(long, value_name = "EMAIL", value_parser = email_address)]
    pub push_contact: Option<String>,
    /// Members: sign-up, pepper, cookies.
    #[command(flatten)]
    pub members: MemberOptions,
    /// Mail: the SMTP server and the sender.
    #[command(flatten)]
    pub email: EmailOptions,
    /// Finding a game: ratings' clock categories, challenges, quick pairing.
    #[command(flatten)]
    pub pairing: PairingOptions,
    /// Endgame tables: the folder, their memory, the questions' rate.
    #[command(flatten)]
    pub tablebase: TablebaseOptions,
    /// A task instead of serving.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A task of `jungle-server` other than serving.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Check the settings (options, environment, --config file), the database and the page,
    /// and say what is wrong, a line each (exit status 1), or "configuration OK"
    Check,
    /// The club's administration
    Admin {
        /// What to do
        #[command(subcommand)]
        task: AdminTask,
    },
    /// Copy the SQLite database to FILE while the server runs (PostgreSQL: use pg_dump)
    Backup {
        /// The copy to make (must not exist)
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Check a backup and put it in place of the database, kept as DB.before-restore (the
    /// server stopped; PostgreSQL: use pg_restore)
    Restore {
        /// The backup
        #[arg(long, value_name = "FILE")]
        from: PathBuf,
    },
    /// Write every finished game to FILE as records
    Export {
        /// The file to write (must not exist)
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
}

/// What `jungle-server admin` does.
#[derive(Clone, Debug, PartialEq, Eq, Subcommand)]
pub enum AdminTask {
    /// Make the member NAME (signed up already) an admin of the club
    Add {
        /// The member's name
        name: String,
    },
}

impl Default for Config {
    fn default() -> Config {
        Config::parse_from(["jungle-server"])
    }
}

fn count(value: &str) -> Result<u32, String> {
    value.parse().map_err(|e| format!("{e}"))
}

/// A count or a time that must be at least 1.
/// A site's origin as a browser writes it: `http` or `https`, `://`, a host name or address,
/// maybe a port; nothing more (it goes into the Content-Security-Policy as it is).
fn embed_origin(value: &str) -> Result<String, String> {
    let host = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    let host_chars = |host: &str| host.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
    match host {
        Some(host) if !host.is_empty() && host_chars(host) => Ok(value.to_ascii_lowercase()),
        _ => Err("an origin is http(s)://host or http(s)://host:port, without a path".into()),
    }
}

/// An email address as a VAPID subject takes it: something@host, nothing a URL would read
/// otherwise.
fn email_address(value: &str) -> Result<String, String> {
    let plain = |part: &str| {
        !part.is_empty()
            && !part.chars().any(|c| c.is_whitespace() || c.is_control() || "<>?#/\\\"".contains(c))
    };
    match value.split_once('@') {
        Some((user, host)) if plain(user) && plain(host) && !host.contains('@') => Ok(value.to_string()),
        _ => Err("an email address is name@host".into()),
    }
}

fn positive(value: &str) -> Result<u32, String> {
    match count(value)? {
        0 => Err("must be at least 1".into()),
        n => Ok(n),
    }
}

fn positive_count(value: &str) -> Result<usize, String> {
    positive(value).map(|n| n as usize)
}

fn max_plies(value: &str) -> Result<usize, String> {
    match positive_count(value)? {
        plies if plies <= MAX_PLIES => Ok(plies),
        _ => Err(format!("at most {MAX_PLIES}")),
    }
}

fn per_minute(value: &str) -> Result<Rate, String> {
    let n = count(value)?;
    Ok(Rate { per_second: f64::from(n) / 60.0, burst: f64::from(n.max(1)) })
}

fn per_second(value: &str) -> Result<Rate, String> {
    let n = count(value)?;
    Ok(Rate { per_second: f64::from(n), burst: f64::from(n) * 2.0 })
}

fn positive_per_second(value: &str) -> Result<Rate, String> {
    positive(value)?;
    per_second(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::members::options::Signup;

    fn parse(text: &str) -> Result<Config, String> {
        let args = std::iter::once("jungle-server").chain(text.split_whitespace());
        Config::try_parse_from(args).map_err(|e| e.to_string())
    }

    #[test]
    fn options_are_read_and_checked() {
        let c = parse("--dist dist --db x.sqlite --port 0 --host 127.0.0.1").unwrap();
        assert_eq!((c.dist, c.db.as_str(), c.port), (Some("dist".into()), "x.sqlite", 0));
        assert!(parse("--port eighty").unwrap_err().contains("invalid value 'eighty' for '--port <N>'"));
        assert!(parse("--port").unwrap_err().contains("a value is required"));
        assert!(parse("--colour red").unwrap_err().contains("unexpected argument '--colour'"));
        let c = parse("--trust-proxy 127.0.0.1,10.0.0.0/8 --abandon-after 5").unwrap();
        assert!(c.trust_proxy.len() == 2 && !c.resume_clocks && c.abandon_seconds == 5);
        assert!(parse("--trust-proxy 10.0.0.0/40").unwrap_err().contains("0 to 32 bits"));
        let c = parse("--ping-every 1 --dead-after 3").unwrap();
        assert_eq!((c.ping_seconds, c.dead_seconds), (1, 3));
        assert!(parse("--dead-after 0").unwrap_err().contains("at least 1"));
        assert!(parse("--max-plies 10001").unwrap_err().contains("at most 10000"));
        assert_eq!(parse("--log-format json").unwrap().log_format, LogFormat::Json);
        let c = parse("--members invite --secure-cookies").unwrap();
        assert!(c.members.signup == Signup::Invite && c.members.secure_cookies);
        assert!(parse("--members closed").unwrap_err().contains("invalid value 'closed'"));
        let c = parse("admin add ana --db club.sqlite").unwrap();
        assert_eq!(c.command, Some(Command::Admin { task: AdminTask::Add { name: "ana".into() } }));
        assert_eq!(c.db, "club.sqlite");
        assert!(parse("admin add").unwrap_err().contains("<NAME>"));
        let c = parse("backup --out copy.sqlite --db club.sqlite").unwrap();
        assert_eq!(
            (c.command, c.db.as_str()),
            (Some(Command::Backup { out: "copy.sqlite".into() }), "club.sqlite")
        );
        assert_eq!(
            parse("restore --from copy.sqlite").unwrap().command,
            Some(Command::Restore { from: "copy.sqlite".into() })
        );
        assert_eq!(
            parse("export --out games.txt").unwrap().command,
            Some(Command::Export { out: "games.txt".into() })
        );
        assert!(parse("backup").unwrap_err().contains("--out <FILE>"));
    }

    #[test]
    fn the_defaults_are_those_of_the_help() {
        let c = Config::default();
        assert_eq!((c.db.as_str(), c.port, c.max_plies), ("jungle.sqlite", 8080, MAX_PLIES));
        assert_eq!(c.create_rate, Rate { per_second: 0.5, burst: 30.0 });
        assert_eq!(c.request_rate, Rate { per_second: 20.0, burst: 40.0 });
        assert_eq!((c.log_format, c.metrics_addr), (LogFormat::Text, None));
        assert_eq!((c.members, c.command), (MemberOptions::default(), None));
    }
}
