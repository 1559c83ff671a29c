//! Every way a FEN can be wrong produces its own error, with a message that says what is wrong.

use jungle::rules::{FenError, Position, PositionError, Rules};

/// The error of `fen` under the default rules, with its message checked for `words`.
fn error(fen: &str, words: &str) -> PositionError {
    let err = Position::from_fen(fen, Rules::default()).unwrap_err();
    let text = err.to_string();
    assert!(text.contains(words), "`{fen}`: message `{text}` does not mention `{words}`");
    err
}

#[test]
fn malformed_text() {
    assert_eq!(error("", "empty"), PositionError::Fen(FenError::Empty));
    assert_eq!(error("   ", "empty"), PositionError::Fen(FenError::Empty));
    assert_eq!(error("7/7/7/7/7/7/7/7 w", "8 ranks"), PositionError::Fen(FenError::RankCount(8)));
    assert_eq!(error("7/7/7/7/7/7/7/7/7/7 w", "10 ranks"), PositionError::Fen(FenError::RankCount(10)));
    assert_eq!(
        error("7/7/6/7/7/7/7/7/7 w", "rank 7 describes 6"),
        PositionError::Fen(FenError::RankWidth { rank: 7, width: 6 })
    );
    assert_eq!(
        error("7/7/7/7/7/7/7/7/3E4 w", "rank 1 describes 8"),
        PositionError::Fen(FenError::RankWidth { rank: 1, width: 8 })
    );
    assert_eq!(error("7/7/7/7/7/7/7/7/3X3 w", "'X'"), PositionError::Fen(FenError::UnknownLetter('X')));
    assert_eq!(error("7/7/7/7/7/7/7/7/3k3 w", "'k'"), PositionError::Fen(FenError::UnknownLetter('k')));
    assert_eq!(error("7/7/7/7/7/7/7/7/8 w", "'8'"), PositionError::Fen(FenError::UnknownLetter('8')));
    assert_eq!(error("l5t/7/7/7/7/7/7/7/T5L", "no side to move"), PositionError::Fen(FenError::MissingSideToMove));
    assert_eq!(error("l5t/7/7/7/7/7/7/7/T5L r", "'r'"), PositionError::Fen(FenError::BadSideToMove("r".into())));
    assert_eq!(error("l5t/7/7/7/7/7/7/7/T5L w x", "'x'"), PositionError::Fen(FenError::BadHalfmoves("x".into())));
    assert_eq!(error("l5t/7/7/7/7/7/7/7/T5L w 0 0", "'0'"), PositionError::Fen(FenError::BadFullmoves("0".into())));
    assert_eq!(error("l5t/7/7/7/7/7/7/7/T5L w 0 1 9", "too many"), PositionError::Fen(FenError::TooManyFields));
}

#[test]
fn impossible_positions() {
    assert!(matches!(error("7/7/7/7/7/7/7/7/3E3 w", "own den"), PositionError::PieceOnOwnDen(..)));
    assert!(matches!(error("3l3/7/7/7/7/7/7/7/T6 w", "own den"), PositionError::PieceOnOwnDen(..)));
    assert!(matches!(error("7/7/7/7/1C5/7/7/7/e6 w", "cannot swim"), PositionError::NotASwimmer(..)));
    assert!(matches!(error("7/7/7/7/5d1/7/7/7/E6 w", "cannot swim"), PositionError::NotASwimmer(..)));
    assert!(matches!(error("e6/7/7/7/7/7/7/7/R5R w", "more than one rat"), PositionError::DuplicateAnimal(..)));
    assert!(matches!(error("3L3/7/7/7/7/7/7/7/3l3 w", "both dens"), PositionError::BothDensEntered));
    let checkers = "game=animal-checkers".parse().unwrap();
    let err = Position::from_fen("6l/7/7/7/7/7/7/7/R6 w", checkers).unwrap_err();
    assert!(matches!(err, PositionError::NotInGame(..)) && err.to_string().contains("not in this game"), "{err}");
}

/// Chess-style `-` placeholders are skipped and the counters are optional.
#[test]
fn accepted_variations() {
    let pos = Position::from_fen("e6/7/7/7/7/7/7/7/E6 b - - 7 12", Rules::default()).unwrap();
    assert_eq!(pos.fen(), "e6/7/7/7/7/7/7/7/E6 b 7 12");
    let pos = Position::from_fen("e6/7/7/7/7/7/7/7/E6 w", Rules::default()).unwrap();
    assert_eq!((pos.halfmoves(), pos.fullmoves()), (0, 1));
}
