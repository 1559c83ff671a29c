//! The search finds forced wins, answers den threats and is reproducible.

use jungle::ai::{Engine, Info, Level, Limits, Score, SearchParams};
use jungle::rules::{Game, Position, Reason, Rules};

fn search(fen: &str, depth: u32) -> jungle::ai::SearchResult {
    let pos = Position::from_fen(fen, Rules::default()).unwrap();
    let mut engine = Engine::new(4);
    engine.search(
        &Game::from_position(pos),
        &Limits { depth: Some(depth), nodes: None },
        &mut |_| false,
        &mut |_| {},
    )
}

#[test]
fn den_in_one() {
    // Red's rat on d8 steps into the den.
    let r = search("7/3R3/7/7/7/7/7/7/l6 w", 5);
    assert_eq!(r.best.unwrap().to_string(), "d8d9");
    assert_eq!(r.score.mate_in(), Some(1));
    assert_eq!(r.score.to_string(), "mate 1");
}

#[test]
fn den_in_two() {
    let r = search("7/7/3R3/7/7/7/7/7/l6 w", 6);
    assert_eq!(r.best.unwrap().to_string(), "d7d8");
    assert_eq!(r.score.mate_in(), Some(2));
}

#[test]
fn den_in_three_before_the_opponent_gets_there() {
    // Blue's lion needs three moves to enter d1; Red's rat needs three to enter d9 and moves first.
    let r = search("7/7/7/3R3/7/7/7/7/l6 w", 8);
    assert_eq!(r.score.mate_in(), Some(3));
    assert_eq!(r.best.unwrap().to_string(), "d6d7");
}

#[test]
fn losing_side_sees_the_loss() {
    // Blue to move cannot stop the rat on d8 (no blue piece can reach it): mated next move.
    let r = search("7/3R3/7/7/7/7/7/7/l6 b", 5);
    assert_eq!(r.score.mate_in(), Some(-1));
    assert!(r.best.is_some());
}

#[test]
fn capture_all_wins() {
    // Red's lion takes Blue's last piece, the cat on a6.
    let r = search("7/7/7/c6/L6/7/7/7/7 w", 5);
    assert_eq!(r.best.unwrap().to_string(), "a5a6");
    assert_eq!(r.score.mate_in(), Some(1));
}

#[test]
fn den_threat_is_answered() {
    // Blue's wolf on c1 (Red's trap) threatens the den; Red's cat on b1 must take it, even
    // though Red's elephant could take Blue's lion.
    let r = search("6t/7/7/7/7/3l3/3E3/7/1Cw4 w", 6);
    assert_eq!(r.best.unwrap().to_string(), "b1c1");
    assert!(r.score.cp().is_some());
}

#[test]
fn double_den_threat_is_lost() {
    // Wolf on c1 and dog on e1: Red can take only one of them.
    let r = search("6t/7/7/7/7/7/7/7/1Cw1d2 w", 4);
    assert_eq!(r.score.mate_in(), Some(-1));
}

#[test]
fn node_limited_search_is_reproducible() {
    let game = Game::new(Rules::default());
    let limits = Limits { depth: None, nodes: Some(30_000) };
    let mut engine = Engine::new(8);
    let first = engine.search(&game, &limits, &mut |_| false, &mut |_| {});
    // Another search in between, then a fresh start: the same answer.
    engine.search(&game, &Limits { depth: Some(5), nodes: None }, &mut |_| false, &mut |_| {});
    engine.new_game();
    let second = engine.search(&game, &limits, &mut |_| false, &mut |_| {});
    assert_eq!(first, second);
    assert_eq!(first.nodes, 30_000);
    // A separate engine agrees too.
    let third = Engine::new(8).search(&game, &limits, &mut |_| false, &mut |_| {});
    assert_eq!(first, third);
}

#[test]
fn stop_callback_ends_the_search_with_a_move() {
    let game = Game::new(Rules::default());
    let mut infos: Vec<Info> = Vec::new();
    let r =
        Engine::new(4).search(&game, &Limits::default(), &mut |n| n > 20_000, &mut |i| infos.push(i.clone()));
    assert!(game.is_legal(r.best.unwrap()));
    assert!(r.nodes < 30_000);
    assert!(!infos.is_empty() && infos.windows(2).all(|w| w[0].depth < w[1].depth));
    // Stopped at once: still a legal move.
    let r = Engine::new(4).search(&game, &Limits { depth: None, nodes: Some(1) }, &mut |_| true, &mut |_| {});
    assert!(game.is_legal(r.best.unwrap()));
}

#[test]
fn finished_game_has_no_move() {
    let pos = Position::from_fen("3R3/7/7/7/7/7/7/7/l6 b", Rules::default()).unwrap();
    let r = Engine::new(1).search(&Game::from_position(pos), &Limits::default(), &mut |_| false, &mut |_| {});
    assert_eq!(r.best, None);
}

/// Red's lion and elephant against Blue's cat: Blue is lost, but the lion and the cat have
/// shuffled a1–a2 and g9–g8 twice, so Blue's g8g9 repeats the start a third time.
fn repeating_game(rules: &str) -> Game {
    let pos = Position::from_fen("6c/7/7/7/7/7/7/6E/L6 w", rules.parse().unwrap()).unwrap();
    let mut game = Game::from_position(pos);
    for m in ["a1a2", "g9g8", "a2a1", "g8g9", "a1a2", "g9g8", "a2a1"] {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn repetition_is_a_draw_inside_the_search() {
    let game = repeating_game("");
    let limits = Limits { depth: Some(6), nodes: None };
    // The lost side takes the draw: the repeating move, scored as a draw.
    let r = Engine::new(1).search(&game, &limits, &mut |_| false, &mut |_| {});
    assert_eq!(r.best.unwrap().to_string(), "g8g9");
    assert_eq!(r.score.cp(), Some(0));
    let mut after = game.clone();
    after.play(r.best.unwrap()).unwrap();
    assert_eq!(after.outcome().map(|o| (o.winner, o.reason)), Some((None, Reason::Repetition)));
    // Without the repetition rule the same move is just a move of a lost position.
    let r = Engine::new(1).search(&repeating_game("repetition=off"), &limits, &mut |_| false, &mut |_| {});
    assert!(r.score.cp().is_some_and(|cp| cp < -500), "{}", r.score);
}

#[test]
fn contempt_is_a_parameter_of_each_search() {
    let game = repeating_game("");
    let mut engine = Engine::new(1);
    let limits = Limits { depth: Some(4), nodes: None };
    // A draw looks 50 worse than equal to the side to move, still better than the rest.
    let params = SearchParams { limits, contempt: 50, progress: 0, excluded: None };
    let r = engine.search_with(&game, &params, &mut |_| false, &mut |_| {});
    assert_eq!((r.best.unwrap().to_string(), r.score.cp()), ("g8g9".to_string(), Some(-50)));
    // Levels play with their own contempt and leave the engine's as it was.
    engine.play_level(&game, Level::MAX, 1, &mut |n| n > 20_000, &mut |_| {});
    assert_eq!(engine.search(&game, &limits, &mut |_| false, &mut |_| {}).score.cp(), Some(0));
}

#[test]
fn score_display() {
    assert_eq!(Score::win_in(5).to_string(), "mate 3");
    assert_eq!(Score::loss_in(4).to_string(), "mate -2");
    assert_eq!(Score::from_cp(-12).to_string(), "cp -12");
    assert_eq!(Score::loss_in(4).mate_in(), Some(-2));
    assert_eq!(Score::from_cp(7).mate_in(), None);
}

#[test]
fn beginner_misses_what_full_strength_sees() {
    // Red's elephant on d5 can take Blue's undefended lion on d6.
    let pos = Position::from_fen("6t/1d5/7/3l3/3E3/7/7/7/6T w", Rules::default()).unwrap();
    let game = Game::from_position(pos);
    let mut engine = Engine::new(1);
    let mut taken = [0; 2];
    for seed in 0..40 {
        for (i, level) in [1, 6].into_iter().enumerate() {
            let r = engine.play_level(&game, Level::new(level).unwrap(), seed, &mut |_| false, &mut |_| {});
            taken[i] += (r.best.unwrap().to_string() == "d5d6") as u32;
        }
    }
    assert!(taken[0] < 40, "level 1 always took the lion");
    assert!(taken[0] > 0, "level 1 never took the lion");
    assert_eq!(taken[1], 40, "level 6 must always take the lion");
}

/// Blue's cat is missing; both elephants have stepped to and fro, so that Red's `a5a4` would
/// bring a position back for the third time.
const RED_AHEAD: &str = "l5t/1d5/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";
const RED_AHEAD_AND_REPEATING: &str = "a3a4 g7g6 a4a5 g6g7 a5a4 g7g6 a4a5 g6g7";

#[test]
fn the_side_ahead_plays_on_rather_than_repeat() {
    let mut game = Game::from_position(Position::from_fen(RED_AHEAD, Rules::default()).unwrap());
    for m in RED_AHEAD_AND_REPEATING.split_whitespace() {
        game.play_text(m).unwrap();
    }
    assert!(jungle::ai::evaluate(game.position()) > 150, "Red stands better on the board");
    let mut repeated = game.clone();
    repeated.play_text("a5a4").unwrap();
    assert_eq!(repeated.outcome().map(|o| o.reason), Some(Reason::Repetition));
    let mut engine = Engine::new(16);
    for seed in 0..4 {
        let r = engine.play_level(&game, Level::MAX, seed, &mut |n| n >= 20_000, &mut |_| {});
        let mut after = game.clone();
        after.play(r.best.unwrap()).unwrap();
        assert_eq!(after.outcome(), None, "{} ends the game", r.best.unwrap());
    }
}
