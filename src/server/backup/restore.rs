//! `jungle-server restore --from FILE`: checks that FILE is a sound SQLite database of this
//! server (integrity check, a migration version this server knows, only the tables and indexes
//! its migrations make: [`schema`](super::schema)), then, the
//! server stopped, puts it in place of the database, the old one kept beside it as
//! `DB.before-restore`.

use super::in_use;
use super::schema::check_schema;
use crate::server::storage::db::MIGRATIONS;
use sqlx::{AnyConnection, Connection, Row};
use std::path::{Path, PathBuf};

/// The first bytes of every SQLite database file.
const SQLITE_HEADER: &[u8] = b"SQLite format 3\0";

/// Restores `from` as the database `db`.
pub async fn restore(from: &Path, db: &Path) -> Result<String, String> {
    let (games, members) = check(from).await?;
    let kept = beside(db, ".before-restore");
    let _lock = match db.exists() {
        true => Some(in_use::take(db)?),
        false => None,
    };
    if db.exists() {
        if kept.exists() {
            return Err(format!(
                "{} exists already: move it away first (nothing was changed)",
                kept.display()
            ));
        }
        settle(db).await?;
        std::fs::rename(db, &kept).map_err(|e| format!("cannot move {} aside: {e}", db.display()))?;
    }
    let partial = beside(db, ".restoring");
    std::fs::copy(from, &partial).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    std::fs::rename(&partial, db).map_err(|e| format!("cannot put {} in place: {e}", db.display()))?;
    let old =
        if kept.exists() { format!("; the previous database is {}", kept.display()) } else { String::new() };
    Ok(format!("restored {} ({games} games, {members} members) into {}{old}", from.display(), db.display()))
}

/// `path` with `suffix` added to its file name.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Whether `from` is a database this server can use: its games and members counted.
async fn check(from: &Path) -> Result<(i64, i64), String> {
    let not_ours = |why: String| format!("{} is not a backup of jungle-server: {why}", from.display());
    let mut header = [0u8; 16];
    let read =
        std::fs::File::open(from).and_then(|mut file| std::io::Read::read_exact(&mut file, &mut header));
    read.map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    if header != SQLITE_HEADER {
        return Err(not_ours("not a SQLite database".into()));
    }
    sqlx::any::install_default_drivers();
    let url = format!("sqlite:{}?mode=ro", from.display());
    let mut conn = AnyConnection::connect(&url).await.map_err(|e| not_ours(e.to_string()))?;
    let checked = check_contents(&mut conn).await.map_err(not_ours);
    conn.close().await.map_err(|e| e.to_string())?;
    checked
}

async fn check_contents(conn: &mut AnyConnection) -> Result<(i64, i64), String> {
    let integrity: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut *conn)
        .await
        .and_then(|row| row.try_get(0))
        .map_err(|e| e.to_string())?;
    if integrity != "ok" {
        return Err(format!("damaged ({integrity})"));
    }
    let rows = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
        .fetch_all(&mut *conn)
        .await
        .map_err(|e| format!("no migrations ({e})"))?;
    let versions = rows.iter().map(|row| row.try_get("version")).collect::<sqlx::Result<Vec<i64>>>();
    let versions = versions.map_err(|e| e.to_string())?;
    if versions.is_empty() {
        return Err("no migrations".into());
    }
    let known = &MIGRATIONS;
    if let Some(version) = versions.iter().find(|v| !known.iter().any(|migration| migration.version == **v)) {
        return Err(format!("its schema version {version} is unknown to this jungle-server"));
    }
    check_schema(conn, known, &versions).await?;
    Ok((count(conn, "games").await?, count(conn, "members").await?))
}

async fn count(conn: &mut AnyConnection, table: &str) -> Result<i64, String> {
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    let row = sqlx::query(&sql).fetch_one(conn).await.map_err(|e| format!("no table {table} ({e})"))?;
    row.try_get("n").map_err(|e| e.to_string())
}

/// Writes what the WAL of the stopped database `db` holds into its file and removes the WAL,
/// so that the file alone is the whole database.
async fn settle(db: &Path) -> Result<(), String> {
    let url = format!("sqlite:{}", db.display());
    let mut conn =
        AnyConnection::connect(&url).await.map_err(|e| format!("cannot open {}: {e}", db.display()))?;
    let busy = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .fetch_optional(&mut conn)
        .await
        .and_then(|row| row.map(|row| row.try_get::<i64, _>(0)).transpose())
        .map_err(|e| format!("cannot checkpoint {}: {e}", db.display()))?;
    conn.close().await.map_err(|e| e.to_string())?;
    if busy.unwrap_or(0) != 0 {
        return Err(format!("{} is in use: stop jungle-server first", db.display()));
    }
    for suffix in ["-wal", "-shm"] {
        let file = beside(db, suffix);
        if file.exists() {
            std::fs::remove_file(&file).map_err(|e| format!("cannot remove {}: {e}", file.display()))?;
        }
    }
    Ok(())
}
