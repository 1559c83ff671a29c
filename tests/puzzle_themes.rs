//! The themes and difficulty `jungle puzzles` gives a solution, on hand-built puzzles: each
//! is solved by the puzzle solver, then its themes are read from the line.

use jungle::puzzles::{difficulty, solve, themes, Goal, Prover, Theme};
use jungle::rules::{Game, Move, Position, Rules};

/// The solution of a hand-built puzzle (proved, with one winning move at each step) and its themes.
fn solved(fen: &str, rules: &str, goal: Goal, max_moves: u32) -> (String, Vec<Theme>) {
    let pos = Position::from_fen(fen, rules.parse().unwrap()).unwrap();
    let game = Game::from_position(pos);
    let line = solve(&game, max_moves, &mut Prover::for_goal(1_000_000, goal, game.position())).unwrap();
    let text: Vec<String> = line.iter().map(Move::to_string).collect();
    (text.join(" "), themes(&game, &line, goal))
}

#[test]
fn names_read_back() {
    for theme in Theme::ALL {
        assert_eq!(Theme::from_name(theme.name()), Some(theme));
    }
    assert_eq!(Theme::from_name("magic"), None);
}

#[test]
fn a_den_entry_in_an_endgame() {
    let (line, themes) = solved("1c5/2R4/7/7/7/7/7/7/6l w", "", Goal::Win, 3);
    assert!(line.starts_with("c8d8 ") && line.ends_with(" d8d9"), "{line}");
    assert_eq!(themes, vec![Theme::Den, Theme::Endgame]);
}

#[test]
fn a_river_jump_that_takes_a_piece() {
    // Red's lion jumps from a5 over b5-c5 to take Blue's wolf on d5.
    let (line, themes) = solved("6r/7/7/7/L2w3/7/7/7/7 w", "", Goal::Gain(300), 2);
    assert_eq!(line, "a5d5");
    assert_eq!(themes, vec![Theme::Jump, Theme::Endgame]);
}

#[test]
fn a_rat_taking_the_elephant_and_the_other_way_round() {
    let (line, themes) = solved("6r/7/7/7/7/7/e6/R6/7 w", "", Goal::Gain(300), 2);
    assert_eq!(line, "a2a3");
    assert_eq!(themes, vec![Theme::RatElephant, Theme::Endgame]);
    // Under elephant-takes-rat, Red's elephant takes the rat (after Blue's lion is taken
    // the game is won: every piece gone).
    let (line, themes) = solved("7/7/7/7/7/7/r6/E6/6l w", "elephant-takes-rat=yes", Goal::Gain(200), 2);
    assert_eq!(line, "a2a3");
    assert_eq!(themes, vec![Theme::RatElephant, Theme::Endgame]);
}

#[test]
fn a_piece_taken_in_a_trap() {
    // Blue's tiger stands weakened on Red's trap c1, beside Red's den; Red's cat takes it.
    let (line, themes) = solved("l6/7/7/7/7/7/7/2C4/2t4 w", "", Goal::Gain(300), 2);
    assert_eq!(line, "c2c1");
    assert_eq!(themes, vec![Theme::Trap, Theme::Endgame]);
    // A capture off the traps is no trap theme.
    let (line, themes) = solved("l6/7/7/7/7/7/7/1rC4/7 w", "", Goal::Gain(200), 2);
    assert_eq!(line, "c2b2");
    assert_eq!(themes, vec![Theme::Endgame]);
}

#[test]
fn a_blocked_jump_is_seen_on_the_defender_s_turn() {
    // Red's rat swimming in b5 stops Blue's lion on a5 from jumping while Red's lion walks in.
    let (line, themes) = solved("7/7/3L3/7/lR5/7/7/7/7 w", "", Goal::Win, 3);
    assert!(line.starts_with("d7d8 "), "{line}");
    assert_eq!(themes, vec![Theme::Den, Theme::BlockedJump, Theme::Endgame]);
    // With the rat on the bank instead, the jump is open.
    let (_, themes) = solved("7/7/3L3/7/l6/7/1R5/7/7 w", "", Goal::Win, 3);
    assert_eq!(themes, vec![Theme::Den, Theme::Endgame]);
}

#[test]
fn the_defender_left_without_a_move() {
    // Red's leopard closes a7 and Blue's rat and cat, boxed in the corner, cannot move; or
    // Red's wolf takes the cat and the rat cannot move (two wins: no puzzle, but both show it).
    let game = Game::from_position(Position::from_fen("rD5/cW5/7/P6/7/7/7/7/7 w", Rules::default()).unwrap());
    for first in ["a6a7", "b8a8"] {
        let line = [game.position().parse_move(first).unwrap()];
        assert_eq!(themes(&game, &line, Goal::Win), vec![Theme::NoMove, Theme::Endgame], "{first}");
    }
}

#[test]
fn a_defender_that_must_move_is_in_zugzwang() {
    // Blue's tiger d4 closes in; Red's tiger on e2, next to Blue's lion on f1, may not stay:
    // each of its squares is next to a Blue piece that takes it (e1 and f2 the lion, d2 and
    // e3 the tiger). Were Red to pass, nothing of Red's could be taken at once.
    let (line, themes) = solved("7/7/7/7/7/3t3/7/4T2/5l1 b", "", Goal::Win, 3);
    assert_eq!(line, "d4d3 e2e1 f1e1");
    assert_eq!(themes, vec![Theme::Zugzwang, Theme::Endgame]);
}

#[test]
fn taking_the_last_free_piece_leaves_no_move() {
    // Red's wolf a5 is boxed in by Blue's lion a6, elephant a4 and the water. Blue's leopard
    // goes to b2; Red's rat must leave c1 and is taken, and Red has no move left.
    let (line, themes) = solved("7/7/7/l6/W6/e6/1p2d2/7/2R4 b", "", Goal::Win, 3);
    assert_eq!(line, "b3b2 c1b1 b2b1");
    assert_eq!(themes, vec![Theme::NoMove, Theme::Zugzwang, Theme::Endgame]);
}

#[test]
fn difficulty_grows_with_length_depth_quiet_starts_and_material_given() {
    assert_eq!(difficulty(2, 1, false, false), 1);
    assert_eq!(difficulty(2, 1, true, false), 2);
    assert_eq!(difficulty(2, 2, false, false), 2);
    assert_eq!(difficulty(2, 1, false, true), 3);
    assert_eq!(difficulty(3, 2, false, false), 3);
    assert_eq!(difficulty(3, 2, true, false), 3);
    assert_eq!(difficulty(3, 4, false, false), 4);
    assert_eq!(difficulty(3, 2, true, true), 4);
    assert_eq!(difficulty(4, 3, false, false), 4);
    assert_eq!(difficulty(4, 4, true, false), 5);
    assert_eq!(difficulty(4, 3, false, true), 5);
    assert_eq!(difficulty(5, 30, true, true), 5);
    assert_eq!(difficulty(1, 1, false, false), 1);
}
