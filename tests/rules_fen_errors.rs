//! Every way a FEN can be wrong produces its own error, with a message that says what is wrong.

use jungle::rules::{FenError, Position, PositionError, Rules};

/// Malformed FENs, the rules they are read under, and words their error message must contain.
const CASES: &[(&str, &str, &str)] = &[
    ("", "", "empty"),
    ("   ", "", "empty"),
    ("7/7/7/7/7/7/7/7 w", "", "8 ranks"),
    ("7/7/7/7/7/7/7/7/7/7 w", "", "10 ranks"),
    ("7/7/6/7/7/7/7/7/7 w", "", "rank 7 describes 6"),
    ("7/7/7/7/7/7/7/7/3E4 w", "", "rank 1 describes 8"),
    ("7/7/7/7/7/7/7/7/3X3 w", "", "'X'"),
    ("7/7/7/7/7/7/7/7/3k3 w", "", "'k'"),
    ("7/7/7/7/7/7/7/7/8 w", "", "'8'"),
    ("l5t/7/7/7/7/7/7/7/T5L", "", "no side to move"),
    ("l5t/7/7/7/7/7/7/7/T5L r", "", "'r'"),
    ("l5t/7/7/7/7/7/7/7/T5L w x", "", "'x'"),
    ("l5t/7/7/7/7/7/7/7/T5L w 0 0", "", "'0'"),
    ("l5t/7/7/7/7/7/7/7/T5L w 0 1 9", "", "too many"),
    ("7/7/7/7/7/7/7/7/3E3 w", "", "red elephant on d1 stands on its own den"),
    ("3l3/7/7/7/7/7/7/7/T6 w", "", "blue lion on d9 stands on its own den"),
    ("7/7/7/7/1C5/7/7/7/e6 w", "", "red cat on b5 stands in water but cannot swim"),
    ("7/7/7/7/5d1/7/7/7/E6 w", "", "cannot swim"),
    ("e6/7/7/7/7/7/7/7/R5R w", "", "more than one rat"),
    ("3L3/7/7/7/7/7/7/7/3l3 w", "", "both dens"),
    ("6l/7/7/7/7/7/7/7/R6 w", "game=animal-checkers", "not in this game"),
];

/// Numbers every error kind; the match has no wildcard, so a new kind fails to compile here
/// until a case above produces it.
fn kind(err: &PositionError) -> usize {
    match err {
        PositionError::Fen(fen) => match fen {
            FenError::Empty => 0,
            FenError::RankCount(_) => 1,
            FenError::RankWidth { .. } => 2,
            FenError::UnknownLetter(_) => 3,
            FenError::MissingSideToMove => 4,
            FenError::BadSideToMove(_) => 5,
            FenError::BadHalfmoves(_) => 6,
            FenError::BadFullmoves(_) => 7,
            FenError::TooManyFields => 8,
        },
        PositionError::PieceOnOwnDen(..) => 9,
        PositionError::NotASwimmer(..) => 10,
        PositionError::DuplicateAnimal(_) => 11,
        PositionError::NotInGame(_) => 12,
        PositionError::BothDensEntered => 13,
        PositionError::NoAnimals(_) => 14,
    }
}
const KINDS: usize = 15;

/// Positions a game may reach but not start from (`check_start`), and words of their message.
const START_CASES: &[(&str, &str)] = &[
    ("7/7/7/7/7/7/7/7/2L4 b", "blue has no animal"),
    ("l6/7/7/7/7/7/7/7/7 w", "red has no animal"),
    ("7/7/7/7/7/7/7/7/7 w", "red has no animal"),
];

fn start_error(fen: &str, words: &str) -> PositionError {
    let pos = Position::from_fen(fen, Rules::default()).expect("a position the game may reach");
    let err = pos.check_start().expect_err(fen);
    let text = err.to_string();
    assert!(text.contains(words), "`{fen}`: message `{text}` does not mention `{words}`");
    err
}

fn error(fen: &str, rules: &str, words: &str) -> PositionError {
    let rules: Rules = rules.parse().expect("valid rules");
    let err = Position::from_fen(fen, rules).expect_err(fen);
    let text = err.to_string();
    assert!(text.contains(words), "`{fen}`: message `{text}` does not mention `{words}`");
    err
}

#[test]
fn every_error_kind_is_produced_with_a_clear_message() {
    let mut seen = [false; KINDS];
    for &(fen, rules, words) in CASES {
        seen[kind(&error(fen, rules, words))] = true;
    }
    for &(fen, words) in START_CASES {
        seen[kind(&start_error(fen, words))] = true;
    }
    assert_eq!(seen.iter().position(|s| !s), None, "an error kind no case produces");
}

#[test]
fn errors_carry_what_is_wrong() {
    let fen = |e: FenError| PositionError::Fen(e);
    assert_eq!(error("7/7/7/7/7/7/7/7 w", "", "ranks"), fen(FenError::RankCount(8)));
    assert_eq!(error("7/7/6/7/7/7/7/7/7 w", "", "rank"), fen(FenError::RankWidth { rank: 7, width: 6 }));
    assert_eq!(error("7/7/7/7/7/7/7/7/3X3 w", "", "X"), fen(FenError::UnknownLetter('X')));
    assert_eq!(error("7/7/7/7/7/7/7/7/7 r", "", "r"), fen(FenError::BadSideToMove("r".into())));
    assert_eq!(error("7/7/7/7/7/7/7/7/7 w -5", "", "-5"), fen(FenError::BadHalfmoves("-5".into())));
    assert_eq!(error("7/7/7/7/7/7/7/7/7 w 0 x", "", "x"), fen(FenError::BadFullmoves("x".into())));
}

/// A game starts only where both sides have an animal; a game that reached such a position
/// (the last enemy taken) still reads it back.
#[test]
fn a_game_starts_only_with_both_sides() {
    use jungle::rules::Color;
    assert_eq!(start_error("7/7/7/7/7/7/7/7/2L4 b", "blue"), PositionError::NoAnimals(Color::Blue));
    assert_eq!(start_error("7/7/7/7/7/7/7/7/7 w", "red"), PositionError::NoAnimals(Color::Red));
    let both = Position::from_fen("7/3R3/7/7/7/7/7/7/l6 w", Rules::default()).unwrap();
    assert_eq!(both.check_start(), Ok(()));
    assert_eq!(Position::new(Rules::default()).check_start(), Ok(()));
    let checkers = Position::new("game=animal-checkers".parse().unwrap());
    assert_eq!(checkers.check_start(), Ok(()));
}

/// Chess-style `-` placeholders are skipped and the counters are optional.
#[test]
fn accepted_variations() {
    let pos = Position::from_fen("e6/7/7/7/7/7/7/7/E6 b - - 7 12", Rules::default()).unwrap();
    assert_eq!(pos.fen(), "e6/7/7/7/7/7/7/7/E6 b 7 12");
    let pos = Position::from_fen("e6/7/7/7/7/7/7/7/E6 w", Rules::default()).unwrap();
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (0, 1));
}

/// A huge field is echoed cut to 40 characters: the message stays short.
#[test]
fn a_huge_fen_makes_a_short_message() {
    let huge = "x".repeat(99 * 1024);
    let board = "7/7/7/7/7/7/7/7/7";
    for fen in [format!("{board} {huge}"), format!("{board} w {huge}"), format!("{board} w 0 {huge}")] {
        let e = Position::from_fen(&fen, Rules::default()).unwrap_err();
        let message = e.to_string();
        assert!(message.len() < 120, "{} bytes: {message}", message.len());
        assert!(message.contains(&format!("{}…", "x".repeat(40))), "{message}");
    }
    // A huge board is counted, not copied.
    let e = Position::from_fen(&format!("{} w", "7/".repeat(50_000)), Rules::default()).unwrap_err();
    assert_eq!(e, PositionError::Fen(FenError::RankCount(50_001)));
    let e = Position::from_fen("7/7/7/7/7/7/7/7/3\u{1b}3 w", Rules::default()).unwrap_err();
    assert!(e.to_string().contains("'\\u{1b}'"), "{e}");
}

#[test]
fn errors_have_codes_and_parameters() {
    use jungle::error_code::ErrorCode;
    let described = |fen: &str, rules: &str| {
        let e = Position::from_fen(fen, rules.parse().unwrap()).unwrap_err();
        let params: Vec<String> = e.params().iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!("{} {}", e.code(), params.join(" "))
    };
    assert_eq!(
        described("7/7/7/7/1C5/7/7/7/e6 w", ""),
        "position.not-a-swimmer side=red animal=cat square=b5"
    );
    assert_eq!(described("7/7/6/7/7/7/7/7/7 w", ""), "fen.rank-width rank=7 width=6");
    assert_eq!(described("e6/7/7/7/7/7/7/7/R5R w", ""), "position.duplicate-animal side=red animal=rat");
    assert_eq!(described("7/7/7/7/7/7/7/7/7 r", ""), "fen.bad-side-to-move text=r");
    assert_eq!(
        described("6l/7/7/7/7/7/7/7/R6 w", "game=animal-checkers"),
        "position.not-in-game side=blue animal=lion"
    );
    let lone = start_error("7/7/7/7/7/7/7/7/2L4 b", "blue");
    let params: Vec<String> = lone.params().iter().map(|(n, v)| format!("{n}={v}")).collect();
    assert_eq!(format!("{} {}", lone.code(), params.join(" ")), "position.no-animals side=blue");
}
