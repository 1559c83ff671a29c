//! `jungle-server`: the online play server (see `jungle::server`). Built with
//! `cargo build --release --features server --bin jungle-server`. `jungle-server bench …` runs
//! the load generator instead (see `jungle::server::bench`).

use jungle::server::config::Config;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.next_if_eq("bench").is_some() {
        std::process::exit(jungle::server::bench::main(args).await);
    }
    if args.next_if_eq("admin").is_some() {
        std::process::exit(jungle::server::members::admin::main(args).await);
    }
    let config = match Config::parse(args) {
        Ok(config) => config,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    if let Err(message) = jungle::server::run(config).await {
        eprintln!("jungle-server: {message}");
        std::process::exit(1);
    }
}
