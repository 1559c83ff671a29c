//! `jungle book`: builds the opening book from the engine's own searches and writes it.

use super::args::Args;
use jungle::ai::book::{build, BuildOptions};
use std::time::Instant;

/// `book --out FILE [--depth N] [--plies N] [--width N] [--margin CP] [--seed S]`.
pub fn book(args: &mut Args) -> Result<(), String> {
    let out = args.option("--out")?.ok_or("missing --out FILE")?;
    let options = BuildOptions {
        depth: args.number("--depth", 12, 2..=30)? as u32,
        plies: args.number("--plies", 4, 1..=8)? as usize,
        width: args.number("--width", 3, 1..=10)? as usize,
        margin: args.number("--margin", 30, 0..=500)? as i32,
        seed: args.number("--seed", 1, 0..=u64::MAX)?,
    };
    args.finish()?;
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
    std::fs::write(&out, header + &book.to_text()).map_err(|e| format!("{out}: {e}"))?;
    say!("{} positions written to {out}", book.lines().count());
    Ok(())
}
