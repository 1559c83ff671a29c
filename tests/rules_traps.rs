//! Traps and their options (`traps`, `trapped-attacker`), built by hand. Each test lists the
//! legal moves and counts the depth-2 move pairs by hand.
//! Red's traps are c1 e1 d2 around its den d1; Blue's are c9 e9 d8 around d9.

mod common;

use common::assert_position;

/// Blue's Elephant c1 and Rat e1 stand on Red's traps, so both have rank 0 for Red: the Red Cat
/// b1 takes the Elephant and the Red Elephant f1 takes the Rat. Red: Cat a1 b2 c1, Elephant
/// g1 f2 e1 = 6 moves.
/// Blue's replies: Elephant c1 has c2, d1 (the den) and b1 (empty, or the Cat: 8 ≥ 2);
/// Rat e1 has e2, d1 and f1 (empty, or the Red Elephant: the Rat takes the Elephant).
/// After a Cat step (a1, b2) or an Elephant step (g1, f2): 3 + 3 = 6 each; after either
/// capture only the other Blue piece's 3: 4 × 6 + 3 + 3 = 30.
#[test]
fn enemy_on_your_trap_has_rank_zero() {
    assert_position("7/7/7/7/7/7/7/7/1Ce1rE1 w", "", "b1a1 b1b2 b1c1 f1g1 f1f2 f1e1", 30);
}

/// The Red Lion on its own trap c1 keeps its rank: the Blue Tiger b1 may not take it.
/// Blue: Tiger a1 b2, Elephant f9 g8; the Lion then has c2 and b1 (empty or a capture; d1 is
/// its own den): 4 × 2 = 8. With traps=universal every trap weakens, so b1c1 is added (it takes
/// Red's last piece: 0 more): 8.
#[test]
fn own_trap_does_nothing_unless_traps_are_universal() {
    let fen = "6e/7/7/7/7/7/7/7/1tL4 b";
    assert_position(fen, "", "b1a1 b1b2 g9f9 g9g8", 8);
    assert_position(fen, "traps=enemy", "b1a1 b1b2 g9f9 g9g8", 8);
    assert_position(fen, "traps=universal", "b1a1 b1b2 b1c1 g9f9 g9g8", 8);
}

/// The Red Elephant on its own trap d2 against the Blue Cat d3.
/// Red to move: Elephant c2 e2 d3 (d1 is its den). After c2 or e2 Blue has Cat d4 c3 e3 d2 and
/// Elephant f9 g8 = 6; after the capture 2: 14. The same with traps=universal (the Elephant is
/// rank 0 as a victim but attacks fully) and with trapped-attacker=powerless alone (its own
/// trap does not weaken it). With both, the Elephant on a trap attacks at rank 0 and may not
/// take the Cat: c2 e2, 2 × 6 = 12.
#[test]
fn elephant_on_a_trap_with_universal_traps_and_powerless_attackers() {
    let fen = "6e/7/7/7/7/7/3c3/3E3/7 w";
    assert_position(fen, "", "d2c2 d2e2 d2d3", 14);
    assert_position(fen, "traps=universal", "d2c2 d2e2 d2d3", 14);
    assert_position(fen, "trapped-attacker=powerless", "d2c2 d2e2 d2d3", 14);
    assert_position(fen, "traps=universal,trapped-attacker=powerless", "d2c2 d2e2", 12);
}

/// Blue to move in the same position: the Cat may take the Elephant on d2 only when every trap
/// weakens (traps=universal). Cat d4 c3 e3, Elephant f9 g8; after each the Red Elephant has
/// c2 e2 d3 (d3 empty or a capture): 5 × 3 = 15. Universal adds d3d2, which takes Red's last
/// piece (0 more): 15.
#[test]
fn universal_trap_weakens_a_piece_on_its_own_trap() {
    let fen = "6e/7/7/7/7/7/3c3/3E3/7 b";
    assert_position(fen, "", "d3d4 d3c3 d3e3 g9f9 g9g8", 15);
    assert_position(fen, "traps=universal", "d3d4 d3c3 d3e3 d3d2 g9f9 g9g8", 15);
}

/// Blue's Rat c1 and Lion d2 stand on Red's traps next to Red's Elephant b1, Cat d3, Wolf e2.
/// full (default): Rat takes the Elephant b1 (Rat beats Elephant), c2, d1 (den);
///   Lion takes the Cat d3 and the Wolf e2, c2, d1 = 7 moves.
/// powerless: on an enemy trap they attack at rank 0 and may take nothing here: Rat c2 d1,
///   Lion c2 d1 = 4 moves.
/// Red's replies (its pieces are off Blue's traps, so they attack fully; Blue pieces still on
/// Red's traps have rank 0): a den entry ends the game (0). Otherwise count Elephant b1
/// (a1 b2 c1 — c1 empty or the trapped Rat), Cat d3 (d4 c3 e3 d2 — d2 empty or the trapped
/// Lion), Wolf e2 (e1 f2 e3 d2), when still on the board:
///   c1c2 or d2c2: 3 + 4 + 4 = 11 each; c1b1 (no Elephant): 8; d2d3 (no Cat): 7; d2e2 (no Wolf): 7.
/// full: 8 + 11 + 0 + 7 + 7 + 11 + 0 = 44; powerless: 11 + 0 + 11 + 0 = 22.
#[test]
fn powerless_trapped_attackers() {
    let fen = "7/7/7/7/7/7/3C3/3lW2/1Er4 b";
    assert_position(fen, "", "c1b1 c1c2 c1d1 d2d3 d2e2 d2c2 d2d1", 44);
    assert_position(fen, "trapped-attacker=full", "c1b1 c1c2 c1d1 d2d3 d2e2 d2c2 d2d1", 44);
    assert_position(fen, "trapped-attacker=powerless", "c1c2 c1d1 d2c2 d2d1", 22);
}
