//! `jungle-server check`: the settings read as the server reads them, then everything that
//! would stop it at start, or hurt it later, tried without starting it or changing anything:
//! the database (reached, writable, its migrations: pending ones listed, one made by a newer
//! release refused), the page's folder, the addresses to listen on, the public origin against
//! passkeys and Secure cookies, the trusted proxies, the pepper and the pings. Each problem is a
//! line in words; without any, "configuration OK" and what the server will be.

use super::Config;
use crate::server::http::address_block::AddressBlock;
use crate::server::members::options::MemberOptions;
use crate::server::members::relying_party::{relying_party, LOCAL_ORIGIN};
use crate::server::storage::db::{Backend, MIGRATIONS};
use crate::server::storage::schema::{self, Standing};
use crate::server::storage::shown::{shown, without_password};
use sqlx::{AnyConnection, Connection};
use std::net::{SocketAddr, TcpListener};
use std::path::Path;
use std::time::Duration;

/// How long to wait for PostgreSQL to answer.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Checks `config`, prints the problems (standard error) or the summary (standard output),
/// and fails with the number of problems.
pub async fn report(config: &Config) -> Result<(), String> {
    match check(config).await {
        Ok(summary) => {
            println!("configuration OK");
            summary.iter().for_each(|line| println!("  {line}"));
            Ok(())
        }
        Err(problems) => {
            problems.iter().for_each(|problem| eprintln!("{problem}"));
            let plural = if problems.len() == 1 { "" } else { "s" };
            Err(format!("{} problem{plural} in the configuration", problems.len()))
        }
    }
}

/// What the server will be (a line each), or every problem found.
pub async fn check(config: &Config) -> Result<Vec<String>, Vec<String>> {
    let mut summary = Vec::new();
    let mut problems = Vec::new();
    match database(&config.db).await {
        Ok(line) => summary.push(line),
        Err(mut found) => problems.append(&mut found),
    }
    if let Some(dist) = &config.dist {
        match dist.join("index.html").is_file() {
            true => summary.push(format!("page: {}", dist.display())),
            false => {
                problems.push(format!("--dist {}: no index.html there (the built page)", dist.display()))
            }
        }
    }
    let main = SocketAddr::new(config.host, config.port);
    match listen(main, "") {
        Ok(()) => summary.push(format!("listening on {main}")),
        Err(problem) => problems.push(problem),
    }
    if let Some(metrics) = config.metrics_addr {
        match listen(metrics, "--metrics-addr ") {
            Ok(()) if metrics.port() != 0 && metrics.port() == config.port => {
                problems.push(format!("--metrics-addr {metrics}: the port of the club itself"))
            }
            Ok(()) => summary.push(format!("metrics on {metrics}")),
            Err(problem) => problems.push(problem),
        }
    }
    problems.extend(members(&config.members));
    match (config.email.settings(), &config.email.smtp_url) {
        (Ok(Some(_)), Some(url)) => {
            summary.push(format!("mail: {}", crate::server::email::options::shown(url)))
        }
        (Ok(_), _) => summary.push("mail: none (no --smtp-url)".into()),
        (Err(problem), _) => problems.push(problem),
    }
    problems.extend(proxies(&config.trust_proxy, config.members.https()));
    if config.dead_seconds <= config.ping_seconds {
        problems.push(format!(
            "--dead-after {} is not longer than --ping-every {}: every quiet connection would be closed \
             before its ping is answered",
            config.dead_seconds, config.ping_seconds
        ));
    }
    summary.push(format!("public origin: {}", origin_summary(&config.members)));
    if !config.trust_proxy.is_empty() {
        let blocks: Vec<String> = config.trust_proxy.iter().map(AddressBlock::to_string).collect();
        summary.push(format!("trusted proxies: {}", blocks.join(", ")));
    }
    match problems.is_empty() {
        true => Ok(summary),
        false => Err(problems),
    }
}

/// The database: reached and writable, and how its schema stands.
async fn database(db: &str) -> Result<String, Vec<String>> {
    let backend = Backend::of(db);
    let (kind, url) = match backend {
        Backend::Postgres => ("PostgreSQL", db.to_string()),
        Backend::Sqlite => ("SQLite", sqlite_url(Path::new(db)).map_err(|problem| vec![problem])?),
    };
    let named = format!("{kind} {}", shown(db));
    if backend == Backend::Sqlite && !Path::new(db).exists() {
        let count = MIGRATIONS.iter().count();
        return Ok(format!("database: {named}, new: made on first start ({count} migrations)"));
    }
    sqlx::any::install_default_drivers();
    let connected = tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect(&url)).await;
    let mut conn = match connected {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => {
            return Err(vec![without_password(&format!("cannot open the database {named}: {e}"), db)])
        }
        Err(_) => return Err(vec![format!("the database {named} did not answer in {CONNECT_TIMEOUT:?}")]),
    };
    let standing = schema::standing(&mut conn, backend).await;
    // Nothing was written: a failed close changes nothing of what was found.
    let _ = conn.close().await;
    match standing {
        Ok(standing) => schema_line(&named, standing),
        Err(e) => Err(vec![without_password(&format!("cannot read the database {named}: {e}"), db)]),
    }
}

/// The URL that opens the SQLite file `path` as it is (not created), once its folder lets the
/// server write its log, the file and backups beside it.
fn sqlite_url(path: &Path) -> Result<String, String> {
    let in_memory = path.to_str().is_some_and(|db| db.contains(":memory:") || db.contains("mode=memory"));
    if in_memory {
        return Ok(format!("sqlite:{}", path.display()));
    }
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!("--db {}: there is no folder {}", path.display(), folder.display()));
    }
    let probe = folder.join(format!(".jungle-check-{}", std::process::id()));
    let written = std::fs::OpenOptions::new().write(true).create_new(true).open(&probe);
    if let Err(e) = written {
        return Err(format!("--db {}: cannot write in {} ({e})", path.display(), folder.display()));
    }
    let _ = std::fs::remove_file(&probe);
    if path.exists() {
        if let Err(e) = std::fs::OpenOptions::new().read(true).write(true).open(path) {
            return Err(format!("--db {}: cannot write to it ({e})", path.display()));
        }
    }
    Ok(format!("sqlite:{}?mode=rw", path.display()))
}

/// The summary line of a database whose schema is `standing`, or what is wrong with it.
fn schema_line(named: &str, standing: Standing) -> Result<String, Vec<String>> {
    let listed = |versions: &[i64]| versions.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let mut problems = Vec::new();
    if !standing.unknown.is_empty() {
        problems.push(format!(
            "the database {named} was made by a newer jungle-server (migrations {} are unknown to this \
             one): run that release or a later one",
            listed(&standing.unknown)
        ));
    }
    if !standing.failed.is_empty() {
        problems.push(format!(
            "the database {named}: migrations {} failed partway; repair it by hand before starting",
            listed(&standing.failed)
        ));
    }
    if !standing.changed.is_empty() {
        problems.push(format!(
            "the database {named}: migrations {} ran from files that differ from this release's",
            listed(&standing.changed)
        ));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(match standing.pending.len() {
        0 => format!("database: {named}, up to date ({} migrations)", standing.applied),
        n => {
            let pending: Vec<String> =
                standing.pending.iter().map(|m| format!("{} {}", m.version, m.description)).collect();
            format!("database: {named}, {n} migrations to run on start: {}", pending.join("; "))
        }
    })
}

/// Whether `addr` can be listened on now (`what` names the option).
fn listen(addr: SocketAddr, what: &str) -> Result<(), String> {
    match TcpListener::bind(addr) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => {
            Err(format!("{what}{addr}: the port is taken (by a server running already?)"))
        }
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => Err(format!(
            "{what}{addr}: not allowed ({e}); a port below 1024 needs root or CAP_NET_BIND_SERVICE"
        )),
        Err(e) => Err(format!("{what}{addr}: cannot listen there ({e})")),
    }
}

/// The members' options: the pepper, and a public origin that passkeys and cookies can use.
fn members(options: &MemberOptions) -> Vec<String> {
    let mut problems = Vec::new();
    if let Err(problem) = options.pepper() {
        problems.push(format!("--pepper-file: {problem}"));
    }
    if let Err(problem) = relying_party(options.public_origin.as_deref()) {
        problems.push(problem);
    }
    let origin = options.public_origin.as_deref().unwrap_or(LOCAL_ORIGIN);
    let http_host =
        origin.get(..7).filter(|s| s.eq_ignore_ascii_case("http://")).map(|_| host_of(&origin[7..]));
    if http_host.is_some_and(|host| !host.eq_ignore_ascii_case("localhost")) {
        problems.push(format!(
            "--public-origin {origin}: browsers allow passkeys only on https (or http://localhost); \
             give the club's https address"
        ));
    }
    if options.secure_cookies && http_host.is_some() {
        problems.push(format!(
            "--secure-cookies with the public origin {origin}: browsers keep no Secure cookie of an http \
             address; give --public-origin https://…"
        ));
    }
    problems
}

/// The host name of an origin's `host[:port][/…]`.
fn host_of(authority: &str) -> &str {
    let authority = authority.split('/').next().unwrap_or_default();
    authority.rsplit_once(':').map_or(authority, |(host, _)| host)
}

/// The trusted proxies: not everyone, and some when a proxy must stand in front.
fn proxies(trusted: &[AddressBlock], https: bool) -> Vec<String> {
    let mut problems = Vec::new();
    if let Some(everyone) = trusted.iter().find(|block| block.is_everyone()) {
        problems.push(format!(
            "--trust-proxy {everyone} trusts every address: any client could claim to be any other \
             (give the proxies' own addresses)"
        ));
    }
    if https && trusted.is_empty() {
        problems.push(
            "the club is reached by https, so a proxy in front of it ends TLS, but --trust-proxy is not \
             given: every player would count as the proxy's address in the limits (e.g. --trust-proxy \
             127.0.0.1)"
                .into(),
        );
    }
    problems
}

/// The public origin and what follows from it.
fn origin_summary(options: &MemberOptions) -> String {
    let origin = options.public_origin.as_deref().unwrap_or("http://localhost (any port)");
    let cookies = match (options.https(), options.secure_cookies) {
        (true, true) => "Secure cookies (--secure-cookies)",
        (true, false) => "Secure cookies (https origin)",
        (false, _) => "cookies not Secure",
    };
    format!("{origin}, {cookies}")
}
