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
mod match_cmd;
mod match_players;
mod openings;
mod perft_cmd;
mod protocol_engine;
mod puzzle_starts;
mod puzzles_cmd;
mod replay_bench;
mod selfplay_cmd;
mod tune;
mod uci;

use args::Args;

const USAGE: &str = "usage:
  jungle [uci]          the engine protocol (UCI conventions, Jungle FEN, moves like a3a4) on stdin/stdout
  jungle perft <depth> [--fen \"<FEN>\"] [--rules \"<option>=<value>,...\"] [--divide]
  jungle moves [--fen \"<FEN>\"] [--rules \"...\"]
  jungle bench-perft [--depth-offset <n>]
  jungle bench [--depth <n>]
  jungle bench-replay [--plies <n>] [--seed <n>]
  jungle selfplay --a <player> --b <player> [--games <n>] [--rules \"...\"] [--seed <n>] [--verbose]
      player: [level=<1-8>,][nodes=<n>,][depth=<n>,][<search setting>,...][weights=<file>]
        (a level keeps its own budget unless nodes or depth is given; search settings: no-null no-lmr
        no-lmp no-futility no-rfp no-ext no-temper iir contempt=<cp> progress=<p> lmr=<base>:<div>
        rfp=<cp> fut=<cp> asp=<cp>)
  jungle gen-data --games <n> --out <file> [--nodes <n>] [--player <setting>] [--seed <n>] [--rules \"...\"]
  jungle puzzles --games <n> --out <file> [--rules \"...\"] [--seed <n>] [--max-moves <2-5>] [--limit <n>]
                 [--goal win|gain|any] [--endgames | --sparse | --boxed] [--theme <name>[,<name>...]]
  jungle puzzles --relabel <file> | --summary <file>
  jungle tune --data <file> [--epochs <n>] [--out <file>] [--from <weights file>]
  jungle book --out <file> [--depth <n>] [--plies <n>] [--width <n>] [--margin <cp>] [--seed <n>]
  jungle match <player 1> <player 2> [--nodes <n> | --movetime <ms>] [--games <n>] [--rules \"...\"]
               [--concurrency <n>] [--max-plies <n>] [--timeout <ms>] [--seed <n>] [--moves]
      player N: --engineN \"<command> [args]\" | --levelN <1-8> | --configN <selfplay player>";

/// Writes one line to standard output, or ends the program as a closed pipe ends C programs
/// (status 141, 128 + SIGPIPE) when it cannot.
pub fn say(text: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if out.write_fmt(text).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush()).is_err() {
        std::process::exit(141);
    }
}

/// Runs one command and returns the process exit code.
pub fn run(argv: Vec<String>) -> i32 {
    let mut args = Args::new(argv);
    let result = match args.command().as_deref() {
        None | Some("uci") => args.finish().and_then(|()| uci::run()),
        Some("match") => match_cmd::run(&mut args),
        Some("perft") => perft_cmd::perft(&mut args),
        Some("moves") => perft_cmd::moves(&mut args),
        Some("bench-perft") => perft_cmd::bench(&mut args),
        Some("bench") => bench::bench(&mut args),
        Some("bench-replay") => replay_bench::bench_replay(&mut args),
        Some("selfplay") => selfplay_cmd::selfplay(&mut args),
        Some("gen-data") => tune::gen_data(&mut args),
        Some("puzzles") => puzzles_cmd::run(&mut args),
        Some("tune") => tune::tune(&mut args),
        Some("book") => book_cmd::book(&mut args),
        Some("help") | Some("--help") | Some("-h") => {
            say!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(format!("unknown command `{other}`\n{USAGE}")),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            2
        }
    }
}
