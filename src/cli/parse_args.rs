//! A test helper: one command's options read as clap reads them after the command's name, so
//! that each command's tests need no other command (the list of commands imports them all).

use clap::{Args, Parser};

/// The command line of a single command's options.
#[derive(Parser)]
struct Line<A: Args> {
    #[command(flatten)]
    args: A,
}

/// The options of `line` (words split at spaces, the command's name first), or clap's
/// refusal as text.
pub fn parse_args<A: Args>(line: &str) -> Result<A, String> {
    Line::<A>::try_parse_from(line.split_whitespace()).map(|line| line.args).map_err(|e| e.to_string())
}
