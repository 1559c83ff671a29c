//! Water, rats, elephants and swimming dogs, built by hand. Each test lists the legal moves and
//! counts the depth-2 move pairs by hand. Water is b4–c6 and e4–f6.

mod common;

use common::assert_position;

/// Red Rat b3 steps into the river at b4 as well as b2 a3 c3 = 4 moves; Blue Elephant g9 then
/// has f9 g8: 4 × 2 = 8.
#[test]
fn rat_enters_water() {
    assert_position("6e/7/7/7/7/7/1R5/7/7 w", "", "b3b2 b3a3 b3c3 b3b4", 8);
}

/// Red Rat c6 swims to c5 b6 or climbs out to c7 d6 = 4 moves; Blue Elephant g9: 4 × 2 = 8.
#[test]
fn rat_leaves_water() {
    assert_position("6e/7/7/2R4/7/7/7/7/7 w", "", "c6c7 c6d6 c6c5 c6b6", 8);
}

/// Red Rat b5 takes the Blue Rat c5, both in water, or goes b6 b4 a5 = 4 moves.
/// After b6, b4 or a5 Blue has Rat c6 c4 d5 b5 and Elephant f9 g8 = 6 each (the rats are never
/// adjacent again); after the capture only the Elephant's 2: 3 × 6 + 2 = 20.
#[test]
fn rat_takes_rat_in_water() {
    assert_position("6e/7/7/7/1Rr4/7/7/7/7 w", "", "b5b6 b5b4 b5a5 b5c5", 20);
}

/// Red Rat c4 (water) next to the Blue Rat d4 (land). With rat-edge-capture=yes (default) it
/// may take it: c5 b4 c3 d4. After each non-capture Blue has Rat d5 d3 e4 c4 and Elephant
/// f9 g8 = 6; after the capture 2: 3 × 6 + 2 = 20. With =no: c5 b4 c3, 3 × 6 = 18.
#[test]
fn rat_leaving_water_takes_rat_only_with_edge_capture() {
    let fen = "6e/7/7/7/7/2Rr3/7/7/7 w";
    assert_position(fen, "", "c4c5 c4b4 c4c3 c4d4", 20);
    assert_position(fen, "rat-edge-capture=yes", "c4c5 c4b4 c4c3 c4d4", 20);
    assert_position(fen, "rat-edge-capture=no", "c4c5 c4b4 c4c3", 18);
}

/// Blue to move in the same position: the Blue Rat d4 on land may not take the Red Rat in the
/// water at c4: Rat d5 d3 e4, Elephant f9 g8 = 5 moves. After each, the Red Rat has c5 b4 c3
/// and d4 (empty, or a capture when the Blue rat stayed): 5 × 4 = 20. With
/// rat-edge-capture=no the Red Rat loses d4 after the two Elephant moves: 20 − 2 = 18.
#[test]
fn land_rat_cannot_take_rat_in_water() {
    let fen = "6e/7/7/7/7/2Rr3/7/7/7 b";
    let blue = "d4d5 d4d3 d4e4 g9f9 g9g8";
    assert_position(fen, "", blue, 20);
    assert_position(fen, "rat-edge-capture=no", blue, 18);
}

/// Red Rat d5 (land) takes the Blue Elephant d6: Rat d6 d4 c5 e5, Cat a1: a2 b1 = 6 moves.
/// Depth 2: after the capture Blue's Cat g9 has 2; after the Rat moves elsewhere the Elephant
/// has d7 d5 and the Cat 2 (3 × 4); after a Cat move the Elephant has only d7 (it may not
/// take the Rat on d5) and the Cat 2 (2 × 3): 2 + 12 + 6 = 20.
#[test]
fn rat_takes_elephant_on_land() {
    assert_position("6c/7/7/3e3/3R3/7/7/7/C6 w", "", "d5d6 d5d4 d5c5 d5e5 a1a2 a1b1", 20);
}

/// Blue to move: the Elephant d6 may not take the Rat d5 (default): Elephant d7, Cat f9 g8.
/// After each Red has Rat 4 (d6 d4 c5 e5, d6 a capture if the Elephant stayed) + Cat 2:
/// 3 × 6 = 18. With elephant-takes-rat=yes d6d5 is added, after which Red's Cat has 2: 20.
#[test]
fn elephant_takes_rat_only_with_the_option() {
    let fen = "6c/7/7/3e3/3R3/7/7/7/C6 b";
    assert_position(fen, "", "d6d7 g9f9 g9g8", 18);
    assert_position(fen, "elephant-takes-rat=yes", "d6d7 d6d5 g9f9 g9g8", 20);
}

/// Red Rat c5 (water) next to the Blue Elephant d5 (land): by default it may not take it when
/// leaving the water. Rat c6 c4 b5, Cat a2 b1 = 5 moves; after each the Elephant has d6 d4 and
/// the Cat 2: 5 × 4 = 20. With rat-water-takes-elephant=yes c5d5 is added, after which only the
/// Blue Cat's 2 moves remain: 22.
#[test]
fn rat_from_water_takes_elephant_only_with_the_option() {
    let fen = "6c/7/7/7/2Re3/7/7/7/C6 w";
    assert_position(fen, "", "c5c6 c5c4 c5b5 a1a2 a1b1", 20);
    assert_position(fen, "rat-water-takes-elephant=yes", "c5c6 c5c4 c5b5 c5d5 a1a2 a1b1", 22);
}

/// Red Dog c3: c2 b3 d3, and c4 (water) with dog-swims=yes. Blue Elephant g9 has 2 after each.
#[test]
fn dog_enters_water_only_with_dog_swims() {
    let fen = "6e/7/7/7/7/7/2D4/7/7 w";
    assert_position(fen, "", "c3c2 c3b3 c3d3", 6);
    assert_position(fen, "dog-swims=no", "c3c2 c3b3 c3d3", 6);
    assert_position(fen, "dog-swims=yes", "c3c2 c3b3 c3d3 c3c4", 8);
}

/// A Red Dog swimming in c4 may take the Blue Cat on land at d4 (3 ≥ 2) but never the Blue Rat
/// on land at c3: c5 b4 d4. After c5 or b4, Blue has Rat c2 b3 d3 c4 and Cat d5 d3 = 6 each;
/// after the Cat is taken the Rat's 4: 6 + 6 + 4 = 16.
#[test]
fn swimming_dog_cannot_take_a_rat_on_land() {
    assert_position("7/7/7/7/7/2Dc3/2r4/7/7 w", "dog-swims=yes", "c4c5 c4b4 c4d4", 16);
}

/// The Blue Lion d4 may not take the Red Dog swimming in c4, nor jump over it: Lion d5 d3 and
/// the jump east to g4. After each, the Dog has c5 c3 b4 d4: 3 × 4 = 12.
#[test]
fn swimming_dog_cannot_be_taken_from_land() {
    assert_position("7/7/7/7/7/2Dl3/7/7/7 b", "dog-swims=yes", "d4d5 d4d3 d4g4", 12);
}

/// In the water a swimming Red Dog b5 takes the Blue Rat c5 (3 ≥ 1): b6 b4 a5 c5.
/// After a non-capture Blue has Rat c6 c4 d5 b5 and Elephant f9 g8 = 6; after the capture 2:
/// 3 × 6 + 2 = 20.
#[test]
fn swimming_dog_takes_rat_in_water() {
    assert_position("6e/7/7/7/1Dr4/7/7/7/7 w", "dog-swims=yes", "b5b6 b5b4 b5a5 b5c5", 20);
}
