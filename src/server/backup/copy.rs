//! `jungle-server backup --out FILE`: SQLite's `VACUUM INTO` writes a consistent snapshot of
//! the database (one read transaction) while the server goes on writing to its WAL.

use sqlx::{AnyConnection, Connection};
use std::path::Path;

/// Copies the SQLite database `db` to `out`, which must not exist, not even as a link.
pub async fn backup(db: &Path, out: &Path) -> Result<String, String> {
    if !db.exists() {
        return Err(format!("there is no database {}", db.display()));
    }
    // Made here, empty, and never through a link (`O_EXCL`); `VACUUM INTO` fills an empty file.
    std::fs::OpenOptions::new().write(true).create_new(true).open(out).map_err(|e| match e.kind() {
        std::io::ErrorKind::AlreadyExists => format!("{} exists already: name a new file", out.display()),
        _ => format!("cannot create {}: {e}", out.display()),
    })?;
    let copied = copy(db, out).await;
    if copied.is_err() {
        let _ = std::fs::remove_file(out);
    }
    copied
}

/// Copies `db` into the empty file `out`.
async fn copy(db: &Path, out: &Path) -> Result<String, String> {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite:{}?mode=ro", db.display());
    let mut conn =
        AnyConnection::connect(&url).await.map_err(|e| format!("cannot open {}: {e}", db.display()))?;
    let target = out.to_str().ok_or_else(|| format!("{}: not a UTF-8 path", out.display()))?;
    let copied = sqlx::query("VACUUM INTO $1").bind(target).execute(&mut conn).await;
    conn.close().await.map_err(|e| e.to_string())?;
    copied.map_err(|e| format!("cannot back up into {}: {e}", out.display()))?;
    Ok(format!("backed up {} into {}", db.display(), out.display()))
}
