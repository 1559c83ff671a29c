//! The native `jungle` command: the engine protocol (no arguments), matches, perft and tools.

mod cli;

use clap::Parser;

fn main() {
    std::process::exit(cli::run(cli::Cli::parse()));
}
