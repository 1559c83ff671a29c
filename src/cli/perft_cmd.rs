//! `jungle perft`, `jungle moves` and `jungle bench-perft`.

use super::args::Args;
use jungle::rules::{divide, perft as count, Position, Rules};
use std::time::Instant;

fn depth_of(text: &str) -> Result<u32, String> {
    text.parse()
        .ok()
        .filter(|d| *d <= 20)
        .ok_or_else(|| format!("depth `{text}` is not a number from 0 to 20"))
}

/// `perft <depth> [--fen] [--rules] [--divide]`.
pub fn perft(args: &mut Args) -> Result<(), String> {
    let mut pos = args.position()?;
    let show_divide = args.flag("--divide");
    let depth = depth_of(&args.positional("depth")?)?;
    args.finish()?;
    let start = Instant::now();
    let nodes = if show_divide {
        let mut total = 0;
        for (m, n) in divide(&mut pos, depth) {
            say!("{m} {n}");
            total += n;
        }
        total
    } else {
        count(&mut pos, depth)
    };
    report(nodes, start);
    say!("nodes {nodes}");
    Ok(())
}

fn report(nodes: u64, start: Instant) {
    let secs = start.elapsed().as_secs_f64();
    eprintln!("time {:.3} s, {:.1} million nodes per second", secs, nodes as f64 / secs.max(1e-9) / 1e6);
}

/// `moves [--fen] [--rules]`.
pub fn moves(args: &mut Args) -> Result<(), String> {
    let pos = args.position()?;
    args.finish()?;
    for m in pos.legal_moves().iter() {
        say!("{m}");
    }
    Ok(())
}

/// Positions for `bench-perft`: the start, and middlegames where jumps, traps and water matter.
pub const BENCH_POSITIONS: &[(&str, u32)] = &[
    ("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w", 6),
    ("l5t/1d3c1/2p1w2/r2e3/1R5/3T3/E1W1P2/1C3D1/6L b 6 4", 5),
    ("2t4/1d1l1c1/2p1w2/3e3/1r1L3/3R3/E1W1P2/1C3D1/T6 w 3 9", 5),
    ("2l4/2T1p2/3w3/1r5/3e3/7/2WP3/3D1C1/6E b 0 20", 6),
];

/// `bench-perft [--depth-offset n]`: nodes per second over a fixed set of positions.
pub fn bench(args: &mut Args) -> Result<(), String> {
    let extra: i64 = match args.option("--depth-offset")? {
        Some(t) => t.parse().map_err(|_| format!("--depth-offset `{t}` is not a number"))?,
        None => 0,
    };
    args.finish()?;
    let (mut total, start) = (0u64, Instant::now());
    for (fen, depth) in BENCH_POSITIONS {
        let mut pos = Position::from_fen(fen, Rules::default()).map_err(|e| format!("{fen}: {e}"))?;
        let depth = (*depth as i64 + extra).clamp(1, 12) as u32;
        let t = Instant::now();
        let n = count(&mut pos, depth);
        let secs = t.elapsed().as_secs_f64();
        say!("{fen:<55} depth {depth} nodes {n:>12} {:>8.1} Mnps", n as f64 / secs.max(1e-9) / 1e6);
        total += n;
    }
    report(total, start);
    say!("nodes {total}");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_valid_and_playable() {
        for (fen, _) in BENCH_POSITIONS {
            let pos = Position::from_fen(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!pos.legal_moves().is_empty(), "{fen} has no move");
        }
    }
}
