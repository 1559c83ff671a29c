//! The engine against the simple reference generator of `tests/reference`: random games under
//! every option value and random option combinations, comparing the legal move list (and the
//! board after each move) at every position, and perft at depth 3 on a sample of positions.

mod common;
mod reference;

use common::{every_option_value, moves, random_position, random_rules, random_walk, Rng};
use jungle::rules::{perft, Position, Rules};
use reference::RefPosition;

/// Games per rule set from the start position, and from random positions.
const START_GAMES: usize = 60;
const RANDOM_GAMES: usize = 40;
/// Random games are cut off after this many plies.
const MAX_PLIES: usize = 300;

/// Compares the move lists of the engine and the reference in `pos`.
fn check_moves(pos: &Position) {
    let engine = moves(pos);
    let reference = RefPosition::from_fen(&pos.fen(), pos.rules()).legal_moves();
    assert!(
        engine == reference,
        "move lists differ\nFEN   {}\nrules {}\nengine    {engine:?}\nreference {reference:?}",
        pos.fen(),
        pos.rules()
    );
    assert_eq!(pos.count_moves() as usize, engine.len(), "count_moves in {} ({})", pos.fen(), pos.rules());
}

/// Plays one random game from `pos`, checking every position and, after every move, that the
/// engine's board is the reference's board with the same move played.
fn check_game(rng: &mut Rng, mut pos: Position) {
    for _ in 0..MAX_PLIES {
        check_moves(&pos);
        let before = pos.fen();
        let Some(m) = random_walk(rng, &mut pos, 1).pop() else { return };
        let mut expected = RefPosition::from_fen(&before, pos.rules());
        expected.play(&m.to_string());
        let board = pos.fen().split(' ').next().unwrap_or_default().to_string();
        assert_eq!(board, expected.board_fen(), "board after {m} from {before} ({})", pos.rules());
    }
}

fn check_rules(rng: &mut Rng, rules: Rules, start_games: usize, random_games: usize) {
    for _ in 0..start_games {
        check_game(rng, Position::new(rules));
    }
    for _ in 0..random_games {
        let pos = random_position(rng, rules);
        check_game(rng, pos);
    }
}

#[test]
fn random_games_under_every_option_value() {
    let mut rng = Rng::new(1);
    for rules in every_option_value() {
        check_rules(&mut rng, rules, START_GAMES, RANDOM_GAMES);
    }
}

#[test]
fn random_games_under_random_option_combinations() {
    let mut rng = Rng::new(2);
    for _ in 0..150 {
        let rules = random_rules(&mut rng);
        check_rules(&mut rng, rules, 4, 6);
    }
}

#[test]
fn perft_3_matches_reference_on_sample_positions() {
    let mut rng = Rng::new(3);
    for i in 0..120 {
        let rules = if i % 2 == 0 { random_rules(&mut rng) } else { *rng.pick(&every_option_value()) };
        let mut pos = random_position(&mut rng, rules);
        let plies = rng.below(20);
        random_walk(&mut rng, &mut pos, plies);
        let expected = RefPosition::from_fen(&pos.fen(), &rules).perft(3);
        assert_eq!(perft(&mut pos, 3), expected, "perft 3 of {} ({rules})", pos.fen());
    }
}
