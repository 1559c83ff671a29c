//! Hints: the reasons given for a move, worked out by hand on small positions, and hints that
//! win when followed against the beginner levels.

use jungle::ai::selfplay::{play_game, HintPlayer, LevelPlayer};
use jungle::ai::{explain_hint, Engine, HintReason, Level, Limits, Score};
use jungle::rules::{Animal, Color, Game, Move, Position, Rules, Square};

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Rules::default()).unwrap()
}

/// The reason for the line `moves` (the advised move first) in `fen`, scored `score`.
fn why(fen: &str, moves: &[&str], score: Score) -> Option<HintReason> {
    let pos = position(fen);
    let mut replay = pos.clone();
    let line: Vec<Move> = moves
        .iter()
        .map(|text| {
            let m = replay.parse_move(text).unwrap();
            replay.play(m);
            m
        })
        .collect();
    explain_hint(&pos, &line, score)
}

const EVEN: Score = Score::DRAW;

#[test]
fn entering_the_den_wins_at_once() {
    // Red's rat on d8 steps into Blue's den on d9.
    assert_eq!(why("7/3R3/7/7/7/7/7/7/l6 w", &["d8d9"], Score::win_in(1)), Some(HintReason::EntersDen));
}

#[test]
fn a_forced_win_counts_the_moves_and_says_how_it_ends() {
    // The rat walks d6-d7-d8-d9 while the lion, far away on a1, cannot stop it: three moves.
    let line = ["d6d7", "a1a2", "d7d8", "a2a3", "d8d9"];
    let reason = why("7/7/7/3R3/7/7/7/7/l6 w", &line, Score::win_in(5));
    assert_eq!(reason, Some(HintReason::Wins { moves: 3, den: true }));
    // The elephant takes the last blue animal: a win, not by the den.
    let last = why("7/7/7/3w3/3E3/7/7/7/7 w", &["d5d6"], Score::win_in(1));
    assert_eq!(last, Some(HintReason::Wins { moves: 1, den: false }));
}

#[test]
fn a_capture_names_the_animal_taken() {
    // The elephant on d5 takes the wolf on d6; the lion on a9 is Blue's other animal.
    let reason = why("l6/7/7/3w3/3E3/7/7/7/7 w", &["d5d6"], Score::from_cp(400));
    assert_eq!(reason, Some(HintReason::Takes(Animal::Wolf)));
}

#[test]
fn a_rat_in_the_river_blocks_a_leap_that_would_take() {
    // Blue's lion on b7 could leap the river down to b3 and take the wolf there; the rat on a5
    // swims to b5, in its way.
    let fen = "7/7/1l5/7/R6/7/1W5/7/7 w";
    assert_eq!(why(fen, &["a5b5"], EVEN), Some(HintReason::BlocksJump(Animal::Lion)));
    // Swimming to b5 with nothing to block is no block: only heading for the den.
    assert_eq!(why("7/7/7/7/R6/7/1W5/7/6l w", &["a5b5"], EVEN), Some(HintReason::HeadsForDen));
}

#[test]
fn moving_a_threatened_animal_away_saves_it() {
    // Blue's rat on d6 may take the elephant on d5 (the river on either side); on d4 it is out of reach.
    let reason = why("l6/7/7/3r3/3E3/7/7/7/7 w", &["d5d4"], EVEN);
    assert_eq!(reason, Some(HintReason::Saves { animal: Animal::Elephant, by: Animal::Rat }));
    // The wolf on d5 flees Blue's lion on d6, but Blue's tiger on d3 reaches d4: nothing is saved.
    let still = why("7/7/7/3l3/3W3/7/3t3/7/7 w", &["d5d4"], EVEN);
    assert_eq!(still, Some(HintReason::Best));
}

#[test]
fn a_threat_names_the_strongest_animal_within_reach() {
    // The lion steps from a2 to a3, beside the tiger on a4 and the wolf on b3: it threatens the tiger.
    let reason = why("7/7/7/7/7/t6/1w5/L6/7 w", &["a2a3"], Score::from_cp(100));
    assert_eq!(reason, Some(HintReason::Threatens(Animal::Tiger)));
}

#[test]
fn a_capture_later_in_the_line_is_prepared() {
    // The dog steps up to a3; the cat comes down to a4 and the dog takes it.
    let reason = why("7/7/7/7/c6/7/7/D6/6l w", &["a2a3", "a5a4", "a3a4"], Score::from_cp(200));
    assert_eq!(reason, Some(HintReason::Prepares(Animal::Cat)));
}

#[test]
fn a_quiet_move_heads_for_the_den_or_is_simply_the_best() {
    assert_eq!(why("7/7/7/7/7/7/7/7/R5l w", &["a1a2"], EVEN), Some(HintReason::HeadsForDen));
    assert_eq!(why("7/7/7/7/7/7/7/R6/6l w", &["a2a1"], EVEN), Some(HintReason::Best));
}

#[test]
fn no_reason_for_an_empty_line_or_a_move_that_is_not_legal() {
    let pos = position("7/7/7/7/7/7/7/R6/6l w");
    assert_eq!(explain_hint(&pos, &[], EVEN), None);
    let square = |file, rank| Square::from_coords(file, rank).unwrap();
    let blue_lion = Move::new(square(6, 0), square(6, 1));
    assert_eq!(explain_hint(&pos, &[blue_lion], EVEN), None);
    // A line whose later moves are not legal still explains its first move.
    let rat = pos.parse_move("a2a3").unwrap();
    assert_eq!(
        explain_hint(&pos, &[rat, blue_lion, blue_lion], Score::win_in(3)),
        Some(HintReason::Wins { moves: 2, den: false })
    );
}

#[test]
fn the_hint_reports_the_line_its_reason_is_drawn_from() {
    // Red's rat on d6 reaches the den in three moves; the lion on a1 is too far to stop it.
    // (The search's line leaves out the last move, found in its table: the den is still seen.)
    let game = Game::from_position(position("7/7/7/3R3/7/7/7/7/l6 w"));
    let result = Engine::new(1).hint(&game, &mut |_| false, &mut |_| {});
    assert_eq!(result.score.mate_in(), Some(3));
    let reason = explain_hint(game.position(), &result.pv, result.score);
    assert_eq!(reason, Some(HintReason::Wins { moves: 3, den: true }));
}

/// The most plies a game following hints may take against levels 1 and 2: from varied
/// openings the longest of 40 games took 71, the average 41 against level 1 and 44 against
/// level 2 (`scripts/hint-vs-levels 20 1`).
const MOST_PLIES: usize = 100;

#[test]
fn following_every_hint_beats_the_beginner_levels() {
    for (level, hint_color) in [(1, Color::Red), (1, Color::Blue), (2, Color::Red), (2, Color::Blue)] {
        let mut hint = HintPlayer::new();
        let mut beginner = LevelPlayer::new(Level::new(level).unwrap(), 7, Limits::default());
        let start = Game::new(Rules::default());
        let (outcome, game) = match hint_color {
            Color::Red => play_game(&start, &mut hint, &mut beginner, MOST_PLIES),
            Color::Blue => play_game(&start, &mut beginner, &mut hint, MOST_PLIES),
        };
        let plies = game.history().len();
        assert_eq!(
            outcome.winner,
            Some(hint_color),
            "level {level}, hints for {hint_color}: {outcome} after {plies} plies"
        );
    }
}
