//! `jungle book`: builds the opening book from the engine's own searches and writes it.

use clap::Args;
use jungle::ai::book::{build, BuildOptions};
use std::time::Instant;

/// `jungle book`.
#[derive(Args, Debug)]
pub struct BookArgs {
    /// The book file to write
    #[arg(long, value_name = "FILE")]
    out: String,
    /// Each move is scored by a search this deep of the position after it
    #[arg(long, value_name = "N", default_value_t = 12, value_parser = clap::value_parser!(u32).range(2..=30))]
    depth: u32,
    /// Positions up to this many plies from the start get book moves
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
    plies: u32,
    /// At most this many book moves per position
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=10))]
    width: u32,
    /// Only moves at most CP centipawns worse than the best
    #[arg(long, value_name = "CP", default_value_t = 30, value_parser = clap::value_parser!(i32).range(0..=500))]
    margin: i32,
    /// Orders moves of equal score, so that the book varies
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// `book --out FILE [--depth N] [--plies N] [--width N] [--margin CP] [--seed S]`.
pub fn book(args: &BookArgs) -> Result<(), String> {
    let out = &args.out;
    let options = BuildOptions {
        depth: args.depth,
        plies: args.plies as usize,
        width: args.width as usize,
        margin: args.margin,
        seed: args.seed,
    };
    let start = Instant::now();
    let book = build(&options, &mut |line, moves| {
        let choices: Vec<String> = moves.iter().map(|m| format!("{} {}", m.mv, m.score)).collect();
        eprintln!("[{:.0} s] {line} > {}", start.elapsed().as_secs_f64(), choices.join(" "));
    });
    let header = format!(
        "# Jungle opening book: `jungle book --depth {} --plies {} --width {} --margin {} --seed {}`\n\
         # line from the start > book moves with their scores for the side to move\n",
        options.depth, options.plies, options.width, options.margin, options.seed
    );
    std::fs::write(out, header + &book.to_text()).map_err(|e| format!("{out}: {e}"))?;
    say!("{} positions written to {out}", book.lines().count());
    Ok(())
}
