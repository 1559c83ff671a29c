//! The club admin's tools on the database (issue 24): `jungle-server backup --out FILE` (a
//! consistent copy of a SQLite database while the server runs), `restore --from FILE` (checks a
//! copy and puts it in place of a stopped server's database, keeping the old one) and `export
//! --out FILE` (every finished game as a record). On PostgreSQL, `pg_dump` and `pg_restore` do
//! the first two (the README says how).
//!
//! [`in_use`]: how a running server marks its SQLite file, so that a restore can tell.

pub mod before_upgrade;
mod copy;
pub mod export;
pub mod in_use;
mod restore;
mod schema;

use crate::server::config::Command;
use crate::server::storage::db::Backend;
use std::path::Path;

/// What to tell a PostgreSQL club that asks for a backup or a restore.
pub const POSTGRES_WAY: &str = "the database is PostgreSQL: back it up with pg_dump (e.g. \
    pg_dump --format=custom --file=jungle.dump URL) and restore it with pg_restore (e.g. \
    pg_restore --clean --if-exists --dbname=URL jungle.dump), the servers stopped";

/// Whether `--db` names a PostgreSQL database (else a SQLite file).
pub fn is_postgres(db: &str) -> bool {
    Backend::of(db) == Backend::Postgres
}

/// Runs the tool `command` on the database `db`: what was done, or why not.
pub async fn run(db: &str, command: &Command) -> Result<Option<String>, String> {
    match command {
        Command::Backup { out } => {
            refuse_postgres(db)?;
            refuse_in_memory(db)?;
            copy::backup(Path::new(db), out).await.map(Some)
        }
        Command::Restore { from } => {
            refuse_postgres(db)?;
            refuse_in_memory(db)?;
            restore::restore(from, Path::new(db)).await.map(Some)
        }
        Command::Export { out } => export::export(db, out).await.map(Some),
        Command::Admin { .. } | Command::Check => Ok(None),
    }
}

/// Refuses a `--db` SQLite opens in memory (`:memory:`, `sqlite::memory:`, `mode=memory`):
/// no file holds it, so there is nothing to copy or replace, whatever file bears its name.
fn refuse_in_memory(db: &str) -> Result<(), String> {
    if db.contains(":memory:") || db.contains("mode=memory") {
        return Err(format!("{db} is a database in memory: there is no file to back up or restore"));
    }
    Ok(())
}

fn refuse_postgres(db: &str) -> Result<(), String> {
    if is_postgres(db) {
        return Err(POSTGRES_WAY.to_string());
    }
    Ok(())
}
