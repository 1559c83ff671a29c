//! A SQLite database made by an earlier release is copied before this one changes its schema:
//! `DB.before-VERSION` (VERSION: the first migration this release adds), made with the same
//! consistent snapshot as `jungle-server backup`. If the upgrade goes wrong, `jungle-server
//! restore --from DB.before-VERSION` puts the club back as it was.

use super::copy;
use crate::server::storage::db::Backend;
use crate::server::storage::schema;
use sqlx::{AnyConnection, Connection};
use std::path::{Path, PathBuf};

/// Copies the SQLite database `db` if it exists and this release has migrations it has not
/// run: the copy's name, or none when nothing is to change. A copy left by an earlier attempt
/// at the same upgrade is kept: it is the database as it was before.
pub async fn keep_a_copy(db: &Path) -> Result<Option<PathBuf>, String> {
    if !db.exists() {
        return Ok(None);
    }
    let Some(first) = first_pending(db).await? else {
        return Ok(None);
    };
    let out = PathBuf::from(format!("{}.before-{first}", db.display()));
    if out.exists() {
        tracing::warn!(copy = %out.display(), "upgrading the database: a copy from before is there already, kept");
        return Ok(Some(out));
    }
    copy::backup(db, &out)
        .await
        .map_err(|e| format!("cannot keep a copy before upgrading the database: {e}"))?;
    tracing::info!(copy = %out.display(), "upgrading the database: a copy kept from before");
    Ok(Some(out))
}

/// The first migration of this release that the database `db` has not run, if any (none for a
/// file with no migrations at all: an empty database has nothing to keep).
async fn first_pending(db: &Path) -> Result<Option<i64>, String> {
    sqlx::any::install_default_drivers();
    let url = format!("sqlite:{}?mode=ro", db.display());
    let mut conn =
        AnyConnection::connect(&url).await.map_err(|e| format!("cannot open {}: {e}", db.display()))?;
    let standing = schema::standing(&mut conn, Backend::Sqlite).await;
    conn.close().await.map_err(|e| e.to_string())?;
    let standing = standing.map_err(|e| format!("cannot read the migrations of {}: {e}", db.display()))?;
    if standing.applied == 0 {
        return Ok(None);
    }
    Ok(standing.pending.first().map(|migration| migration.version))
}
