//! Perft: the start position against the counts of `RULES.md`, and positions that reach the
//! rivers, traps and dens under option combinations, against numbers that the engine and the
//! reference generator of `tests/reference` both produce (each test re-checks both).

mod common;
mod reference;

use common::rules;
use jungle::rules::{perft, Color, Position, Rules, CHECKERS_START_FEN};
use reference::RefPosition;

/// The start-position counts of `RULES.md`, depth 1 first.
const START: [u64; 8] = [24, 576, 12_240, 260_099, 5_111_620, 100_453_636, 1_908_199_299, 36_245_152_212];

fn start_perft(depth: u32) -> u64 {
    perft(&mut Position::new(Rules::default()), depth)
}

#[test]
fn start_position_depth_1_to_6() {
    for depth in 1..=6 {
        assert_eq!(start_perft(depth), START[depth as usize - 1], "depth {depth}");
    }
}

#[test]
#[ignore = "about 20 s"]
fn start_position_depth_7() {
    assert_eq!(start_perft(7), START[6]);
}

#[test]
#[ignore = "about 6 minutes"]
fn start_position_depth_8() {
    assert_eq!(start_perft(8), START[7]);
}

#[test]
fn start_position_matches_reference_to_depth_4() {
    let reference = RefPosition::from_fen(&Position::new(Rules::default()).fen(), &Rules::default());
    for depth in 1..=4 {
        assert_eq!(reference.perft(depth), START[depth as usize - 1], "depth {depth}");
    }
}

/// With Blue first the start position is Red's start turned round with the colours swapped,
/// so the counts are the same.
#[test]
fn blue_first_start_position() {
    let r = rules("first=blue");
    let mut pos = Position::new(r);
    assert_eq!(pos.turn(), Color::Blue);
    for depth in 1..=5 {
        assert_eq!(perft(&mut pos, depth), START[depth as usize - 1], "depth {depth}");
    }
}

/// Checks `fen` under `rules_text` at `depth` against `nodes` with both generators.
fn check(fen: &str, rules_text: &str, depth: u32, nodes: u64) {
    let r = rules(rules_text);
    let mut pos = Position::from_fen(fen, r).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(perft(&mut pos, depth), nodes, "engine: {fen} [{rules_text}] depth {depth}");
    let reference = RefPosition::from_fen(fen, &r).perft(depth);
    assert_eq!(reference, nodes, "reference: {fen} [{rules_text}] depth {depth}");
}

#[test]
fn animal_checkers_start_position() {
    assert_eq!(Position::new(rules("game=animal-checkers")).fen(), CHECKERS_START_FEN);
    check(CHECKERS_START_FEN, "game=animal-checkers", 4, 17_955);
    check(CHECKERS_START_FEN, "game=animal-checkers", 5, 203_093);
}

/// Both rivers in play. Red: Lion d5 (both jumps blocked by the rats in b5 and e5), Tiger a4
/// (may jump to d4), Rat b5, Dog c3 (by the river), Elephant f3, Cat d8 (on a Blue trap),
/// Wolf e7, Leopard g6. Blue: Lion g4 (may jump to d4), Rat e5, Tiger d3, Elephant a7,
/// Wolf b7, Cat c7, Dog d7, Leopard f7.
const RIVERS: &str = "7/3C3/ewcdWp1/6P/1R1Lr2/T5l/2Dt1E1/7/7 w";

#[test]
fn rivers_default_rules() {
    check(RIVERS, "", 3, 7_823);
    check(RIVERS, "", 4, 142_915);
}

#[test]
fn rivers_under_option_combinations() {
    check(RIVERS, "dog-swims=yes", 4, 157_827);
    check(RIVERS, "lion-tiger=equal,ranks=dog-over-wolf", 4, 144_997);
    check(RIVERS, "lion-jumps=horizontal,tiger-jumps=vertical,leopard-jumps=both", 4, 145_179);
    check(RIVERS, "traps=universal,trapped-attacker=powerless", 4, 142_505);
    check(RIVERS, "elephant-takes-rat=yes,rat-edge-capture=no,rat-water-takes-elephant=yes", 4, 143_033);
}

/// Around Red's den: Blue Dog on the d2 trap and Blue Rat on the e1 trap (both next to the den),
/// Blue Lion c2, Red Rat c1 (own trap), Elephant e2, Tiger d3; Red Leopard on the c9 trap
/// beside the Blue Wolf b9; Blue Elephant g9. Many lines end in the den at once.
const DEN: &str = "1wP3e/7/7/7/7/7/3T3/2ldE2/2R1r2 w";

#[test]
fn den_and_traps_under_option_combinations() {
    check(DEN, "", 4, 13_297);
    check(DEN, "traps=universal", 4, 13_483);
    check(DEN, "trapped-attacker=powerless", 4, 10_950);
    check(DEN, "traps=universal,trapped-attacker=powerless,elephant-takes-rat=yes", 4, 11_070);
}
