//! `jungle-server admin add NAME [--db …]`: makes a member an admin (the club's first account
//! is one already).

use super::accounts;
use crate::server::storage::db::Db;
use crate::server::storage::writer::STORE_WAIT;
use sqlx::any::AnyPoolOptions;

/// Makes the member `name` an admin on the database `url`: what was done, or why not.
pub async fn add(url: &str, name: &str) -> Result<String, String> {
    let db = Db::open(url, STORE_WAIT).await.map_err(|e| format!("cannot open the database {url}: {e}"))?;
    let pool = AnyPoolOptions::new().max_connections(1).connect(db.url()).await.map_err(|e| e.to_string())?;
    match accounts::make_admin(&pool, name).await.map_err(|e| e.to_string())? {
        true => Ok(format!("{name} is an admin")),
        false => Err(format!("no member is called {name}: sign up first")),
    }
}
