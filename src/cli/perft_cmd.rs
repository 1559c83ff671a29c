//! `jungle perft`, `jungle moves` and `jungle bench-perft`.

use super::args::PositionArgs;
use clap::Args;
use jungle::rules::{divide, perft as count, Position, Rules};
use std::time::Instant;

/// `jungle perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Plies to look ahead
    #[arg(value_name = "DEPTH", value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    #[command(flatten)]
    position: PositionArgs,
    /// Print the count after each first move
    #[arg(long)]
    divide: bool,
}

/// `jungle moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
}

/// `jungle bench-perft`.
#[derive(Args, Debug)]
pub struct BenchPerftArgs {
    /// Plies added to each position's depth (negative: fewer); depths stay within 1 to 12
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true)]
    depth_offset: i64,
}

/// `perft DEPTH [--fen] [--rules] [--divide]`.
pub fn perft(args: &PerftArgs) -> Result<(), String> {
    let mut pos = args.position.position()?;
    let start = Instant::now();
    let nodes = if args.divide {
        let mut total = 0;
        for (m, n) in divide(&mut pos, args.depth) {
            say!("{m} {n}");
            total += n;
        }
        total
    } else {
        count(&mut pos, args.depth)
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
pub fn moves(args: &MovesArgs) -> Result<(), String> {
    let pos = args.position.position()?;
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
pub fn bench(args: &BenchPerftArgs) -> Result<(), String> {
    let (mut total, start) = (0u64, Instant::now());
    for (fen, depth) in BENCH_POSITIONS {
        let mut pos = Position::from_fen(fen, Rules::default()).map_err(|e| format!("{fen}: {e}"))?;
        let depth = (*depth as i64).saturating_add(args.depth_offset).clamp(1, 12) as u32;
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
    use crate::cli::parse_args::parse_args;

    #[test]
    fn perft_reads_its_depth_and_position() {
        let args: PerftArgs = parse_args("perft --divide 3 --rules dog-swims=yes").unwrap();
        assert_eq!((args.depth, args.divide), (3, true));
        let rules: Rules = "dog-swims=yes".parse().unwrap();
        assert_eq!(args.position.position().unwrap(), Position::new(rules));
        assert!(parse_args::<PerftArgs>("perft 21")
            .unwrap_err()
            .contains("invalid value '21' for '<DEPTH>': 21 is not in 0..=20"));
        assert!(parse_args::<PerftArgs>("perft --divide").unwrap_err().contains("<DEPTH>"));
        let args: PerftArgs = parse_args("perft 1 --fen l5t/9").unwrap();
        assert!(args.position.position().unwrap_err().starts_with("bad --fen: "));
        let refusal = parse_args::<MovesArgs>("moves --rules dog-swims=maybe").unwrap_err();
        assert!(refusal.contains("`maybe` is not a value of `dog-swims`"), "{refusal}");
    }

    #[test]
    fn the_depth_offset_may_be_negative() {
        let args: BenchPerftArgs = parse_args("bench-perft --depth-offset -2").unwrap();
        assert_eq!(args.depth_offset, -2);
        assert!(parse_args::<BenchPerftArgs>("bench-perft --depth-offset two")
            .unwrap_err()
            .contains("invalid value 'two'"));
    }

    #[test]
    fn bench_positions_are_valid_and_playable() {
        for (fen, _) in BENCH_POSITIONS {
            let pos = Position::from_fen(fen, Rules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(!pos.legal_moves().is_empty(), "{fen} has no move");
        }
    }
}
