//! A throwaway PostgreSQL 15 server (Debian's `postgresql` package) for the server tests: in a
//! temporary folder, on a free port, stopped when dropped.

use super::TempDir;
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A PostgreSQL server in a temporary folder, stopped when dropped.
pub struct Postgres {
    dir: TempDir,
    port: u16,
}

impl Postgres {
    fn data(&self) -> String {
        self.dir.0.join("data").to_str().unwrap().to_string()
    }

    /// Starts the server (again) on its folder and port.
    fn launch(&self) {
        let socket = self.dir.0.to_str().unwrap();
        let options = format!("-p {} -k {socket} -c listen_addresses=127.0.0.1 -c fsync=off", self.port);
        let log = self.dir.0.join("log").to_str().unwrap().to_string();
        pg("pg_ctl", &["-D", &self.data(), "-o", &options, "-l", &log, "-w", "start"]);
    }

    /// Stops the server as an operator would for a quick restart (`pg_ctl stop -m fast`:
    /// every connection is cut).
    pub fn stop(&self) {
        pg("pg_ctl", &["-D", &self.data(), "-m", "fast", "-w", "stop"]);
    }

    /// Starts it again after [`Postgres::stop`].
    pub fn restart(&self) {
        self.launch();
    }
}

/// Whether the tests run as root.
fn root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// Runs a PostgreSQL program; as the `postgres` user when the tests run as root (it refuses root).
fn pg(program: &str, args: &[&str]) {
    let path = Path::new(BIN).join(program);
    assert!(
        path.exists(),
        "{} is missing: install Debian's postgresql package (apt-get install postgresql)",
        path.display()
    );
    let mut command = if root() {
        let mut runuser = Command::new("runuser");
        runuser.args(["-u", "postgres", "--"]).arg(&path);
        runuser
    } else {
        Command::new(&path)
    };
    let status = command.args(args).stdout(Stdio::null()).status();
    assert!(status.unwrap().success(), "{program} {args:?} failed");
}

impl Postgres {
    pub fn start() -> Postgres {
        let dir = TempDir::new();
        if root() {
            assert!(Command::new("chown")
                .args(["postgres:postgres"])
                .arg(&dir.0)
                .status()
                .unwrap()
                .success());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let postgres = Postgres { dir, port };
        pg("initdb", &["-D", &postgres.data(), "-A", "trust", "-U", "postgres", "--no-sync"]);
        postgres.launch();
        postgres
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        pg("pg_ctl", &["-D", &self.data(), "-m", "immediate", "stop"]);
    }
}

impl Postgres {
    /// Runs the SQL file `script` (a `pg_dump`) on the database of [`Postgres::url`].
    pub fn load(&self, script: &Path) {
        let socket = self.dir.0.to_str().unwrap();
        let (port, script) = (self.port.to_string(), script.to_str().unwrap());
        let args = [
            "-h",
            socket,
            "-p",
            &port,
            "-U",
            "postgres",
            "-d",
            "postgres",
            "-q",
            "-v",
            "ON_ERROR_STOP=1",
            "-f",
            script,
        ];
        pg("psql", &args);
    }
}
