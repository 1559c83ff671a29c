//! How a game ends, built by hand: dens, all captured, no legal move, threefold repetition,
//! the no-capture limit and the order in which `Game::outcome` decides. Move lists and
//! depth-2 counts are counted by hand.

mod common;

use common::{assert_position, moves, mv, position};
use jungle::rules::{perft, Color, Game, MoveError, Outcome, Reason};

fn game(fen: &str, rules_text: &str) -> Game {
    Game::from_position(position(fen, rules_text))
}

/// Plays a space-separated list of moves, each of which must be legal.
fn play(game: &mut Game, text: &str) {
    for m in text.split_whitespace() {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn win(color: Color, reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner: Some(color), reason })
}

fn draw(reason: Reason) -> Option<Outcome> {
    Some(Outcome { winner: None, reason })
}

/// The Red Cat on c1 may not enter its own den d1: Cat b1 c2. The Red Dog d8 may enter Blue's
/// den d9: Dog d9 c8 e8 d7 = 6 moves. Blue's Elephant a9 (a8 b9) answers the 5 moves that do
/// not end the game; d8d9 ends it: 5 × 2 = 10.
#[test]
fn own_den_is_closed_and_the_enemy_den_wins() {
    let fen = "e6/3D3/7/7/7/7/7/7/2C4 w";
    let mut pos = assert_position(fen, "", "c1b1 c1c2 d8d9 d8c8 d8e8 d8d7", 10);
    pos.play(mv("d8d9"));
    assert!(pos.legal_moves().is_empty() && pos.is_decided());
    assert_eq!(pos.winner(), Some((Color::Red, Reason::Den)));
    assert_eq!((perft(&mut pos, 0), perft(&mut pos, 1), perft(&mut pos, 2)), (1, 0, 0));

    let mut g = game(fen, "");
    play(&mut g, "d8d9");
    assert_eq!(g.outcome(), win(Color::Red, Reason::Den));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play_text("a9a8"), Err(MoveError::GameOver));
}

/// The Red Lion d5 takes the last Blue piece, the Cat d6: Lion d6 d4 a5 g5. After the capture
/// the game is over (0); after the others the Cat has d7 d5: 3 × 2 = 6.
#[test]
fn capturing_every_enemy_piece_wins() {
    let fen = "7/7/7/3c3/3L3/7/7/7/7 w";
    let mut pos = assert_position(fen, "", "d5d6 d5d4 d5a5 d5g5", 6);
    pos.play(mv("d5d6"));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.winner(), Some((Color::Red, Reason::AllCaptured)));
    let mut g = game(fen, "");
    play(&mut g, "d5d6");
    assert_eq!(g.outcome(), win(Color::Red, Reason::AllCaptured));
}

/// The Blue Cat a9 is walled in by the Red Elephant a8 and Lion b9, which it may not take:
/// Blue has no move and loses, although the board alone decides nothing.
#[test]
fn no_legal_move_loses() {
    let fen = "cL5/E6/7/7/7/7/7/7/7 b";
    let pos = position(fen, "");
    assert!(moves(&pos).is_empty());
    assert_eq!(pos.winner(), None);
    assert_eq!(game(fen, "").outcome(), win(Color::Red, Reason::NoMoves));
}

const SHUFFLE: &str = "e6/7/7/7/6L/7/7/7/7 w";
const TWICE_ROUND: &str = "g5g6 a9a8 g6g5 a8a9";

#[test]
fn threefold_repetition_draws() {
    let mut g = game(SHUFFLE, "");
    play(&mut g, TWICE_ROUND);
    assert_eq!((g.repetitions(), g.outcome()), (2, None));
    play(&mut g, TWICE_ROUND);
    assert_eq!((g.repetitions(), g.outcome()), (3, draw(Reason::Repetition)));
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.play_text("g5g6"), Err(MoveError::GameOver));
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn repetition_off_plays_on() {
    let mut g = game(SHUFFLE, "repetition=off");
    play(&mut g, &[TWICE_ROUND; 3].join(" "));
    assert_eq!((g.repetitions(), g.outcome()), (4, None));
    assert_eq!(g.legal_moves().len(), 3);
}

#[test]
fn no_capture_limit_200_by_default() {
    let mut g = game("e6/7/7/7/6L/7/7/7/7 w 199 100", "");
    assert_eq!(g.outcome(), None);
    play(&mut g, "g5g6");
    assert_eq!(g.position().halfmoves(), 200);
    assert_eq!(g.outcome(), draw(Reason::NoCaptureLimit));
}

#[test]
fn no_capture_limit_custom_and_off() {
    let mut g = game("e6/7/7/7/6L/7/7/7/7 w 9 5", "no-capture-limit=10");
    assert_eq!(g.outcome(), None);
    play(&mut g, "g5g6");
    assert_eq!(g.outcome(), draw(Reason::NoCaptureLimit));

    let mut g = game("e6/7/7/7/6L/7/7/7/7 w 5000 2600", "no-capture-limit=0");
    play(&mut g, "g5g6");
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_capture_resets_the_no_capture_count() {
    let mut g = game("6e/7/7/3c3/3L3/7/7/7/7 w 150 80", "");
    play(&mut g, "d5d6");
    assert_eq!(g.position().halfmoves(), 0);
    play(&mut g, "g9g8");
    assert_eq!(g.position().halfmoves(), 1);
}

/// Entering the den on the ply that reaches the no-capture limit is a win, not a draw.
#[test]
fn den_win_comes_before_the_no_capture_draw() {
    let mut g = game("6e/3D3/7/7/7/7/7/7/7 w 199 100", "");
    play(&mut g, "d8d9");
    assert_eq!(g.position().halfmoves(), 200);
    assert_eq!(g.outcome(), win(Color::Red, Reason::Den));
}

/// A side without a move loses even when the no-capture limit is reached.
#[test]
fn no_moves_loss_comes_before_the_draws() {
    assert_eq!(game("cL5/E6/7/7/7/7/7/7/7 b 200 101", "").outcome(), win(Color::Red, Reason::NoMoves));
}

/// The third occurrence on the ply that reaches the limit is reported as a repetition.
#[test]
fn repetition_comes_before_the_no_capture_limit() {
    let mut g = game("e6/7/7/7/6L/7/7/7/7 w 192 97", "");
    play(&mut g, &[TWICE_ROUND; 2].join(" "));
    assert_eq!(g.position().halfmoves(), 200);
    assert_eq!(g.outcome(), draw(Reason::Repetition));
}
