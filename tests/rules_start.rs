//! Start positions: Blue moving first, and Animal Checkers (no water, no traps, only Rat, Dog,
//! Tiger and Elephant). Move lists and depth-2 counts are counted by hand.

mod common;

use common::{assert_position, rules};
use jungle::rules::{Game, Position, PositionError, CHECKERS_START_FEN, START_FEN};

/// Blue's 24 first moves: Lion a9 (a8 b9), Tiger g9 (f9 g8), Dog b8 (b9 a8 c8 b7),
/// Cat f8 (f9 e8 g8 f7), Rat a7 (a8 a6 b7), Leopard c7 (c8 b7 d7), Wolf e7 (e8 d7 f7),
/// Elephant g7 (g8 g6 f7). No Blue first move touches Red's 24 replies: 576.
#[test]
fn blue_moves_first() {
    let pos = Position::new(rules("first=blue"));
    assert_eq!(pos.fen(), START_FEN.replace(" w", " b"));
    let blue = "a9a8 a9b9 g9f9 g9g8 b8b9 b8a8 b8c8 b8b7 f8f9 f8e8 f8g8 f8f7 \
                a7a8 a7a6 a7b7 c7c8 c7b7 c7d7 e7e8 e7d7 e7f7 g7g8 g7g6 g7f7";
    assert_position(&pos.fen(), "first=blue", blue, 576);
    let mut game = Game::new(rules("first=blue"));
    assert!(game.play_text("a3a4").is_err());
    assert!(game.play_text("a7a6").is_ok());
}

/// Red's 12 first moves: Tiger a1 (a2 b1), Dog f2 (f3 f1 e2 g2), Elephant a3 (a4 a2 b3),
/// Rat g3 (g4 g2 f3); Blue's are the mirror image and independent: 144.
#[test]
fn animal_checkers_start_position() {
    let pos = Position::new(rules("game=animal-checkers"));
    assert_eq!(pos.fen(), CHECKERS_START_FEN);
    let red = "a1a2 a1b1 f2f3 f2f1 f2e2 f2g2 a3a4 a3a2 a3b3 g3g4 g3g2 g3f3";
    assert_position(CHECKERS_START_FEN, "game=animal-checkers", red, 144);
}

/// No water in Animal Checkers: the Tiger a4 steps to b4 instead of jumping to d4 and the
/// Elephant c3 steps to c4. Tiger a5 a3 b4, Elephant c4 c2 b3 d3 = 7 moves; Blue's Rat g9 has
/// f9 g8 after each: 14. In Jungle: Tiger a5 a3 d4, Elephant c2 b3 d3 = 6, so 12.
#[test]
fn animal_checkers_has_no_water() {
    let fen = "6r/7/7/7/7/T6/2E4/7/7 w";
    assert_position(fen, "game=animal-checkers", "a4a5 a4a3 a4b4 c3c4 c3c2 c3b3 c3d3", 14);
    assert_position(fen, "", "a4a5 a4a3 a4d4 c3c2 c3b3 c3d3", 12);
}

/// No traps in Animal Checkers: the Blue Tiger on c1 keeps its rank, so the Red Dog b1 may not
/// take it: Dog a1 b2; the Tiger then has c2, b1 and the den d1 (dens stay): 2 × 3 = 6.
/// In Jungle c1 is Red's trap and the Dog takes it; the capture ends the game: 6 as well.
#[test]
fn animal_checkers_has_no_traps_but_dens() {
    let fen = "7/7/7/7/7/7/7/7/1Dt4 w";
    assert_position(fen, "game=animal-checkers", "b1a1 b1b2", 6);
    assert_position(fen, "", "b1a1 b1b2 b1c1", 6);
}

#[test]
fn animal_checkers_allows_only_rat_dog_tiger_elephant() {
    let checkers = rules("game=animal-checkers");
    for fen in [START_FEN, "6l/7/7/7/7/7/7/7/R6 w", "7/7/7/7/7/7/7/7/C5r w"] {
        let err = Position::from_fen(fen, checkers).unwrap_err();
        assert!(matches!(err, PositionError::NotInGame(_)), "{fen}: {err}");
        assert!(err.to_string().contains("not in this game"), "{err}");
    }
}
