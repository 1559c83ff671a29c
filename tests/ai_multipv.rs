//! Multi-PV: the best lines of a position are distinct in their first move, sorted by score,
//! legal from the position to their end, and one line is the normal search's choice.

use jungle::ai::{Engine, Iteration, Limits, Line};
use jungle::rules::{Game, Position, Rules};

/// Positions with several plausible moves: the start, a middle game and a den race.
const FENS: [&str; 3] = [
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w",
    "l5t/1d3c1/2p1w2/r5e/7/1R4E/2W1P2/1C3D1/T5L b",
    "7/3L3/7/7/7/7/2r4/7/6l w",
];

fn game(fen: &str) -> Game {
    Game::from_position(Position::from_fen(fen, Rules::default()).unwrap())
}

fn analyse(game: &Game, depth: u32, count: usize) -> (Vec<Line>, Vec<Iteration>) {
    let mut iterations = Vec::new();
    let limits = Limits { depth: Some(depth), nodes: Some(200_000) };
    let lines =
        Engine::new(1).analyse(game, &limits, count, &mut |_| false, &mut |i| iterations.push(i.clone()));
    (lines, iterations)
}

fn check_lines(game: &Game, lines: &[Line], count: usize) {
    assert_eq!(lines.len(), count.min(game.legal_moves().len()));
    let firsts: std::collections::HashSet<_> = lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), lines.len(), "distinct root moves: {lines:?}");
    assert!(lines.windows(2).all(|w| w[0].score >= w[1].score), "sorted: {lines:?}");
    for line in lines {
        let mut replay = game.clone();
        for &m in &line.pv {
            replay.play(m).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        }
    }
}

#[test]
fn lines_are_distinct_sorted_and_legal() {
    for fen in FENS {
        let game = game(fen);
        for count in [2, 5] {
            let (lines, iterations) = analyse(&game, 4, count);
            check_lines(&game, &lines, count);
            assert!(!iterations.is_empty());
            for iteration in &iterations {
                check_lines(&game, &iteration.lines, count);
            }
            let depths: Vec<u32> = iterations.iter().map(|i| i.depth).collect();
            assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
            assert!(iterations.windows(2).all(|w| w[0].nodes <= w[1].nodes));
        }
    }
}

#[test]
fn one_line_is_the_normal_search() {
    for fen in FENS {
        let game = game(fen);
        for depth in [3, 5] {
            let (lines, _) = analyse(&game, depth, 1);
            let limits = Limits { depth: Some(depth), nodes: Some(200_000) };
            let result = Engine::new(1).search(&game, &limits, &mut |_| false, &mut |_| {});
            assert_eq!(lines.len(), 1);
            assert_eq!(lines[0].pv.first().copied(), result.best, "{fen} at depth {depth}");
            assert_eq!(lines[0].score, result.score);
        }
    }
}

#[test]
fn few_moves_give_few_lines_and_a_finished_game_none() {
    // Red's only piece, the rat on a1, can go to a2 or b1: two lines at most.
    let two = game("6l/7/7/7/7/7/7/7/R6 w");
    let (lines, _) = analyse(&two, 3, 5);
    check_lines(&two, &lines, 5);
    let over = game("7/7/7/7/7/7/7/7/l6 w");
    assert!(analyse(&over, 3, 3).0.is_empty());
}
