//! A throwaway PostgreSQL 15 server (Debian's `postgresql` package) for the server tests: in a
//! temporary folder, on a free port, stopped when dropped.

use super::TempDir;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A PostgreSQL server in a temporary folder, stopped when dropped.
pub struct Postgres {
    dir: TempDir,
    port: u16,
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
        let data: PathBuf = dir.0.join("data");
        let (data, socket) = (data.to_str().unwrap().to_string(), dir.0.to_str().unwrap().to_string());
        pg("initdb", &["-D", &data, "-A", "trust", "-U", "postgres", "--no-sync"]);
        let options = format!("-p {port} -k {socket} -c listen_addresses=127.0.0.1 -c fsync=off");
        let log = dir.0.join("log").to_str().unwrap().to_string();
        pg("pg_ctl", &["-D", &data, "-o", &options, "-l", &log, "-w", "start"]);
        Postgres { dir, port }
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.0.join("data");
        pg("pg_ctl", &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"]);
    }
}
