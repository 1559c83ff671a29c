//! The move tree's record form: side lines written in parentheses and read back, nested to any
//! depth, random trees round-tripping, and every malformed side line refused with its line.

use jungle::error_code::ErrorCode;
use jungle::record::{GameRecord, MoveTree, RecordError, TreeWord};
use jungle::rules::{Game, Rules};
use proptest::prelude::*;

fn parse(text: &str) -> MoveTree {
    MoveTree::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> RecordError {
    MoveTree::parse(text).expect_err(text)
}

fn texts(tree: &MoveTree, node: usize) -> Vec<String> {
    tree.line_to(node).iter().map(ToString::to_string).collect()
}

#[test]
fn nested_side_lines_round_trip() {
    let text = "[Result \"*\"]\n\n1. g3g4 (1. a3a4 a7a6 (1... g7g6 2. a4a5) 2. a4a5) (1. b2b3) 1... a7a6 *\n";
    let tree = parse(text);
    assert_eq!(tree.len(), 8);
    assert_eq!(tree.main_line().len(), 2);
    assert_eq!(tree.format(), text);
    // The game record of the same text is its main line.
    let record = GameRecord::parse(text).unwrap();
    assert_eq!(record.game.moves(), tree.main_line());
    // Each move's node is the end of a line that replays from the root.
    for word in tree.words() {
        if let TreeWord::Move { node, .. } = word {
            let mut game = Game::new(Rules::default());
            for m in tree.line_to(node) {
                game.play(m).unwrap();
            }
        }
    }
}

#[test]
fn a_side_line_of_the_first_move_and_blue_to_start() {
    let tree =
        parse("[FEN \"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b\"]\n1... a7a6 (1... g7g6) 2. g3g4 *");
    assert_eq!(tree.format().lines().last(), Some("1... a7a6 (1... g7g6) 2. g3g4 *"));
}

#[test]
fn promoting_and_deleting_change_the_record() {
    let mut tree = parse("1. g3g4 (1. a3a4 a7a6) a7a6 *");
    let side = tree.children(MoveTree::ROOT)[1];
    assert!(tree.promote(side));
    assert!(tree.format().ends_with("\n1. a3a4 (1. g3g4 a7a6) 1... a7a6 *\n"), "{}", tree.format());
    let old_main = tree.children(MoveTree::ROOT)[1];
    assert_eq!(texts(&tree, tree.children(old_main)[0]), ["g3g4", "a7a6"]);
    assert!(tree.delete(old_main));
    assert!(tree.format().ends_with("\n1. a3a4 a7a6 *\n"));
}

#[test]
fn deep_nesting_is_safe() {
    // Each side line opens another after its first move: 3,000 levels deep.
    let mut text = String::from("1. g3g4 a7a6 2. g4g5 ");
    for _ in 0..3000 {
        text.push_str("(2. g4g5 ");
    }
    text.push_str(&")".repeat(3000));
    let tree = parse(&text);
    assert_eq!(tree.len(), 3, "the same move is reused");
    // A random walk of 3,000 steps nests side lines in side lines.
    let choices: Vec<u16> = (0..3000u32).map(|i| (i * 7919 % 65_536) as u16).collect();
    let tree = random_tree(&choices);
    assert_eq!(parse(&tree.format()), tree);
}

#[test]
fn malformed_side_lines_are_refused_with_their_line() {
    let cases: [(&str, &str); 6] = [
        ("(1. g3g4)", "record.variation-without-move"),
        ("1. g3g4 ((1. a3a4))", "record.variation-without-move"),
        ("1. g3g4\n)", "record.unopened-variation"),
        ("1. g3g4\n(1. a3a4", "record.unclosed-variation"),
        ("1. g3g4 (1. a3a4 *)", "record.unclosed-variation"),
        ("1. g3g4 * (1. a3a4)", "record.after-result"),
    ];
    for (text, code) in cases {
        assert_eq!(error(text).code(), code, "{text}");
    }
    assert_eq!(error("1. g3g4\n)").to_string(), "line 2: a `)` closes no side line");
    assert_eq!(
        error("1. g3g4\n(1. a3a4").to_string(),
        "line 2: the side line opened by `(` here is never closed by `)`"
    );
    assert!(matches!(error("1. g3g4 (1. g3g5)"), RecordError::Move { line: 1, .. }));
    assert!(GameRecord::parse("1. g3g4 (1. g3g5)").is_err(), "side lines are checked by the game reader");
}

/// A random tree: each choice plays a move at the cursor, or goes back a move or two first.
fn random_tree(choices: &[u16]) -> MoveTree {
    let mut tree = MoveTree::new(Game::new(Rules::default()));
    for &c in choices {
        if c % 4 == 0 {
            tree.back();
            if c % 8 == 0 {
                tree.back();
            }
        }
        let legal = tree.game().legal_moves();
        if !legal.is_empty() {
            tree.play(legal[c as usize / 8 % legal.len()]).unwrap();
        }
    }
    tree
}

proptest! {
    #[test]
    fn random_trees_round_trip(choices in proptest::collection::vec(any::<u16>(), 0..120)) {
        let tree = random_tree(&choices);
        let back = parse(&tree.format());
        prop_assert_eq!(&back, &tree);
        prop_assert_eq!(back.main_line(), tree.main_line());
    }
}
