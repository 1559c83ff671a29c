//! The native `jungle` command: the engine protocol (no arguments), matches, perft and tools.

mod cli;

fn main() {
    std::process::exit(cli::run(std::env::args().skip(1).collect()));
}
