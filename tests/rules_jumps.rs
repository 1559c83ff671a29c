//! River jumps, built by hand: both directions, blocks, captures and the jump options.
//! Each test lists the legal moves and counts the depth-2 move pairs by hand.
//! Water is b4–c6 and e4–f6; a horizontal jump crosses 2 water squares, a vertical one 3.

mod common;

use common::{assert_position, position};
use jungle::rules::PositionError;

/// Red Lion a4 and Tiger g4 both jump into d4: Lion a5 a3 d4, Tiger g5 g3 d4 = 6 moves.
/// Blue has only the Elephant on a9 (a8, b9), untouched by any of them: 6 × 2 = 12.
#[test]
fn horizontal_jumps_from_the_edges_to_the_middle() {
    assert_position("e6/7/7/7/7/L5T/7/7/7 w", "", "a4a5 a4a3 a4d4 g4g5 g4g3 g4d4", 12);
}

/// Red Lion d4 jumps back west to a4 and east to g4; Tiger d6 likewise to a6 and g6.
/// Lion d5 d3 a4 g4, Tiger d7 d5 a6 g6 = 8 moves; Blue Elephant a9 has 2 after each: 16.
#[test]
fn horizontal_jumps_from_the_middle_to_both_edges() {
    assert_position("e6/7/7/3T3/7/3L3/7/7/7 w", "", "d4d5 d4d3 d4a4 d4g4 d6d7 d6d5 d6a6 d6g6", 16);
}

/// Vertical jumps north: Tiger c3 → c7 (over c4 c5 c6), and south: Lion f7 → f3.
/// Tiger c2 b3 d3 c7, Lion f8 e7 g7 f3 = 8 moves; Blue Elephant a9 has 2 after each: 16.
#[test]
fn vertical_jumps_north_and_south() {
    assert_position("e6/7/5L1/7/7/7/2T4/7/7 w", "", "c3c2 c3b3 c3d3 c3c7 f7f8 f7e7 f7g7 f7f3", 16);
}

/// The other files: Lion b7 → b3 and Tiger e3 → e7.
/// Lion b8 a7 c7 b3, Tiger e2 d3 f3 e7 = 8 moves; Blue Elephant a9 (a8, b9) is never
/// blocked or offered a capture: 16.
#[test]
fn vertical_jumps_on_files_b_and_e() {
    assert_position("e6/7/1L5/7/7/7/4T2/7/7 w", "", "b7b8 b7a7 b7c7 b7b3 e3e2 e3d3 e3f3 e3e7", 16);
}

/// The remaining lanes: Lion b3 → b7 and Tiger f3 → f7; Lion c7 → c3 and Tiger e7 → e3.
/// Each position: 4 + 4 moves (both pieces may step to d7 in the second), Blue Elephant a9
/// has 2 after each: 16.
#[test]
fn vertical_jumps_on_the_other_lanes() {
    assert_position("e6/7/7/7/7/7/1L3T1/7/7 w", "", "b3b2 b3a3 b3c3 b3b7 f3f2 f3e3 f3g3 f3f7", 16);
    assert_position("e6/7/2L1T2/7/7/7/7/7/7 w", "", "c7c8 c7b7 c7d7 c7c3 e7e8 e7d7 e7f7 e7e3", 16);
}

/// A Blue rat in c5 blocks the Lion's a5 → d5 jump: Lion a6 a4 only.
/// Blue Rat c5 then has c6 c4 b5 (water) and d5: 2 × 4 = 8.
#[test]
fn enemy_rat_in_water_blocks_a_horizontal_jump() {
    assert_position("7/7/7/7/L1r4/7/7/7/7 w", "", "a5a6 a5a4", 8);
}

/// A Red rat in e6 blocks its own Lion's d6 → g6 jump; d6 → a6 is open.
/// Lion d7 d5 a6, Rat e7 f6 e5 (d6 is its own Lion) = 6 moves; Blue Elephant a9: 6 × 2 = 12.
#[test]
fn own_rat_in_water_blocks_a_jump() {
    assert_position("e6/7/7/3LR2/7/7/7/7/7 w", "", "d6d7 d6d5 d6a6 e6e7 e6f6 e6e5", 12);
}

/// A Blue rat in b5 blocks the Tiger's b3 → b7 jump: Tiger b2 a3 c3.
/// Blue Rat b5 then has b6 b4 c5 (water) and a5: 3 × 4 = 12.
#[test]
fn rat_in_water_blocks_a_vertical_jump() {
    assert_position("7/7/7/7/1r5/7/1T5/7/7 w", "", "b3b2 b3a3 b3c3", 12);
}

/// With dog-swims=yes a Blue Dog swimming in f5 blocks the Lion's f7 → f3 jump: Lion f8 e7 g7.
/// Blue Dog f5 then has f6 f4 e5 (water) and g5: 3 × 4 = 12. Without the option the dog may
/// not stand in water at all.
#[test]
fn swimming_dog_blocks_a_jump() {
    let fen = "7/7/5L1/7/5d1/7/7/7/7 w";
    assert_position(fen, "dog-swims=yes", "f7f8 f7e7 f7g7", 12);
    let err = jungle::rules::Position::from_fen(fen, Default::default()).unwrap_err();
    assert!(matches!(err, PositionError::NotASwimmer(..)), "{err}");
}

/// The Lion a4 jumps onto the Blue Tiger d4 and takes it (7 ≥ 6): Lion a5 a3 d4.
/// After a5 or a3 Blue has Tiger d5 d3 a4 g4 and Elephant g9 f9 g8 = 6 each; after the
/// capture only the Elephant's 2: 6 + 6 + 2 = 14.
#[test]
fn jump_capture_allowed_by_rank() {
    assert_position("6e/7/7/7/7/L2t3/7/7/7 w", "", "a4a5 a4a3 a4d4", 14);
}

/// The Tiger a4 may not jump onto the Blue Lion d4 (6 < 7): Tiger a5 a3. After either, Blue
/// has Lion d5 d3 a4 g4 and Elephant f9 g8: 2 × 6 = 12. With lion-tiger=tiger or equal the
/// jump captures: 6 + 6 + 2 = 14.
#[test]
fn jump_capture_refused_by_rank() {
    let fen = "6e/7/7/7/7/T2l3/7/7/7 w";
    assert_position(fen, "", "a4a5 a4a3", 12);
    assert_position(fen, "lion-tiger=tiger", "a4a5 a4a3 a4d4", 14);
    assert_position(fen, "lion-tiger=equal", "a4a5 a4a3 a4d4", 14);
}

/// One jumper per side: Red on c3 (vertical jump to c7), Blue on a5 (horizontal jump to d5).
/// Red has c2 b3 d3 (+ c7 if vertical); after each, Blue has a6 a4 (+ d5 if horizontal).
/// Depth 2: both 4 × 3 = 12, horizontal 3 × 3 = 9, vertical 4 × 2 = 8, none 3 × 2 = 6.
fn check_jump_option(fen: &str, option: &str) {
    let c3 = |extra: &str| format!("c3c2 c3b3 c3d3 {extra}");
    assert_position(fen, &format!("{option}=both"), &c3("c3c7"), 12);
    assert_position(fen, &format!("{option}=horizontal"), &c3(""), 9);
    assert_position(fen, &format!("{option}=vertical"), &c3("c3c7"), 8);
    assert_position(fen, &format!("{option}=none"), &c3(""), 6);
}

#[test]
fn lion_jumps_option() {
    check_jump_option("7/7/7/7/l6/7/2L4/7/7 w", "lion-jumps");
    // The option is the Lion's alone: Tigers still jump both ways.
    assert_position("7/7/7/7/t6/7/2T4/7/7 w", "lion-jumps=none", "c3c2 c3b3 c3d3 c3c7", 12);
}

#[test]
fn tiger_jumps_option() {
    check_jump_option("7/7/7/7/t6/7/2T4/7/7 w", "tiger-jumps");
}

/// The Leopard does not jump by default (6 pairs); leopard-jumps gives it the other values.
#[test]
fn leopard_jumps_option() {
    let fen = "7/7/7/7/p6/7/2P4/7/7 w";
    check_jump_option(fen, "leopard-jumps");
    let pos = assert_position(fen, "", "c3c2 c3b3 c3d3", 6);
    assert_eq!(pos, position(fen, "leopard-jumps=none"));
}
