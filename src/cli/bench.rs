//! `jungle bench`: a node-count signature of the search over fixed positions, and its speed.

use clap::Args;
use jungle::ai::{bench, Engine};
use std::time::Instant;

/// `jungle bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The depth of every search
    #[arg(long, value_name = "N", default_value_t = bench::DEPTH)]
    depth: u32,
}

/// `bench [--depth N]`: searches every bench position to a fixed depth from a fresh engine and
/// prints the total node count (the signature) and the speed.
pub fn bench(args: &BenchArgs) -> Result<(), String> {
    let mut engine = Engine::new(16);
    let (mut total, start) = (0u64, Instant::now());
    for &(fen, rules) in bench::POSITIONS {
        let t = Instant::now();
        let r = bench::search(&mut engine, (fen, rules), args.depth)?;
        let secs = t.elapsed().as_secs_f64();
        let best = r.best.map_or("-".to_string(), |m| m.to_string());
        say!(
            "{fen:<58} {best} {:<9} nodes {:>10} {:>6.2} Mnps",
            r.score.to_string(),
            r.nodes,
            r.nodes as f64 / secs.max(1e-9) / 1e6
        );
        total += r.nodes;
    }
    let secs = start.elapsed().as_secs_f64();
    say!("{total} nodes {:.0} nps ({:.2} s)", total as f64 / secs.max(1e-9), secs);
    Ok(())
}
