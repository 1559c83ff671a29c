//! The evaluation's drive to make progress: den-entry squares, the tempering by the
//! no-capture counter, and the root side's drive forward.

use jungle::ai::{evaluate, evaluate_with, Engine, Limits, SearchConfig, SearchParams, Weights, GROUPS};
use jungle::rules::{Game, Position, Rules};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Rules::default()).unwrap()
}

/// Weights that count only the den-entry squares: 10 for one, 100 for two, 1000 for three or more.
fn entry_only() -> Weights {
    let mut weights = Weights::default();
    weights.values.iter_mut().for_each(|w| *w = 0);
    let group = GROUPS.iter().find(|g| g.name == "den-entry").expect("a den-entry group");
    assert_eq!(group.len, 3);
    weights.values[group.start..group.start + 3].copy_from_slice(&[10, 100, 1000]);
    weights
}

#[test]
fn squares_beside_the_enemy_den_within_reach_count() {
    let w = entry_only();
    // Red's dog on c8 can step to c9 and d8, both beside Blue's den on d9.
    assert_eq!(evaluate_with(&pos("7/2D4/7/7/7/7/7/7/c6 w"), &w), 100);
    assert_eq!(evaluate_with(&pos("7/2D4/7/7/7/7/7/7/c6 b"), &w), -100);
    // Far from the den it reaches none.
    assert_eq!(evaluate_with(&pos("7/7/7/D6/7/7/7/7/c6 w"), &w), 0);
    // A square held by Blue's elephant counts only for a piece that can take it: the rat can.
    assert_eq!(evaluate_with(&pos("7/2De3/7/7/7/7/7/7/c6 w"), &w), 10);
    assert_eq!(evaluate_with(&pos("7/2Re3/7/7/7/7/7/7/c6 w"), &w), 100);
    // Blue's cat on c2 reaches c1 and d2 beside Red's den: the two sides cancel.
    assert_eq!(evaluate_with(&pos("7/2D4/7/7/7/7/7/2c4/7 w"), &w), 0);
}

#[test]
fn an_attack_on_the_den_scores_higher_than_the_same_pieces_at_home() {
    // The same material; Red's lion and wolf near Blue's den, or back at home.
    let attack = pos("6t/1d1L3/2W4/7/7/7/7/7/6l w");
    let home = pos("6t/1d5/7/7/7/7/7/2W4/L5l w");
    assert!(evaluate(&attack) > evaluate(&home) + 100, "{} vs {}", evaluate(&attack), evaluate(&home));
}

/// The score of a depth-3 search of `fen` with `contempt` and the default configuration.
fn score(fen: &str, contempt: i32) -> i32 {
    let mut engine = Engine::new(1);
    let params = SearchParams {
        limits: Limits { depth: Some(3), nodes: None },
        contempt,
        progress: 0,
        excluded: None,
    };
    engine.search_with(&Game::from_position(pos(fen)), &params, &mut |_| false, &mut |_| {}).score.raw()
}

#[test]
fn an_advantage_fades_toward_the_draw_score_as_the_no_capture_limit_nears() {
    // Red's lion against Blue's lone cat, far apart: fresh, halfway, and two plies from the limit.
    let fresh = score("6c/7/7/7/7/7/7/7/L6 w 0 1", 0);
    let halfway = score("6c/7/7/7/7/7/7/7/L6 w 100 50", 0);
    let late = score("6c/7/7/7/7/7/7/7/L6 w 190 95", 0);
    assert!(fresh > 300, "{fresh}");
    assert!(halfway < fresh * 2 / 3 && halfway > fresh / 3, "{fresh} {halfway}");
    assert!(late.abs() < fresh / 20, "{fresh} {late}");
    // With contempt the draw is worth less than equal: the score sinks toward -contempt.
    let late = score("6c/7/7/7/7/7/7/7/L6 w 190 95", 60);
    assert!((late + 60).abs() < fresh / 20, "{late}");
}

#[test]
fn tempering_can_be_switched_off() {
    // Three quarters of the way to the limit: a quarter of the advantage is left.
    let game = Game::from_position(pos("6c/7/7/7/7/7/7/7/L6 w 150 75"));
    let limits = Limits { depth: Some(3), nodes: None };
    let mut engine = Engine::new(1);
    let tempered = engine.search(&game, &limits, &mut |_| false, &mut |_| {}).score.raw();
    engine.set_config(SearchConfig { temper: false, ..SearchConfig::default() });
    let raw = engine.search(&game, &limits, &mut |_| false, &mut |_| {}).score.raw();
    assert!(raw > 300 && tempered < raw / 3, "{raw} {tempered}");
}

#[test]
fn the_drive_forward_rewards_moving_on_from_the_root() {
    // Red's lion on a6 against Blue's tiger, and the same position turned round for Blue.
    let red = Game::from_position(pos("t6/7/7/L6/7/7/7/7/7 w"));
    let blue = Game::from_position(pos("7/7/7/7/7/6l/7/7/6T b"));
    let limits = Limits { depth: Some(1), nodes: None };
    let search = |game: &Game, progress: i32| {
        let mut engine = Engine::new(1);
        // The linear evaluation alone: the test weighs the drive, not what the net adds to it.
        engine.set_config(SearchConfig { progress, temper: false, net: false, ..SearchConfig::default() });
        let r = engine.search(game, &limits, &mut |_| false, &mut |_| {});
        (r.best.unwrap().to_string(), r.score.raw())
    };
    assert_eq!(search(&red, 0).1, search(&blue, 0).1, "the positions mirror each other");
    // Counted from where the root stands: the rank already gained earns nothing, the next one does.
    let (best, score) = search(&red, 100);
    assert_eq!(best, "a6a7");
    assert!(score > search(&red, 0).1 && score < search(&red, 0).1 + 150, "{score}");
    assert_eq!(search(&blue, 100), ("g4g3".to_string(), score));
}
