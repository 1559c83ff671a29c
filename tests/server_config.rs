//! `jungle-server`'s settings as an operator gives them, the binary run as a process: an
//! option on the command line beats its `JUNGLE_<OPTION>` environment variable, which beats the
//! `--config` file, which beats the default (a number, a list and a flag); and `jungle-server
//! check` says, a line each and with exit status 1, what is wrong with the settings and the
//! database (a newer release's, one not reachable: its password never shown), or
//! "configuration OK" with its pending migrations (the previous release's database of
//! tests/upgrade: listed, none run, no copy kept). On SQLite, and on PostgreSQL with
//! `JUNGLE_TEST_DB=postgres`.
#![cfg(feature = "server")]

mod server_support;

use server_support::{TempDir, TestDb};
use sqlx::{AnyConnection, Connection};
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;

/// What `jungle-server check` said: its exit status, standard output and standard error.
struct Said {
    status: Option<i32>,
    out: String,
    err: String,
}

/// Runs `jungle-server ARGS` with the environment variables `env`.
fn run(args: &[&str], env: &[(&str, &str)]) -> Said {
    let output =
        Command::new(env!("CARGO_BIN_EXE_jungle-server")).args(args).envs(env.iter().copied()).output();
    let output = output.unwrap();
    Said {
        status: output.status.code(),
        out: String::from_utf8_lossy(&output.stdout).into_owned(),
        err: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// A port free now.
fn free_port() -> String {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string()
}

/// Runs `check` in the folder `dir`, a club behind a proxy on a SQLite file there, with more
/// `args`, the `env` and the file `club.toml` of `dir`.
fn check_club(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> String {
    let db = dir.join("club.sqlite");
    let file = dir.join("club.toml");
    let base =
        ["check", "--config", file.to_str().unwrap(), "--db", db.to_str().unwrap(), "--host", "127.0.0.1"];
    let said = run(&[&base[..], args].concat(), env);
    assert_eq!(said.status, Some(0), "{args:?} {env:?}: {}{}", said.out, said.err);
    said.out
}

/// The line of `out` that starts with `start`.
fn line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .map(str::trim)
        .find(|line| line.starts_with(start))
        .unwrap_or_else(|| panic!("{start}: {out}"))
}

#[test]
fn the_command_line_beats_the_environment_which_beats_the_file() {
    let dir = TempDir::new();
    let [file_port, env_port, flag_port] = [free_port(), free_port(), free_port()];
    std::fs::write(
        dir.0.join("club.toml"),
        format!(
            "port = {file_port}\ntrust-proxy = [\"10.0.0.1\"]\nsecure-cookies = true\n\
             public-origin = \"https://club.example\"\n"
        ),
    )
    .unwrap();
    let env = [("JUNGLE_PORT", env_port.as_str()), ("JUNGLE_TRUST_PROXY", "10.0.0.2,10.0.0.3/31")];
    let unset = ("JUNGLE_SECURE_COOKIES", "false");

    let file_only = check_club(&dir.0, &[], &[]);
    assert_eq!(line(&file_only, "listening on"), format!("listening on 127.0.0.1:{file_port}"));
    assert_eq!(line(&file_only, "trusted proxies"), "trusted proxies: 10.0.0.1");
    assert!(line(&file_only, "public origin").ends_with("Secure cookies (--secure-cookies)"), "{file_only}");

    let environment = check_club(&dir.0, &[], &[env[0], env[1], unset]);
    assert_eq!(line(&environment, "listening on"), format!("listening on 127.0.0.1:{env_port}"));
    assert_eq!(line(&environment, "trusted proxies"), "trusted proxies: 10.0.0.2, 10.0.0.2/31");
    assert!(line(&environment, "public origin").ends_with("Secure cookies (https origin)"), "{environment}");

    let flags = ["--port", &flag_port, "--trust-proxy", "10.0.0.4", "--secure-cookies"];
    let given = check_club(&dir.0, &flags, &[env[0], env[1], unset]);
    assert_eq!(line(&given, "listening on"), format!("listening on 127.0.0.1:{flag_port}"));
    assert_eq!(line(&given, "trusted proxies"), "trusted proxies: 10.0.0.4");
    assert!(line(&given, "public origin").ends_with("Secure cookies (--secure-cookies)"), "{given}");

    // Without the file, the defaults: not Secure on the local origin, no proxy.
    std::fs::write(dir.0.join("club.toml"), format!("port = {file_port}\n")).unwrap();
    let defaults = check_club(&dir.0, &[], &[]);
    assert_eq!(
        line(&defaults, "public origin"),
        "public origin: http://localhost (any port), cookies not Secure"
    );
    assert!(!defaults.contains("trusted proxies"), "{defaults}");
}

#[test]
fn a_bad_file_or_variable_is_refused_before_anything_starts() {
    let dir = TempDir::new();
    let file = dir.0.join("club.toml");
    std::fs::write(&file, "port = 8080\nprot = 8081\n").unwrap();
    let config = file.to_str().unwrap();
    let said = run(&["--config", config, "check"], &[]);
    assert_eq!(said.status, Some(1), "check refuses with 1, as any problem: {}", said.err);
    assert!(said.err.contains("club.toml: unknown key `prot` (did you mean `port`?)"), "{}", said.err);
    std::fs::write(&file, "secure-cookies = \"yes\"\n").unwrap();
    let said = run(&["check"], &[("JUNGLE_CONFIG", config)]);
    assert!(said.err.contains("`secure-cookies` takes true or false, not a string"), "{}", said.err);
    let said = run(&["check"], &[("JUNGLE_PORT", "eighty")]);
    assert_eq!(said.status, Some(1));
    assert!(said.err.contains("JUNGLE_PORT: invalid value 'eighty' for '--port <N>'"), "{}", said.err);
    let said = run(&["check", "--port", "eighty"], &[]);
    assert!(said.err.starts_with("error: invalid value 'eighty' for '--port <N>'"), "{}", said.err);
    let serving = run(&["--config", config], &[]);
    assert_eq!(serving.status, Some(2), "serving, a refused setting is a usage error: {}", serving.err);
    assert!(serving.err.contains("`secure-cookies` takes true or false"), "{}", serving.err);
    let said = run(&["check"], &[("JUNGLE_TRUST_PROXY", "127.0.0.1,10.0.0.0/40")]);
    assert!(said.err.contains("JUNGLE_TRUST_PROXY: invalid value '10.0.0.0/40'"), "{}", said.err);
    assert!(said.out.is_empty(), "{}", said.out);
}

#[test]
fn check_says_each_problem_of_the_settings_in_words() {
    let db = TestDb::new();
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let no_page = db.dir.0.join("no-page");
    let pepper = db.dir.0.join("pepper");
    std::fs::write(&pepper, "short\n").unwrap();
    let args = [
        "check",
        "--db",
        &db.url(),
        "--host",
        "127.0.0.1",
        "--port",
        &port,
        "--dist",
        no_page.to_str().unwrap(),
        "--public-origin",
        "http://club.example",
        "--secure-cookies",
        "--trust-proxy",
        "0.0.0.0/0",
        "--pepper-file",
        pepper.to_str().unwrap(),
        "--ping-every",
        "30",
        "--dead-after",
        "20",
    ];
    let said = run(&args, &[]);
    assert_eq!(said.status, Some(1), "{}{}", said.out, said.err);
    assert!(!said.out.contains("configuration OK"), "{}", said.out);
    for reason in [
        "no-page: no index.html there",
        &format!("127.0.0.1:{port}: the port is taken"),
        "--public-origin http://club.example: browsers allow passkeys only on https",
        "--secure-cookies with the public origin http://club.example",
        "--trust-proxy 0.0.0.0/0 trusts every address",
        "at least 16 bytes",
        "--dead-after 20 is not longer than --ping-every 30",
        "jungle-server: 7 problems in the configuration",
    ] {
        assert!(said.err.contains(reason), "{reason}: {}", said.err);
    }
    assert_eq!(said.err.lines().count(), 8, "a line each: {}", said.err);

    // An https club with no proxy trusted.
    let said =
        run(&["check", "--db", &db.url(), "--port", "0", "--public-origin", "https://club.example"], &[]);
    assert_eq!(said.status, Some(1));
    assert!(said.err.contains("--trust-proxy is not given"), "{}", said.err);
}

/// Runs `sql` on the database `url`.
async fn execute(url: &str, sql: &str) {
    sqlx::any::install_default_drivers();
    let url = if url.starts_with("postgres") { url.to_string() } else { format!("sqlite:{url}") };
    let mut conn = AnyConnection::connect(&url).await.unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test]
async fn check_reads_the_database_s_migrations_without_running_them() {
    let db = TestDb::new();
    let url = db.url();
    let check =
        |args: &[&str]| run(&[&["check", "--db", url.as_str(), "--port", "0"][..], args].concat(), &[]);
    if db.is_sqlite() {
        let new = check(&[]);
        assert!(new.out.contains("new: made on first start"), "{}{}", new.out, new.err);
        assert!(!Path::new(&url).exists(), "check made no database");
    }

    // The database as this release leaves it: up to date.
    let out = db.dir.0.join("games.txt");
    let exported = run(&["export", "--out", out.to_str().unwrap(), "--db", &url], &[]);
    assert_eq!(exported.status, Some(0), "{}", exported.err);
    let current = check(&[]);
    assert_eq!(current.status, Some(0), "{}", current.err);
    assert!(current.out.starts_with("configuration OK\n"), "{}", current.out);
    let kind = if db.is_sqlite() { "SQLite" } else { "PostgreSQL" };
    assert!(line(&current.out, "database:").starts_with(&format!("database: {kind} ")), "{}", current.out);
    assert!(line(&current.out, "database:").contains(", up to date ("), "{}", current.out);

    // One migration not run yet: listed, and still not run.
    execute(&url, "DELETE FROM _sqlx_migrations WHERE version = 20261202000002").await;
    for _ in 0..2 {
        let behind = check(&[]);
        assert_eq!(behind.status, Some(0), "{}", behind.err);
        let said = line(&behind.out, "database:");
        assert!(said.ends_with("1 migrations to run on start: 20261202000002 over the board"), "{said}");
    }

    // A migration of a newer release: refused.
    let checksum = if db.is_sqlite() { "x'00'" } else { "'\\x00'::bytea" };
    let sql = format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (29991231000001, 'from the future', TRUE, {checksum}, 1)"
    );
    execute(&url, &sql).await;
    let newer = check(&[]);
    assert_eq!(newer.status, Some(1), "{}", newer.out);
    assert!(
        newer.err.contains("was made by a newer jungle-server (migrations 29991231000001"),
        "{}",
        newer.err
    );
}

#[test]
fn an_unreachable_database_is_said_so_without_its_password() {
    let db = TestDb::new();
    let closed = free_port();
    let url = format!("postgres://club:pa55-w0rd@127.0.0.1:{closed}/club");
    let said = run(&["check", "--db", &url, "--port", "0"], &[]);
    assert_eq!(said.status, Some(1));
    let shown = format!("cannot open the database PostgreSQL postgres://club:***@127.0.0.1:{closed}/club");
    assert!(said.err.contains(&shown), "{}", said.err);
    assert!(!said.err.contains("pa55-w0rd") && !said.out.contains("pa55-w0rd"), "{}", said.err);

    if db.is_sqlite() {
        let nowhere = db.dir.0.join("no-folder").join("club.sqlite");
        let said = run(&["check", "--db", nowhere.to_str().unwrap(), "--port", "0"], &[]);
        assert_eq!(said.status, Some(1));
        assert!(said.err.contains("there is no folder"), "{}", said.err);
    } else {
        // A database that does not exist on a server that does: its name, in PostgreSQL's words.
        let missing = db.url().replace("/postgres", "/no_such_club");
        let said = run(&["check", "--db", &missing, "--port", "0"], &[]);
        assert_eq!(said.status, Some(1));
        assert!(said.err.contains("\"no_such_club\" does not exist"), "{}", said.err);
    }
}

#[test]
fn help_names_each_variable_but_never_its_value() {
    let said = run(&["--help"], &[("JUNGLE_DB", "postgres://club:pa55-w0rd@db.example/club")]);
    assert_eq!(said.status, Some(0));
    for variable in ["[env: JUNGLE_DB]", "[env: JUNGLE_TRUST_PROXY]", "[env: JUNGLE_SECURE_COOKIES]"] {
        assert!(said.out.contains(variable), "{variable}: {}", said.out);
    }
    assert!(!said.out.contains("pa55-w0rd"), "{}", said.out);
    let task = run(&["backup", "--help"], &[]).out;
    assert!(task.find("--out <FILE>") < task.find("Settings:"), "a task's own options first: {task}");
}

#[test]
fn check_lists_what_the_previous_release_s_database_will_run_and_runs_none() {
    let db = TestDb::new();
    let name = if db.is_sqlite() { "previous.sqlite" } else { "previous-postgres.sql" };
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/upgrade").join(name);
    match db.postgres() {
        Some(postgres) => postgres.load(&fixture),
        None => {
            std::fs::copy(&fixture, db.url()).unwrap();
        }
    }
    let before = db.is_sqlite().then(|| std::fs::read(db.url()).unwrap());
    for _ in 0..2 {
        let said = run(&["check", "--db", &db.url(), "--port", "0"], &[]);
        assert_eq!(said.status, Some(0), "{}", said.err);
        assert!(line(&said.out, "database:").contains(" migrations to run on start: "), "{}", said.out);
    }
    if let Some(before) = before {
        assert!(std::fs::read(db.url()).unwrap() == before, "the file is as it was");
        let copies = std::fs::read_dir(&db.dir.0).unwrap().flatten();
        let copies: Vec<_> =
            copies.filter(|e| e.file_name().to_string_lossy().contains(".before-")).collect();
        assert!(copies.is_empty(), "check keeps no copy before an upgrade it does not make: {copies:?}");
    }
}
