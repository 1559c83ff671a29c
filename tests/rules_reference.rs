//! The engine against the simple reference generator of `tests/reference`: random games under
//! every option value and random option combinations, comparing the legal move list (and the
//! board after each move) at every position; perft at depth 3 on a sample of positions; and
//! `Game`'s move list under the chase rules against the reference's chase rules.

mod common;
mod reference;

use common::{
    every_option_value, move_strings, moves, random_position, random_position_with, random_rules,
    random_walk, Rng,
};
use jungle::rules::{perft, Color, Game, GameKind, Position, Rules};
use reference::chase::{chase_forbidden, Played};
use reference::RefPosition;

/// Games per rule set from the start position, and from random positions.
const START_GAMES: usize = 60;
const RANDOM_GAMES: usize = 40;
/// Random games are cut off after this many plies.
const MAX_PLIES: usize = 300;

/// Compares the move lists of the engine and the reference in `pos`.
fn check_moves(pos: &Position) {
    let engine = moves(pos);
    let reference = RefPosition::from_fen(&pos.fen(), pos.rules()).legal_moves();
    assert!(
        engine == reference,
        "move lists differ\nFEN   {}\nrules {}\nengine    {engine:?}\nreference {reference:?}",
        pos.fen(),
        pos.rules()
    );
    assert_eq!(pos.count_moves() as usize, engine.len(), "count_moves in {} ({})", pos.fen(), pos.rules());
}

/// Plays one random game from `pos`, checking every position and, after every move, that the
/// engine's board is the reference's board with the same move played.
fn check_game(rng: &mut Rng, mut pos: Position) {
    for _ in 0..MAX_PLIES {
        check_moves(&pos);
        let before = pos.fen();
        let Some(m) = random_walk(rng, &mut pos, 1).pop() else { return };
        let mut expected = RefPosition::from_fen(&before, pos.rules());
        expected.play(&m.to_string());
        let board = pos.fen().split(' ').next().unwrap_or_default().to_string();
        assert_eq!(board, expected.board_fen(), "board after {m} from {before} ({})", pos.rules());
    }
}

fn check_rules(rng: &mut Rng, rules: Rules, start_games: usize, random_games: usize) {
    for _ in 0..start_games {
        check_game(rng, Position::new(rules));
    }
    for _ in 0..random_games {
        let pos = random_position(rng, rules);
        check_game(rng, pos);
    }
}

#[test]
fn random_games_under_every_option_value() {
    let mut rng = Rng::new(1);
    for rules in every_option_value() {
        check_rules(&mut rng, rules, START_GAMES, RANDOM_GAMES);
    }
}

#[test]
fn random_games_under_random_option_combinations() {
    let mut rng = Rng::new(2);
    for _ in 0..150 {
        let rules = random_rules(&mut rng);
        check_rules(&mut rng, rules, 4, 6);
    }
}

#[test]
fn perft_3_matches_reference_on_sample_positions() {
    let mut rng = Rng::new(3);
    for i in 0..120 {
        let rules = if i % 2 == 0 { random_rules(&mut rng) } else { *rng.pick(&every_option_value()) };
        let mut pos = random_position(&mut rng, rules);
        let plies = rng.below(20);
        random_walk(&mut rng, &mut pos, plies);
        let expected = RefPosition::from_fen(&pos.fen(), &rules).perft(3);
        assert_eq!(perft(&mut pos, 3), expected, "perft 3 of {} ({rules})", pos.fen());
    }
}

/// A move for a chase test: half the time the side's last move played backwards (if legal),
/// so that the shuffles the chase rules forbid come up often.
fn shuffling_move(rng: &mut Rng, legal: &[String], history: &[Played], red: bool) -> String {
    let last_own = history.iter().rev().find(|(p, _)| p.is_ascii_uppercase() == red);
    if let Some((_, m)) = last_own.filter(|_| rng.below(2) == 0) {
        let back = format!("{}{}", &m[2..], &m[..2]);
        if legal.contains(&back) {
            return back;
        }
    }
    rng.pick(legal).clone()
}

#[test]
fn chase_rules_match_reference() {
    let mut rng = Rng::new(4);
    let mut forbidden = 0;
    for i in 0..400 {
        let mut rules = if i % 2 == 0 { random_rules(&mut rng) } else { Rules::default() };
        rules.chase_rules = true;
        rules.repetition_draw = false;
        rules.no_capture_limit = 0;
        // Few pieces, so that one animal often makes all its side's moves (17-5).
        let mut game = Game::from_position(random_position_with(&mut rng, rules, 20));
        let mut history: Vec<Played> = Vec::new();
        for _ in 0..150 {
            let fen = game.position().fen();
            let reference = RefPosition::from_fen(&fen, &rules);
            let candidates = reference.legal_moves();
            let traps = rules.game == GameKind::Jungle;
            let expected: Vec<String> = candidates
                .iter()
                .filter(|m| !chase_forbidden(&history, reference.piece_on(&m[..2]), m, traps))
                .cloned()
                .collect();
            forbidden += candidates.len() - expected.len();
            let engine = move_strings(&game.legal_moves());
            assert!(
                engine == expected,
                "chase moves differ\nFEN   {fen}\nrules {rules}\nhistory {:?}\nengine    {engine:?}\nreference {expected:?}",
                game.moves().iter().map(ToString::to_string).collect::<Vec<_>>()
            );
            if expected.is_empty() {
                break;
            }
            let m = shuffling_move(&mut rng, &expected, &history, game.position().turn() == Color::Red);
            history.push((reference.piece_on(&m[..2]), m.clone()));
            game.play_text(&m).expect("a legal move");
        }
    }
    // The games must exercise the rules, not only agree that nothing is forbidden.
    assert!(forbidden > 1000, "only {forbidden} moves forbidden by the chase rules");
}
