//! `jungle-server admin add NAME [--db …]`: makes a member an admin (the club's first account
//! is one already).

use super::accounts;
use crate::server::config::AdminTask;
use crate::server::db::Db;
use sqlx::any::AnyPoolOptions;

/// Does `task` on the database `url`: what was done, or why not.
pub async fn run(url: &str, task: &AdminTask) -> Result<String, String> {
    let AdminTask::Add { name } = task;
    let db = Db::open(url).await.map_err(|e| format!("cannot open the database {url}: {e}"))?;
    let pool = AnyPoolOptions::new().max_connections(1).connect(db.url()).await.map_err(|e| e.to_string())?;
    match accounts::make_admin(&pool, name).await.map_err(|e| e.to_string())? {
        true => Ok(format!("{name} is an admin")),
        false => Err(format!("no member is called {name}: sign up first")),
    }
}
