//! The competition chase rules (`chase-rules=on`), played through `Game`:
//! 7-3 (within a side's last 7 moves one animal may not enter the same square more than
//! 3 times), 17-5 (an animal that alone made its side's last 17 moves within 5 squares may not
//! enter those squares on its 18th) and the exemption of moves into a trap.
//! Repetition is off here: the shuffling positions repeat.

mod common;

use common::{list, move_strings, mv, position};
use jungle::rules::{Color, Game, MoveError, Outcome, Reason};

const CHASE: &str = "chase-rules=on,repetition=off";

fn game(fen: &str, rules_text: &str) -> Game {
    Game::from_position(position(fen, rules_text))
}

fn play(game: &mut Game, moves: &[String]) {
    for m in moves {
        game.play_text(m).unwrap_or_else(|e| panic!("{m} after {:?}: {e}", game.moves()));
    }
}

/// `rounds` Red and Blue moves alternating, each side walking round its own loop of squares.
fn loops(red: [&str; 4], blue: [&str; 4], rounds: usize) -> Vec<String> {
    let step = |cycle: [&str; 4], i: usize| format!("{}{}", cycle[i % 4], cycle[(i + 1) % 4]);
    (0..rounds).flat_map(|i| [step(red, i), step(blue, i)]).collect()
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Game moves and position moves (no chase rules) of the side to move.
fn game_and_position_moves(game: &Game) -> (Vec<String>, Vec<String>) {
    (move_strings(&game.legal_moves()), move_strings(&game.position().legal_moves()))
}

/// The Red Lion shuffles g5–g6 while Blue's Elephant shuffles a9–a8.
/// After g6 g5 g6 g5 the Lion has entered g6 twice: a third time is allowed. After
/// g6 g5 g6 g5 g6 g5 it has entered g6 three times within its last 6 moves, so g5g6 is
/// forbidden (g5g4 and the jump g5d5 remain). Blue is then in the same case with a9a8.
#[test]
fn rule_7_3() {
    let mut g = game("e6/7/7/7/6L/7/7/7/7 w", CHASE);
    play(&mut g, &words("g5g6 a9a8 g6g5 a8a9 g5g6 a9a8 g6g5 a8a9"));
    assert_eq!(move_strings(&g.legal_moves()), list("g5g6 g5g4 g5d5"));
    play(&mut g, &words("g5g6 a9a8 g6g5 a8a9"));
    assert_eq!(game_and_position_moves(&g), (list("g5g4 g5d5"), list("g5g6 g5g4 g5d5")));
    assert_eq!(g.play(mv("g5g6")), Err(MoveError::Illegal(mv("g5g6"))));
    play(&mut g, &words("g5g4"));
    assert_eq!(game_and_position_moves(&g), (list("a9b9"), list("a9a8 a9b9")));
}

#[test]
fn chase_rules_off_allow_the_shuffle() {
    let mut g = game("e6/7/7/7/6L/7/7/7/7 w", "repetition=off");
    play(&mut g, &words("g5g6 a9a8 g6g5 a8a9 g5g6 a9a8 g6g5 a8a9 g5g6 a9a8 g6g5 a8a9"));
    assert_eq!(game_and_position_moves(&g), (list("g5g6 g5g4 g5d5"), list("g5g6 g5g4 g5d5")));
}

/// The Red Lion shuffles between c2 and its own trap c1 while Blue's Elephant walks down the
/// a file. After c1 c2 c1 c2 c1 c2 the Lion has entered c1 three times, but c1 is a trap, so
/// it may go there again. Once it has entered c2 three times, c1c2 is forbidden (c2 is no trap).
#[test]
fn rule_7_3_exempts_moves_into_a_trap() {
    let mut g = game("e6/7/7/7/7/7/7/2L4/7 w", CHASE);
    play(&mut g, &words("c2c1 a9a8 c1c2 a8a7 c2c1 a7a6 c1c2 a6a5 c2c1 a5a4 c1c2 a4a3"));
    let all = list("c2b2 c2c1 c2c3 c2d2");
    assert_eq!(game_and_position_moves(&g), (all.clone(), all));
    play(&mut g, &words("c2c1 a3a2"));
    assert_eq!(game_and_position_moves(&g), (list("c1b1"), list("c1b1 c1c2")));
}

/// The Red Lion walks round a7 a8 b8 b7 (never 3 entries of one square within 6 moves) while
/// Blue's Elephant walks round g9 f9 f8 g8. For its 17th move nothing is forbidden; after 17
/// Lion moves within those 4 squares it may not enter them on the 18th: only a8a9 is left.
#[test]
fn rule_17_5() {
    let red = ["a7", "a8", "b8", "b7"];
    let blue = ["g9", "f9", "f8", "g8"];
    let mut g = game("6e/7/L6/7/7/7/7/7/7 w", CHASE);
    play(&mut g, &loops(red, blue, 16));
    let all = list("a7a8 a7a6 a7b7");
    assert_eq!(game_and_position_moves(&g), (all.clone(), all));
    play(&mut g, &words("a7a8 g9f9"));
    assert_eq!(game_and_position_moves(&g), (list("a8a9"), list("a8a9 a8a7 a8b8")));
}

/// The same walk round c1 c2 b2 b1, where c1 is Red's own trap: on the 18th move the Lion on
/// c2 may still enter the trap c1 (and d2, a trap outside the area, and c3), but not b2.
#[test]
fn rule_17_5_exempts_moves_into_a_trap() {
    let mut g = game("6e/7/7/7/7/7/7/7/2L4 w", CHASE);
    play(&mut g, &loops(["c1", "c2", "b2", "b1"], ["g9", "f9", "f8", "g8"], 17));
    assert_eq!(game_and_position_moves(&g), (list("c2c1 c2c3 c2d2"), list("c2b2 c2c1 c2c3 c2d2")));
}

/// Walking round b1 c1 c2 b2 instead, the Lion ends on c1 after 17 moves: b1 and c2 are in the
/// area and d1 is its own den, so Red has no legal move and loses.
#[test]
fn chase_rules_can_leave_no_legal_move() {
    let mut g = game("6e/7/7/7/7/7/7/7/1L5 w", CHASE);
    play(&mut g, &loops(["b1", "c1", "c2", "b2"], ["g9", "f9", "f8", "g8"], 17));
    assert_eq!(game_and_position_moves(&g), (vec![], list("c1b1 c1c2")));
    assert_eq!(g.outcome(), Some(Outcome { winner: Some(Color::Blue), reason: Reason::NoMoves }));
}
