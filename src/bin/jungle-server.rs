//! `jungle-server`: the online play server (see `jungle::server`). Built with
//! `cargo build --release --features server --bin jungle-server`.

use jungle::server::config::Config;

#[tokio::main]
async fn main() {
    let config = match Config::parse(std::env::args().skip(1)) {
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
