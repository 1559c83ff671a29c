//! Property tests of the rules engine's invariants: FEN round trips, the incremental hash,
//! play/undo, `is_legal` against the move list, and text input that never panics.

mod common;

use common::{random_position, random_rules, Rng};
use jungle::rules::{Game, Move, Position, Rules, Setup, Square, START_FEN};
use proptest::prelude::*;

/// Where a walk starts: the start position or a random position, under random rules;
/// `seed` picks the rules and the setup.
fn walk_position(seed: u64, from_start: bool) -> Position {
    let mut rng = Rng::new(seed);
    let rules = random_rules(&mut rng);
    if from_start {
        Position::new(rules)
    } else {
        random_position(&mut rng, rules)
    }
}

/// Plays `choices` from `pos` (stopping when no move is left) and calls `check` on every
/// position reached, the first included.
fn for_each_position(
    mut pos: Position,
    choices: &[u16],
    mut check: impl FnMut(&Position) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    check(&pos)?;
    for &c in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(legal[c as usize % legal.len()]);
        check(&pos)?;
    }
    Ok(())
}

/// A move counter (at least 1), often at or near the largest value.
fn counter() -> impl Strategy<Value = u32> {
    prop_oneof![1..=u32::MAX, (u32::MAX - 2)..=u32::MAX]
}

fn choices() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..120)
}

/// Valid FENs with a few characters replaced or inserted: near misses reach the deeper checks.
fn mangled_fen() -> impl Strategy<Value = String> {
    let fen_char = prop::sample::select("0123456789/ -wbrcdwpltePLTWDCRE".chars().collect::<Vec<_>>());
    let edits = prop::collection::vec(
        (any::<prop::sample::Index>(), prop_oneof![any::<char>(), fen_char], any::<bool>()),
        1..4,
    );
    (
        prop::sample::select(vec![
            START_FEN,
            "6t/1d5/r5e/7/7/7/E5R/5D1/T6 w",
            "7/3C3/ewcdWp1/6P/1R1Lr2/T5l/2Dt1E1/7/7 b 12 40",
        ]),
        edits,
    )
        .prop_map(|(fen, edits)| {
            let mut chars: Vec<char> = fen.chars().collect();
            for (at, c, insert) in edits {
                let i = at.index(chars.len());
                if insert {
                    chars.insert(i, c);
                } else {
                    chars[i] = c;
                }
            }
            chars.into_iter().collect()
        })
}

proptest! {
    #[test]
    fn fen_round_trip(seed in any::<u64>(), from_start in any::<bool>(), choices in choices()) {
        let pos = walk_position(seed, from_start);
        let rules = *pos.rules();
        for_each_position(pos, &choices, |pos| {
            let fen = pos.fen();
            let setup: Setup = fen.parse().map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
            prop_assert_eq!(&setup.to_string(), &fen);
            let parsed = Position::from_fen(&fen, rules).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
            prop_assert_eq!(&parsed, pos);
            Ok(())
        })?;
    }

    #[test]
    fn hash_and_undo_after_every_move(seed in any::<u64>(), from_start in any::<bool>(), choices in choices()) {
        let pos = walk_position(seed, from_start);
        for_each_position(pos, &choices, |pos| {
            prop_assert_eq!(pos.hash(), pos.compute_hash(), "{}", pos.fen());
            let mut after = pos.clone();
            for m in pos.legal_moves().iter() {
                let undo = after.play(*m);
                prop_assert_eq!(after.hash(), after.compute_hash(), "{} after {}", pos.fen(), m);
                after.undo(*m, undo);
                prop_assert_eq!(&after, pos, "undo {}", m);
            }
            Ok(())
        })?;
    }

    /// The counters come from text and may be huge: playing must not overflow them.
    #[test]
    fn any_counters_survive_play_and_undo(seed in any::<u64>(), halfmoves in counter(), fullmoves in counter()) {
        let pos = walk_position(seed, false);
        let mut setup = pos.to_setup();
        setup.halfmoves = halfmoves;
        setup.fullmoves = fullmoves;
        let start = Position::from_setup(&setup, *pos.rules()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let mut after = start.clone();
        for m in start.legal_moves().iter() {
            let undo = after.play(*m);
            prop_assert!(after.halfmoves() == 0 || after.halfmoves() >= halfmoves);
            after.undo(*m, undo);
            prop_assert_eq!(&after, &start);
        }
    }

    #[test]
    fn is_legal_iff_in_the_move_list(seed in any::<u64>(), from_start in any::<bool>(), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let pos = walk_position(seed, from_start);
        for_each_position(pos, &choices, |pos| {
            let legal = pos.legal_moves();
            for from in Square::all() {
                for to in Square::all() {
                    let m = Move::new(from, to);
                    prop_assert_eq!(pos.is_legal(m), legal.contains(&m), "{} in {}", m, pos.fen());
                }
            }
            Ok(())
        })?;
    }

    #[test]
    fn garbage_fen_never_panics(text in prop_oneof![".*", "[1-9/ wbrcdwpltePLTWDCRE0-]{0,50}", mangled_fen()]) {
        match text.parse::<Setup>() {
            Ok(setup) => prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        for rules in [Rules::default(), "game=animal-checkers,dog-swims=yes".parse().unwrap()] {
            match Position::from_fen(&text, rules) {
                Ok(pos) => prop_assert_eq!(Position::from_fen(&pos.fen(), rules), Ok(pos)),
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn garbage_rules_never_panic(text in prop_oneof![".*", "([a-z-]{0,12}=[a-z0-9-]{0,10},?){0,4}"]) {
        match text.parse::<Rules>() {
            Ok(rules) => prop_assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn garbage_moves_never_panic(seed in any::<u64>(), text in prop_oneof![".*", "[a-i0-9 ]{0,6}"]) {
        let pos = walk_position(seed, false);
        match pos.parse_move(&text) {
            Ok(m) => prop_assert!(pos.is_legal(m)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let mut game = Game::from_position(pos);
        if let Err(e) = game.play_text(&text) {
            prop_assert!(!e.to_string().is_empty());
        }
    }
}
