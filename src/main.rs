//! The native `jungle` command: perft, move lists and benchmarks.

mod cli;

fn main() {
    std::process::exit(cli::run(std::env::args().skip(1).collect()));
}
