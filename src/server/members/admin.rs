//! `jungle-server admin add NAME [--db …]`: makes a member an admin (the club's first account
//! is one already).

use super::accounts;
use crate::server::config::Config;
use crate::server::db::Db;
use sqlx::any::AnyPoolOptions;

/// The usage text.
pub const USAGE: &str = "usage: jungle-server admin add NAME [--db FILE|postgres://URL]
  makes the member NAME (signed up already) an admin of the club";

/// Runs the command on the arguments after `admin`; the exit status.
pub async fn main(args: impl Iterator<Item = String>) -> i32 {
    match run(args).await {
        Ok(message) => {
            println!("{message}");
            0
        }
        Err(message) => {
            eprintln!("{message}");
            2
        }
    }
}

async fn run(mut args: impl Iterator<Item = String>) -> Result<String, String> {
    let (Some("add"), Some(name)) = (args.next().as_deref(), args.next()) else { return Err(USAGE.into()) };
    let config = Config::parse(args)?;
    let db =
        Db::open(&config.db).await.map_err(|e| format!("cannot open the database {}: {e}", config.db))?;
    let pool = AnyPoolOptions::new().max_connections(1).connect(db.url()).await.map_err(|e| e.to_string())?;
    match accounts::make_admin(&pool, &name).await.map_err(|e| e.to_string())? {
        true => Ok(format!("{name} is an admin")),
        false => Err(format!("no member is called {name}: sign up first")),
    }
}
