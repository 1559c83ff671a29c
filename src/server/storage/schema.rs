//! How a database stands against this release's migrations ([`MIGRATIONS`], run by
//! [`Db::open`](super::db::Db::open)), read without changing anything (`jungle-server check`).

use super::batches::DbResult;
use super::db::{Backend, MIGRATIONS};
use sqlx::migrate::Migration;
use sqlx::{AnyConnection, Row};

/// How a database stands against [`MIGRATIONS`].
#[derive(Debug, Default)]
pub struct Standing {
    /// The migrations it has run, all known.
    pub applied: usize,
    /// Those of this release it has not run yet, oldest first: the server runs them when it
    /// starts.
    pub pending: Vec<&'static Migration>,
    /// Versions it has run that this release does not know: a newer release made it.
    pub unknown: Vec<i64>,
    /// Versions it has run whose file has changed since.
    pub changed: Vec<i64>,
    /// Versions that failed partway (fixed by hand only).
    pub failed: Vec<i64>,
}

/// Whether sqlx's table of migrations exists (none in a new database).
async fn has_migrations_table(conn: &mut AnyConnection, backend: Backend) -> DbResult<bool> {
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) AS n FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_name = '_sqlx_migrations'"
        }
    };
    let n: i64 = sqlx::query(sql).fetch_one(conn).await?.try_get("n")?;
    Ok(n > 0)
}

/// How the database on `conn` stands against this release's migrations.
pub async fn standing(conn: &mut AnyConnection, backend: Backend) -> DbResult<Standing> {
    let mut standing = Standing::default();
    let mut run = Vec::new();
    if has_migrations_table(conn, backend).await? {
        // `success` as a number: the Any driver reads no SQLite boolean.
        let sql = "SELECT version, CAST(CASE WHEN success THEN 1 ELSE 0 END AS BIGINT) AS success, checksum \
                   FROM _sqlx_migrations ORDER BY version";
        let rows = sqlx::query(sql).fetch_all(&mut *conn).await?;
        for row in rows {
            let version: i64 = row.try_get("version")?;
            let checksum: Vec<u8> = row.try_get("checksum")?;
            match MIGRATIONS.iter().find(|m| m.version == version) {
                None => standing.unknown.push(version),
                Some(_) if row.try_get::<i64, _>("success")? == 0 => standing.failed.push(version),
                Some(known) if *known.checksum != *checksum => standing.changed.push(version),
                Some(_) => standing.applied += 1,
            }
            run.push(version);
        }
    }
    let pending =
        MIGRATIONS.iter().filter(|m| !m.migration_type.is_down_migration() && !run.contains(&m.version));
    standing.pending = pending.collect();
    Ok(standing)
}
