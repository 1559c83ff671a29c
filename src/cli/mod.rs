//! Command-line front end of the native `jungle` binary.

mod args;
mod perft_cmd;

use args::Args;

const USAGE: &str = "usage:
  jungle perft <depth> [--fen \"<FEN>\"] [--rules \"<option>=<value>,...\"] [--divide]
  jungle moves [--fen \"<FEN>\"] [--rules \"...\"]
  jungle bench-perft [--depth <n>]";

/// Runs one command and returns the process exit code.
pub fn run(argv: Vec<String>) -> i32 {
    let mut args = Args::new(argv);
    let result = match args.command().as_deref() {
        Some("perft") => perft_cmd::perft(&mut args),
        Some("moves") => perft_cmd::moves(&mut args),
        Some("bench-perft") => perft_cmd::bench(&mut args),
        Some("help") | Some("--help") | Some("-h") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n{USAGE}")),
        None => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}
