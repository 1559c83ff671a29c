//! `jungle-server`: the online play server (see `jungle::server`). Built with
//! `cargo build --release --features server --bin jungle-server`.

use jungle::server::config;

#[tokio::main]
async fn main() {
    let config = config::load_or_exit(std::env::args_os().collect());
    jungle::server::ops::logging::init(config.log_format);
    if let Err(message) = jungle::server::run(config).await {
        eprintln!("jungle-server: {message}");
        std::process::exit(1);
    }
}
