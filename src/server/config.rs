//! The server's command line.

use super::members::options::MemberOptions;
use super::rate_limit::Rate;
use super::referee::MAX_PLIES;
use std::net::IpAddr;
use std::path::PathBuf;

/// The usage text.
pub const USAGE: &str = "\
usage: jungle-server [--dist DIR] [--db FILE|postgres://URL] [--host ADDR] [--port N]
                     [--games-per-minute N] [--messages-per-second N] [--connections-per-ip N]
                     [--abandon-after S] [--ping-every S] [--dead-after S]
                     [--max-connections N] [--http-connections-per-ip N] [--http-timeout S]
                     [--requests-per-second N] [--open-games-per-ip N] [--open-game-expiry S]
                     [--max-plies N]
                     [--trust-proxy] [--resume-clocks]
                     [--members open|invite] [--pepper-file FILE] [--secure-cookies]
       jungle-server bench --help   (the load generator)
       jungle-server admin add NAME [--db …]   (makes a member an admin)
  --dist DIR               serve the built page from DIR (dist/) beside the API
  --db FILE                SQLite file, created on first start (default jungle.sqlite)
  --db postgres://…        PostgreSQL instead: several instances may share it
  --host ADDR              address to listen on (default 0.0.0.0: every interface)
  --port N                 port (default 8080; 0 picks a free one)
  --games-per-minute N     games created or joined per IP address and minute (default 30)
  --messages-per-second N  WebSocket messages per connection and second (default 20)
  --connections-per-ip N   open WebSockets per IP address (default 100)
  --abandon-after S        a player may claim the win when the opponent, to move, has had
                           no connection for S seconds (default 60)
  --ping-every S           ping each WebSocket every S seconds (default 15)
  --dead-after S           close a WebSocket that sent nothing, not even the answer to a
                           ping, for S seconds: its player shows disconnected (default 45)
  --max-connections N      open connections in all; more are answered 503 (default: the
                           open-file limit, ulimit -n, less 128)
  --http-connections-per-ip N
                           open connections (HTTP and WebSocket) per IP address; more are
                           answered 429 (default 200; none with --trust-proxy)
  --http-timeout S         time to send a request's headers or body, and to start the next
                           request on a connection kept alive (default 20)
  --requests-per-second N  REST requests per IP address and second (default 20, bursts of 2N)
  --open-games-per-ip N    games waiting for an opponent per IP address (default 10)
  --open-game-expiry S     a game nobody joins is called off after S seconds (default 86400)
  --max-plies N            a game reaching N moves ends in a draw, whatever its rules
                           (default and most 10000: what a game record holds)
  --trust-proxy            behind a reverse proxy: rate-limit by the address the proxy puts
                           last in X-Forwarded-For instead of the proxy's own
  --resume-clocks          PostgreSQL: on start, restart the running clocks, the time the
                           site was down charged to nobody (use it when the whole site
                           restarts; SQLite always does this)
  --members open|invite    who may make an account: anyone (default), or only with an
                           invite code from an admin
  --pepper-file FILE       a secret of 16 bytes or more, kept outside the database, mixed
                           into every password hash (losing it loses every password)
  --secure-cookies         the club is reached by HTTPS: session cookies are Secure";

/// What the server was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The folder of the built page, if served.
    pub dist: Option<PathBuf>,
    /// The database: a SQLite path or a PostgreSQL URL.
    pub db: String,
    /// The address to listen on.
    pub host: IpAddr,
    /// The port (0: any free one).
    pub port: u16,
    /// Games created or joined per IP address.
    pub create_rate: Rate,
    /// Messages per connection.
    pub message_rate: Rate,
    /// Open WebSockets per IP address.
    pub connections_per_ip: u32,
    /// Seconds a player to move must be away before the opponent may claim the win.
    pub abandon_seconds: u32,
    /// Seconds between pings on a WebSocket.
    pub ping_seconds: u32,
    /// Seconds of silence after which a WebSocket is closed.
    pub dead_seconds: u32,
    /// Open connections in all (none: from the open-file limit).
    pub max_connections: Option<usize>,
    /// Open connections per IP address.
    pub http_connections_per_ip: u32,
    /// Seconds to send a request's headers or body, or the next request on a connection.
    pub http_timeout_seconds: u32,
    /// REST requests per IP address.
    pub request_rate: Rate,
    /// Games waiting for an opponent per IP address.
    pub open_games_per_ip: u32,
    /// Seconds a game waits for an opponent.
    pub open_game_expiry_seconds: u32,
    /// Moves at which a game ends in a draw.
    pub max_plies: usize,
    /// Take the client's address from `X-Forwarded-For` (behind a reverse proxy).
    pub trust_proxy: bool,
    /// Restart the running clocks when starting.
    pub resume_clocks: bool,
    /// Members: sign-up, pepper, cookies.
    pub members: MemberOptions,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            dist: None,
            db: "jungle.sqlite".into(),
            host: IpAddr::from([0, 0, 0, 0]),
            port: 8080,
            create_rate: per_minute(30),
            message_rate: per_second(20),
            connections_per_ip: 100,
            abandon_seconds: 60,
            ping_seconds: 15,
            dead_seconds: 45,
            max_connections: None,
            http_connections_per_ip: 200,
            http_timeout_seconds: 20,
            request_rate: per_second(20),
            open_games_per_ip: 10,
            open_game_expiry_seconds: 86_400,
            max_plies: MAX_PLIES,
            trust_proxy: false,
            resume_clocks: false,
            members: MemberOptions::default(),
        }
    }
}

fn per_minute(n: u32) -> Rate {
    Rate { per_second: f64::from(n) / 60.0, burst: f64::from(n.max(1)) }
}

fn per_second(n: u32) -> Rate {
    Rate { per_second: f64::from(n), burst: f64::from(n) * 2.0 }
}

fn value_of<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{flag}: `{value}` is not valid here"))
}

/// A count or a time that must be at least 1.
fn positive(flag: &str, value: &str) -> Result<u32, String> {
    match value_of(flag, value)? {
        0 => Err(format!("{flag}: must be at least 1")),
        n => Ok(n),
    }
}

impl Config {
    /// Reads the arguments after the program name.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Config, String> {
        let mut config = Config::default();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            match flag.as_str() {
                "--resume-clocks" => config.resume_clocks = true,
                "--trust-proxy" => config.trust_proxy = true,
                "--secure-cookies" => config.members.secure_cookies = true,
                "--help" | "-h" => return Err(USAGE.into()),
                _ => {
                    let value = args.next().ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
                    config.set(&flag, value)?;
                }
            }
        }
        Ok(config)
    }

    fn set(&mut self, flag: &str, value: String) -> Result<(), String> {
        match flag {
            "--dist" => self.dist = Some(value.into()),
            "--db" => self.db = value,
            "--members" => self.members.signup = value.parse()?,
            "--pepper-file" => self.members.pepper_file = Some(value.into()),
            "--host" => self.host = value_of(flag, &value)?,
            "--port" => self.port = value_of(flag, &value)?,
            "--games-per-minute" => self.create_rate = per_minute(value_of(flag, &value)?),
            "--messages-per-second" => self.message_rate = per_second(value_of(flag, &value)?),
            "--connections-per-ip" => self.connections_per_ip = value_of(flag, &value)?,
            "--abandon-after" => self.abandon_seconds = value_of(flag, &value)?,
            "--ping-every" => self.ping_seconds = positive(flag, &value)?,
            "--dead-after" => self.dead_seconds = positive(flag, &value)?,
            "--max-connections" => self.max_connections = Some(positive(flag, &value)? as usize),
            "--http-connections-per-ip" => self.http_connections_per_ip = positive(flag, &value)?,
            "--http-timeout" => self.http_timeout_seconds = positive(flag, &value)?,
            "--requests-per-second" => self.request_rate = per_second(positive(flag, &value)?),
            "--open-games-per-ip" => self.open_games_per_ip = positive(flag, &value)?,
            "--open-game-expiry" => self.open_game_expiry_seconds = positive(flag, &value)?,
            "--max-plies" => match positive(flag, &value)? as usize {
                plies if plies <= MAX_PLIES => self.max_plies = plies,
                _ => return Err(format!("{flag}: at most {MAX_PLIES}")),
            },
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        Config::parse(text.split_whitespace().map(String::from))
    }

    #[test]
    fn options_are_read_and_checked() {
        let c = parse("--dist dist --db x.sqlite --port 0 --host 127.0.0.1").unwrap();
        assert_eq!((c.dist, c.db.as_str(), c.port), (Some("dist".into()), "x.sqlite", 0));
        assert!(parse("--port eighty").unwrap_err().contains("not valid"));
        assert!(parse("--port").unwrap_err().contains("needs a value"));
        assert!(parse("--colour red").unwrap_err().contains("unknown option"));
        let c = parse("--trust-proxy --abandon-after 5").unwrap();
        assert!(c.trust_proxy && !c.resume_clocks && c.abandon_seconds == 5);
        let c = parse("--ping-every 1 --dead-after 3").unwrap();
        assert_eq!((c.ping_seconds, c.dead_seconds), (1, 3));
        assert!(parse("--dead-after 0").unwrap_err().contains("at least 1"));
    }
}
