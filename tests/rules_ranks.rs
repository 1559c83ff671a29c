//! Ranks and their options (`ranks`, `lion-tiger`), built by hand. Each test lists the legal
//! moves and counts the depth-2 move pairs by hand. d5 and d6 are land between the rivers,
//! so pieces there move only along the d file (or jump, for the Lion and Tiger).

mod common;

use common::assert_position;

/// Red Wolf d5 against the Blue Dog d6 (Blue Elephant g9 far away).
/// standard (Wolf 4, Dog 3): d6 (capture) d4; after the capture Blue's Elephant has 2, after
/// d4 the Dog has d7 d5 and the Elephant 2: 2 + 4 = 6.
/// dog-over-wolf and fox (Dog 4, Wolf 3): only d4, then 4.
#[test]
fn wolf_and_dog_under_each_rank_order() {
    let fen = "6e/7/7/3d3/3W3/7/7/7/7 w";
    assert_position(fen, "ranks=standard", "d5d6 d5d4", 6);
    assert_position(fen, "ranks=dog-over-wolf", "d5d4", 4);
    assert_position(fen, "ranks=fox", "d5d4", 4);
}

/// Blue to move: the Dog d6 takes the Wolf d5 only when the Dog ranks higher.
/// standard: Dog d7, Elephant f9 g8; after each the Wolf has 2 (d6 d4; d6 is a capture when
/// the Dog stayed): 3 × 2 = 6.
/// dog-over-wolf and fox: d6d5 is added and ends the game (Red has no piece: 0); after d6d7
/// the Wolf has d6 d4, but after an Elephant move it may not take the Dog, so only d4:
/// 2 + 1 + 1 = 4.
#[test]
fn dog_takes_wolf_only_when_the_dog_ranks_higher() {
    let fen = "6e/7/7/3d3/3W3/7/7/7/7 b";
    assert_position(fen, "", "d6d7 g9f9 g9g8", 6);
    assert_position(fen, "ranks=dog-over-wolf", "d6d7 d6d5 g9f9 g9g8", 4);
    assert_position(fen, "ranks=fox", "d6d7 d6d5 g9f9 g9g8", 4);
}

/// Red Lion d5 against the Blue Tiger d6: Lion d6 (capture if allowed) d4 and the jumps a5 g5.
/// After a non-capture the Tiger has d7 d5 a6 g6 and the Elephant f9 g8 = 6; after the
/// capture 2. lion (default) and equal: 3 × 6 + 2 = 20; tiger (Tiger 7, Lion 6): 18.
#[test]
fn lion_against_tiger_under_each_lion_tiger_value() {
    let fen = "6e/7/7/3t3/3L3/7/7/7/7 w";
    assert_position(fen, "lion-tiger=lion", "d5d6 d5d4 d5a5 d5g5", 20);
    assert_position(fen, "lion-tiger=tiger", "d5d4 d5a5 d5g5", 18);
    assert_position(fen, "lion-tiger=equal", "d5d6 d5d4 d5a5 d5g5", 20);
}

/// Blue to move: the Tiger d6 takes the Lion d5 only with lion-tiger=tiger or equal.
/// lion: Tiger d7 a6 g6, Elephant f9 g8; after each the Lion has 4 (d6 d4 a5 g5, d6 a capture
/// when the Tiger stayed): 5 × 4 = 20.
/// tiger: d6d5 added (Red then has nothing: 0), and the Lion may not take the Tiger, so after
/// the Elephant moves it has 3: 4 + 4 + 4 + 3 + 3 = 18.
/// equal: d6d5 added (0), the Lion keeps its capture: 5 × 4 = 20.
#[test]
fn tiger_against_lion_under_each_lion_tiger_value() {
    let fen = "6e/7/7/3t3/3L3/7/7/7/7 b";
    assert_position(fen, "", "d6d7 d6a6 d6g6 g9f9 g9g8", 20);
    assert_position(fen, "lion-tiger=tiger", "d6d7 d6d5 d6a6 d6g6 g9f9 g9g8", 18);
    assert_position(fen, "lion-tiger=equal", "d6d7 d6d5 d6a6 d6g6 g9f9 g9g8", 20);
}
