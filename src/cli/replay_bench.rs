//! `jungle bench-replay`: the cost of replaying a very long game, the work a `position … moves`
//! command, a record or a link asks for. The game is a seeded random walk without captures (the
//! no-capture limit is off), so every position since the start counts for repetitions.

use clap::Args;
use jungle::ai::Rng;
use jungle::rules::{Game, Move, Rules};
use std::time::Instant;

/// The longest walk offered: a few seconds of work, a few tens of megabytes.
const MAX_PLIES: u64 = 2_000_000;

/// `jungle bench-replay`.
#[derive(Args, Debug)]
pub struct BenchReplayArgs {
    /// The length of the walk
    #[arg(long, value_name = "N", default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES))]
    plies: u64,
    /// The seed of the walk
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

/// `bench-replay [--plies N] [--seed S]`: builds the walk, then replays its moves into a new
/// game, and prints the time of each and the final position.
pub fn bench_replay(args: &BenchReplayArgs) -> Result<(), String> {
    let rules = Rules { no_capture_limit: 0, ..Rules::default() };
    let start = Instant::now();
    let moves = walk(rules, args.plies as usize, args.seed)?;
    let built = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut game = Game::new(rules);
    for (i, &m) in moves.iter().enumerate() {
        game.play(m).map_err(|e| format!("replay: ply {}: {e}", i + 1))?;
    }
    let replayed = start.elapsed().as_secs_f64();
    say!(
        "{} plies: walk {built:.2} s, replay {replayed:.2} s ({:.2} µs/ply); repetitions now {}; {}",
        moves.len(),
        replayed * 1e6 / moves.len() as f64,
        game.repetitions(),
        game.position().fen()
    );
    Ok(())
}

/// `plies` random legal moves from the start that capture nothing, enter no den and never
/// make a position occur a third time, so that the game stays open to the end.
fn walk(rules: Rules, plies: usize, seed: u64) -> Result<Vec<Move>, String> {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules);
    while game.history().len() < plies {
        let mut candidates: Vec<Move> =
            game.legal_moves().iter().copied().filter(|m| game.position().piece_at(m.to).is_none()).collect();
        let mut played = false;
        while !candidates.is_empty() && !played {
            let m = candidates.swap_remove(rng.below(candidates.len() as u64) as usize);
            game.play(m).map_err(|e| format!("walk: {e}"))?;
            played = game.outcome().is_none();
            if !played {
                game.undo();
            }
        }
        if !played {
            return Err(format!("the walk was stuck after {} plies", game.history().len()));
        }
    }
    Ok(game.moves())
}
