//! Every refusal the engine can give has a stable code `<kind>.<variant-in-kebab-case>` and
//! named parameters, exactly as its type's list of codes says (the list the page's words are
//! checked against). One sample of every variant of every error type is checked; the
//! `variant` functions match without a wildcard, so a new variant fails to compile here until
//! it has a sample.

use jungle::error_code::{Code, ErrorCode};
use jungle::record::{HeaderProblem, LinkError, RecordError, TreeError};
use jungle::rules::{Animal, Piece, Square};
use jungle::rules::{Color, FenError, Move, MoveError, PositionError, RulesError};
use std::collections::BTreeSet;
use std::fmt::Debug;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn cat() -> Piece {
    Piece::new(Color::Red, Animal::Cat)
}

fn fen_variant(e: &FenError) -> usize {
    match e {
        FenError::Empty => 0,
        FenError::RankCount(_) => 1,
        FenError::RankWidth { .. } => 2,
        FenError::UnknownLetter(_) => 3,
        FenError::MissingSideToMove => 4,
        FenError::BadSideToMove(_) => 5,
        FenError::BadHalfmoves(_) => 6,
        FenError::BadFullmoves(_) => 7,
        FenError::TooManyFields => 8,
    }
}

fn fen_samples() -> Vec<FenError> {
    vec![
        FenError::Empty,
        FenError::RankCount(8),
        FenError::RankWidth { rank: 7, width: 6 },
        FenError::UnknownLetter('X'),
        FenError::MissingSideToMove,
        FenError::BadSideToMove("r".into()),
        FenError::BadHalfmoves("-5".into()),
        FenError::BadFullmoves("0".into()),
        FenError::TooManyFields,
    ]
}

fn position_variant(e: &PositionError) -> usize {
    match e {
        PositionError::Fen(_) => 0,
        PositionError::PieceOnOwnDen(..) => 1,
        PositionError::NotASwimmer(..) => 2,
        PositionError::DuplicateAnimal(_) => 3,
        PositionError::NotInGame(_) => 4,
        PositionError::BothDensEntered => 5,
        PositionError::NoAnimals(_) => 6,
    }
}

fn position_samples() -> Vec<PositionError> {
    vec![
        PositionError::Fen(FenError::RankCount(3)),
        PositionError::PieceOnOwnDen(cat(), sq("d1")),
        PositionError::NotASwimmer(cat(), sq("b5")),
        PositionError::DuplicateAnimal(cat()),
        PositionError::NotInGame(cat()),
        PositionError::BothDensEntered,
        PositionError::NoAnimals(Color::Blue),
    ]
}

fn rules_variant(e: &RulesError) -> usize {
    match e {
        RulesError::UnknownOption(_) => 0,
        RulesError::BadValue { .. } => 1,
        RulesError::NotAPair(_) => 2,
    }
}

fn rules_samples() -> Vec<RulesError> {
    vec![
        RulesError::UnknownOption("cats-fly".into()),
        RulesError::BadValue { option: "dog-swims".into(), value: "maybe".into() },
        RulesError::NotAPair("dog-swims".into()),
    ]
}

fn move_variant(e: &MoveError) -> usize {
    match e {
        MoveError::Syntax(_) => 0,
        MoveError::NoPiece(_) => 1,
        MoveError::Illegal(_) => 2,
        MoveError::GameOver => 3,
    }
}

fn move_samples() -> Vec<MoveError> {
    vec![
        MoveError::Syntax("banana".into()),
        MoveError::NoPiece(sq("a7")),
        MoveError::Illegal(Move::new(sq("g3"), sq("g5"))),
        MoveError::GameOver,
    ]
}

fn header_variant(e: &HeaderProblem) -> usize {
    match e {
        HeaderProblem::MissingBracket => 0,
        HeaderProblem::BadName => 1,
        HeaderProblem::MissingValue => 2,
        HeaderProblem::BadEscape => 3,
        HeaderProblem::TrailingText => 4,
        HeaderProblem::Duplicate(_) => 5,
        HeaderProblem::Reserved(_) => 6,
        HeaderProblem::TooLong => 7,
    }
}

fn header_samples() -> Vec<HeaderProblem> {
    vec![
        HeaderProblem::MissingBracket,
        HeaderProblem::BadName,
        HeaderProblem::MissingValue,
        HeaderProblem::BadEscape,
        HeaderProblem::TrailingText,
        HeaderProblem::Duplicate("Event".into()),
        HeaderProblem::Reserved("Result".into()),
        HeaderProblem::TooLong,
    ]
}

fn record_variant(e: &RecordError) -> usize {
    match e {
        RecordError::TooLarge { .. } => 0,
        RecordError::BadHeader { .. } => 1,
        RecordError::UnterminatedString { .. } => 2,
        RecordError::UnterminatedComment { .. } => 3,
        RecordError::MisplacedHeader { .. } => 4,
        RecordError::Rules { .. } => 5,
        RecordError::Position { .. } => 6,
        RecordError::Move { .. } => 7,
        RecordError::TooManyMoves { .. } => 8,
        RecordError::UnknownResult { .. } => 9,
        RecordError::ResultMismatch { .. } => 10,
        RecordError::TerminationMismatch { .. } => 11,
        RecordError::TerminationNotOver { .. } => 12,
        RecordError::AfterResult { .. } => 13,
        RecordError::VariationWithoutMove { .. } => 14,
        RecordError::UnopenedVariation { .. } => 15,
        RecordError::UnclosedVariation { .. } => 16,
    }
}

fn record_samples() -> Vec<RecordError> {
    let line = 3;
    vec![
        RecordError::TooLarge { bytes: 2_000_000 },
        RecordError::BadHeader { line, problem: HeaderProblem::Duplicate("Event".into()) },
        RecordError::UnterminatedString { line },
        RecordError::UnterminatedComment { line },
        RecordError::MisplacedHeader { line },
        RecordError::Rules { line, error: RulesError::UnknownOption("x".into()) },
        RecordError::Position { line, error: PositionError::NotASwimmer(cat(), sq("b5")) },
        RecordError::Move {
            line,
            number: "2...".into(),
            side: Color::Blue,
            text: "zz".into(),
            error: MoveError::Syntax("zz".into()),
        },
        RecordError::TooManyMoves { line },
        RecordError::UnknownResult { line, text: "2-0".into() },
        RecordError::ResultMismatch { line, written: "1-0".into(), actual: "*" },
        RecordError::TerminationMismatch { line, written: "no-moves".into(), actual: "den" },
        RecordError::TerminationNotOver { line, written: "den".into() },
        RecordError::AfterResult { line, text: "a7a6".into() },
        RecordError::VariationWithoutMove { line },
        RecordError::UnopenedVariation { line },
        RecordError::UnclosedVariation { line },
    ]
}

fn tree_variant(e: &TreeError) -> usize {
    match e {
        TreeError::Move(_) => 0,
        TreeError::Full => 1,
    }
}

fn tree_samples() -> Vec<TreeError> {
    vec![TreeError::Move(MoveError::GameOver), TreeError::Full]
}

fn link_variant(e: &LinkError) -> usize {
    match e {
        LinkError::TooLong { .. } => 0,
        LinkError::TooManyParams => 1,
        LinkError::BadEncoding { .. } => 2,
        LinkError::Unknown { .. } => 3,
        LinkError::Repeated { .. } => 4,
        LinkError::BadValue { .. } => 5,
        LinkError::Rules(_) => 6,
        LinkError::Fen(_) => 7,
        LinkError::Move { .. } => 8,
        LinkError::TooManyMoves => 9,
    }
}

fn link_samples() -> Vec<LinkError> {
    vec![
        LinkError::TooLong { bytes: 200_000 },
        LinkError::TooManyParams,
        LinkError::BadEncoding { param: "mode".into() },
        LinkError::Unknown { param: "utm_source".into() },
        LinkError::Repeated { param: "level" },
        LinkError::BadValue { param: "level", value: "12".into(), expected: "a level from 1 to 8" },
        LinkError::Rules(RulesError::BadValue { option: "traps".into(), value: "all".into() }),
        LinkError::Fen(PositionError::Fen(FenError::Empty)),
        LinkError::Move {
            index: 2,
            text: "g4g6".into(),
            error: MoveError::Illegal(Move::new(sq("g4"), sq("g6"))),
        },
        LinkError::TooManyMoves,
    ]
}

/// `BadValue { .. }` → `bad-value`: the variant's name in kebab case.
fn kebab_variant<E: Debug>(error: &E) -> String {
    let debug = format!("{error:?}");
    let name: String = debug.chars().take_while(|c| c.is_alphanumeric()).collect();
    let mut out = String::new();
    for c in name.chars() {
        if c.is_uppercase() && !out.is_empty() {
            out.push('-');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// Checks the samples of one type: each has a listed code named after its variant (unless it
/// passes another error through), the listed parameters (a wrapper: then the cause's), and
/// every listed code is given by some sample. Returns the type's codes.
fn check<E: ErrorCode + Debug>(
    kind: &str,
    samples: &[E],
    variant: fn(&E) -> usize,
    passes_through: fn(&E) -> bool,
) -> Vec<&'static str> {
    let variants: BTreeSet<usize> = samples.iter().map(variant).collect();
    assert_eq!(variants.len(), samples.len(), "{kind}: one sample per variant");
    assert_eq!(variants.last().copied(), Some(samples.len() - 1), "{kind}: every variant has a sample");
    let mut given = BTreeSet::new();
    for sample in samples {
        let names: Vec<&str> = sample.params().iter().map(|(name, _)| *name).collect();
        if passes_through(sample) {
            continue;
        }
        let code = sample.code();
        assert_eq!(code, format!("{kind}.{}", kebab_variant(sample)), "{sample:?}");
        let listed: &Code =
            E::CODES.iter().find(|c| c.code == code).unwrap_or_else(|| panic!("{code} is not listed"));
        assert!(names.starts_with(listed.params), "{code}: {names:?} vs {:?}", listed.params);
        let wrapper = listed.params.last() == Some(&"cause");
        assert!(wrapper || names.len() == listed.params.len(), "{code}: {names:?}");
        let distinct: BTreeSet<&&str> = names.iter().collect();
        assert_eq!(distinct.len(), names.len(), "{code}: a parameter twice");
        assert!(!sample.to_string().is_empty());
        given.insert(code);
    }
    let listed: Vec<&'static str> = E::CODES.iter().map(|c| c.code).collect();
    assert_eq!(given, listed.iter().copied().collect(), "{kind}: listed codes vs given codes");
    listed
}

#[test]
fn every_refusal_has_its_listed_code_and_parameters() {
    let mut all = Vec::new();
    all.extend(check("fen", &fen_samples(), fen_variant, |_| false));
    all.extend(check("position", &position_samples(), position_variant, |e| {
        matches!(e, PositionError::Fen(_))
    }));
    all.extend(check("rules", &rules_samples(), rules_variant, |_| false));
    all.extend(check("move", &move_samples(), move_variant, |_| false));
    all.extend(check("record", &header_samples(), header_variant, |_| false));
    all.extend(check("record", &record_samples(), record_variant, |_| false));
    all.extend(check("link", &link_samples(), link_variant, |_| false));
    all.extend(check("tree", &tree_samples(), tree_variant, |e| matches!(e, TreeError::Move(_))));
    let distinct: BTreeSet<&&str> = all.iter().collect();
    assert_eq!(distinct.len(), all.len(), "a code used by two errors");
    assert_eq!(all.len(), 9 + 6 + 3 + 4 + 8 + 17 + 10 + 1);
}

#[test]
fn a_wrapper_carries_its_cause() {
    let e = RecordError::Position { line: 4, error: PositionError::NotASwimmer(cat(), sq("b5")) };
    let params: Vec<String> = e.params().iter().map(|(n, v)| format!("{n}={v}")).collect();
    assert_eq!(params, ["line=4", "cause=position.not-a-swimmer", "side=red", "animal=cat", "square=b5"]);
    // A FEN error inside a position error is the FEN's own.
    let e = PositionError::Fen(FenError::RankWidth { rank: 7, width: 6 });
    assert_eq!(e.code(), "fen.rank-width");
    assert_eq!(e.params().len(), 2);
    // The cause's parameter of the same name gives way to the wrapper's.
    let e = link_samples().remove(8);
    let names: Vec<&str> = e.params().iter().map(|(n, _)| *n).collect();
    assert_eq!(names, ["index", "text", "cause", "move"]);
}
