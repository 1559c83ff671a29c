//! What a backup's schema may hold: exactly the tables and indexes this server's migrations
//! that the backup ran make (not all up to its newest: a migration of a lower version may come
//! in a later release), each as SQLite wrote it. Anything else — a trigger (it would
//! run on the server's own writes), a view, another table or index, or one of ours written
//! otherwise — is refused before the backup is used.

use sqlx::migrate::Migrator;
use sqlx::{AnyConnection, Connection, Row};

/// An object of `sqlite_master`: its type, its name and its SQL (none for SQLite's own indexes).
type Object = (String, String, Option<String>);

/// The table where sqlx notes the migrations run: compared by name only, as its SQL is sqlx's.
const MIGRATIONS_TABLE: &str = "_sqlx_migrations";

/// Refuses the schema of `backup`, which ran the migrations of `versions`, unless it is what
/// those of `migrations` make.
pub async fn check_schema(
    backup: &mut AnyConnection,
    migrations: &Migrator,
    versions: &[i64],
) -> Result<(), String> {
    let expected = made_by(migrations, versions).await?;
    let found = objects(backup).await?;
    if let Some((kind, name, _)) = found.iter().find(|object| !expected.iter().any(|e| same(e, object))) {
        return Err(format!("it holds a {kind} {name} that jungle-server does not make"));
    }
    if let Some((kind, name, _)) = expected.iter().find(|object| !found.iter().any(|f| same(f, object))) {
        return Err(format!("it lacks the {kind} {name} (or holds it changed)"));
    }
    Ok(())
}

/// Whether two objects are the same one, as written.
fn same(a: &Object, b: &Object) -> bool {
    a.0 == b.0 && a.1 == b.1 && (a.1 == MIGRATIONS_TABLE || a.2 == b.2)
}

/// The objects the `migrations` of `versions` make in an empty database.
async fn made_by(migrations: &Migrator, versions: &[i64]) -> Result<Vec<Object>, String> {
    let mut upto = Migrator::DEFAULT;
    upto.migrations =
        migrations.iter().filter(|m| versions.contains(&m.version)).cloned().collect::<Vec<_>>().into();
    let mut empty = AnyConnection::connect("sqlite::memory:").await.map_err(|e| e.to_string())?;
    let made = match upto.run(&mut empty).await {
        Ok(()) => objects(&mut empty).await,
        Err(e) => Err(format!("cannot make the schema to compare with: {e}")),
    };
    empty.close().await.map_err(|e| e.to_string())?;
    made
}

/// The objects of the database on `conn`, but SQLite's statistics (`ANALYZE`'s tables).
async fn objects(conn: &mut AnyConnection) -> Result<Vec<Object>, String> {
    let rows = sqlx::query(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name",
    )
    .fetch_all(conn)
    .await
    .map_err(|e| e.to_string())?;
    rows.iter()
        .map(|row| Ok((row.try_get("type")?, row.try_get("name")?, row.try_get("sql")?)))
        .collect::<sqlx::Result<_>>()
        .map_err(|e| e.to_string())
}
