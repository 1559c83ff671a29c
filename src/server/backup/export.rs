//! `jungle-server export --out FILE`: every finished game as a record (the writer of
//! `/api/games/{id}/record`), one after another, oldest first, a blank line between them.

use crate::server::game::record::record_text;
use crate::server::storage::db::Db;
use crate::server::storage::shown::without_password;
use crate::server::storage::writer::STORE_WAIT;
use std::io::Write;
use std::path::Path;

/// Writes the finished games of the database `db` to `out`, which must not exist.
pub async fn export(db: &str, out: &Path) -> Result<String, String> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let db = Db::open(db, STORE_WAIT)
        .await
        .map_err(|e| without_password(&format!("cannot open the database {db}: {e}"), db))?;
    let ids = db.finished().await.map_err(|e| format!("cannot list the games: {e}"))?;
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", out.display());
    for (n, id) in ids.iter().enumerate() {
        let game = db.load(id).await.map_err(|e| format!("cannot read game {id}: {e}"))?;
        let Some(game) = game else { continue };
        let separator = if n == 0 { "" } else { "\n" };
        write!(file, "{separator}{}", record_text(&game)).map_err(failed)?;
    }
    file.sync_all().map_err(failed)?;
    Ok(format!("exported {} finished games into {}", ids.len(), out.display()))
}
