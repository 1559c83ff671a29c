//! Command-line front end of the native `jungle` binary.

/// `println!` for the commands: when nobody reads their output any more (a closed pipe, as in
/// `jungle perft 6 --divide | head -3`), the command ends quietly instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say(format_args!($($arg)*))
    };
}

mod args;
mod bench;
mod book_cmd;
#[cfg(feature = "bot")]
mod bot;
mod command_line;
mod endgame_starts;
mod match_args;
mod match_cmd;
mod match_players;
mod match_tables;
mod openings;
#[cfg(test)]
mod parse_args;
mod perft_cmd;
mod protocol_engine;
mod puzzle_starts;
mod puzzles_cmd;
mod puzzles_tables;
mod rating_list_cmd;
mod replay_bench;
mod results_file;
mod selfplay_cmd;
mod tablebase;
mod train_net_cmd;
mod tune;
mod uci;

pub use command_line::Cli;
use command_line::Command;

/// Writes one line to standard output, or ends the program as a closed pipe ends C programs
/// (status 141, 128 + SIGPIPE) when it cannot.
pub fn say(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if out.write_fmt(text).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush()).is_err() {
        std::process::exit(141);
    }
}

/// Runs the command asked for and returns the process exit code: 0, or 2 when it fails (the
/// code of clap's refusals of bad arguments, which come before).
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        None => uci::run(None),
        Some(Command::Uci(args)) => uci::run(args.tablebase.as_deref()),
        Some(Command::Perft(args)) => perft_cmd::perft(&args),
        Some(Command::Moves(args)) => perft_cmd::moves(&args),
        Some(Command::BenchPerft(args)) => perft_cmd::bench(&args),
        Some(Command::Bench(args)) => bench::bench(&args),
        Some(Command::BenchReplay(args)) => replay_bench::bench_replay(&args),
        Some(Command::Selfplay(args)) => selfplay_cmd::selfplay(&args),
        Some(Command::GenData(args)) => tune::gen_data(&args),
        Some(Command::Puzzles(args)) => puzzles_cmd::run(&args),
        Some(Command::Tune(args)) => tune::tune(&args),
        Some(Command::TrainNet(args)) => train_net_cmd::train_net(&args),
        Some(Command::Book(args)) => book_cmd::book(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Tablebase(args)) => tablebase::run(&args),
        #[cfg(feature = "bot")]
        Some(Command::Bot(args)) => bot::run(&args),
        Some(Command::RatingList(args)) => rating_list_cmd::run(&args),
        Some(Command::RandomEngine { seed }) => uci::random_engine::run(seed),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}
