//! `jungle-load`: the load generator of the online play server (see `jungle::load`), a test
//! tool kept out of the server. Built with `cargo build --release --features server --bin
//! jungle-load`; `scripts/bench-server` runs it.

use clap::Parser;
use jungle::load::options::Options;

#[tokio::main]
async fn main() {
    std::process::exit(jungle::load::main(Options::parse()).await);
}
