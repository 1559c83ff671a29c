//! The plain-text game record: hand-written records, every error with its message, and
//! hostile header values.

use jungle::error_code::ErrorCode;
use jungle::record::{GameRecord, HeaderProblem, RecordError, MAX_HEADER_BYTES, MAX_MOVES, MAX_RECORD_BYTES};
use jungle::rules::{Color, Game, Move, MoveError, Outcome, PositionError, Reason, Rules, RulesError};

fn parse(text: &str) -> GameRecord {
    GameRecord::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str) -> RecordError {
    match GameRecord::parse(text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e,
    }
}

/// Checks that the message of `e` holds every one of `words`.
fn says(e: &RecordError, words: &[&str]) {
    let message = e.to_string();
    for word in words {
        assert!(message.contains(word), "`{message}` lacks `{word}`");
    }
}

const DEN_GAME: &str = "\u{feff}[Event \"Club \\\"final\\\"\"]\r\n[Date \"2026.11.21\"]\r\n[Red \"Alice\"]\r\n\
[Blue \"Jungle level 3\"]\r\n[FEN \"7/3L3/7/7/7/7/7/7/l6 b\"]\r\n[Result \"1-0\"]\r\n[Termination \"den\"]\r\n\r\n\
1... a1a2 {Blue waits;\r\n a comment over two lines} 2. d8d9 {den!}\r\n1-0\r\n";

#[test]
fn a_den_game_with_comments_crlf_and_blue_first() {
    let record = parse(DEN_GAME);
    let names: Vec<&str> = record.headers().iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Event", "Date", "Red", "Blue"]);
    assert_eq!(record.header("event"), Some("Club \"final\""));
    assert_eq!(record.game.moves().len(), 2);
    assert_eq!(record.game.outcome(), Some(Outcome { winner: Some(Color::Red), reason: Reason::Den }));
    assert_eq!(record.result(), "1-0");
    let text = record.format();
    assert_eq!(
        text,
        "[Event \"Club \\\"final\\\"\"]\n[Date \"2026.11.21\"]\n[Red \"Alice\"]\n[Blue \"Jungle level 3\"]\n\
         [FEN \"7/3L3/7/7/7/7/7/7/l6 b\"]\n[Result \"1-0\"]\n[Termination \"den\"]\n\n1... a1a2 2. d8d9 1-0\n"
    );
    assert_eq!(parse(&text), record);
}

#[test]
fn blue_first_by_the_rules() {
    let record = parse("[Rules \"first=blue\"]\n\n1... a7a6 2. g3g4 2... a6a5 *");
    assert_eq!(record.game.rules().first, Color::Blue);
    assert_eq!(record.game.moves().len(), 3);
    assert_eq!(record.format(), "[Rules \"first=blue\"]\n[Result \"*\"]\n\n1... a7a6 2. g3g4 a6a5 *\n");
}

#[test]
fn loose_layout() {
    for text in [
        "g3g4 a7a6",
        "1.g3g4 1...a7a6",
        "\n\n  1.  g3g4\t{x}a7a6  ",
        "[Rules \"\"]\n1. g3g4 a7a6 *",
        "1. g3g4\n\n1... a7a6 {}",
    ] {
        let record = parse(text);
        assert_eq!(record.game.moves().len(), 2, "{text}");
        assert_eq!(*record.game.rules(), Rules::default());
        assert!(record.headers().is_empty());
    }
    assert!(parse("").game.moves().is_empty());
    assert_eq!(parse("[Event \"x\"]").header("Event"), Some("x"));
}

#[test]
fn a_draw_by_repetition() {
    let shuffle = "a3a4 a7a6 a4a3 a6a7 ";
    let text = format!("[Result \"1/2-1/2\"]\n[Termination \"repetition\"]\n{}1/2-1/2", shuffle.repeat(2));
    let record = parse(&text);
    assert_eq!(record.game.outcome().map(|o| o.reason), Some(Reason::Repetition));
    assert_eq!(parse(&record.format()), record);
}

#[test]
fn too_large() {
    let e = error(&format!("*{}", " ".repeat(MAX_RECORD_BYTES)));
    assert_eq!(e, RecordError::TooLarge { bytes: MAX_RECORD_BYTES + 1 });
    says(&e, &["1048577 bytes", "limit"]);
}

#[test]
fn malformed_headers() {
    let cases: [(&str, HeaderProblem, &[&str]); 6] = [
        ("[Event \"x\"\n", HeaderProblem::MissingBracket, &["line 1", "]"]),
        ("[Event \"x\"]\n[Ev-ent \"y\"]", HeaderProblem::BadName, &["line 2", "header name"]),
        ("[Event x]", HeaderProblem::MissingValue, &["line 1", "double quotes"]),
        ("[Event \"a\\qb\"]", HeaderProblem::BadEscape, &["escape"]),
        ("[Event \"x\" \"y\"]", HeaderProblem::TrailingText, &["after the header value"]),
        (
            "[Event \"x\"]\n[EVENT \"y\"]",
            HeaderProblem::Duplicate("EVENT".into()),
            &["line 2", "EVENT", "twice"],
        ),
    ];
    for (text, want, words) in cases {
        let e = error(text);
        assert!(matches!(&e, RecordError::BadHeader { problem, .. } if *problem == want), "{text}: {e:?}");
        says(&e, words);
    }
    let long = format!("[Event \"{}\"]", "x".repeat(MAX_HEADER_BYTES + 1));
    says(&error(&long), &["line 1", "longer than 65536 bytes"]);
}

#[test]
fn unterminated_string_and_comment_and_misplaced_header() {
    let e = error("[Event \"x\"]\n[Site \"never closed]\n");
    assert_eq!(e, RecordError::UnterminatedString { line: 2 });
    says(&e, &["line 2", "unterminated string"]);
    let e = error("1. g3g4\n{ open\n\n a7a6");
    assert_eq!(e, RecordError::UnterminatedComment { line: 2 });
    says(&e, &["line 2", "unterminated comment"]);
    let e = error("1. g3g4\n[Event \"late\"]");
    assert_eq!(e, RecordError::MisplacedHeader { line: 2 });
    says(&e, &["line 2", "header after the moves"]);
}

#[test]
fn bad_rules_and_fen() {
    let e = error("[Rules \"dog-swims=maybe\"]");
    assert!(matches!(e, RecordError::Rules { line: 1, error: RulesError::BadValue { .. } }));
    says(&e, &["line 1", "Rules", "maybe", "dog-swims"]);
    let e = error("[Event \"\"]\n[FEN \"7/7/7/7/7/7/7/7/3E3 w\"]");
    assert!(matches!(e, RecordError::Position { line: 2, error: PositionError::PieceOnOwnDen(..) }));
    says(&e, &["line 2", "FEN", "own den"]);
    let e = error("[FEN \"7/7/7/7/7/7/7/7/7\"]");
    says(&e, &["line 1", "FEN", "side to move"]);
    // A FEN valid with the rules but not without: the rules are read first, whatever the order.
    let swimming_dog = "[FEN \"7/7/7/1D5/7/7/7/7/l6 w\"]\n[Rules \"dog-swims=yes\"]\nb6b7";
    assert_eq!(parse(swimming_dog).game.moves().len(), 1);
    // Counters at their limit are data, not a reason to fail.
    let record = parse(
        "[Rules \"no-capture-limit=0\"]\n[FEN \"7/3L3/7/7/7/7/7/7/l6 b 4294967295 4294967295\"]\n4294967295... a1a2",
    );
    assert_eq!(parse(&record.format()), record);
}

#[test]
fn bad_moves_say_where() {
    let e = error("[Event \"x\"]\n\n1. g3g4 a7a6\n2. g4g5 a6a4");
    assert_eq!(
        e,
        RecordError::Move {
            line: 4,
            number: "2...".into(),
            side: Color::Blue,
            text: "a6a4".into(),
            error: MoveError::Illegal(Move::new("a6".parse().unwrap(), "a4".parse().unwrap())),
        }
    );
    says(&e, &["line 4", "move 2...", "(blue)", "illegal move a6a4"]);
    says(&error("1. g3g4 hello"), &["line 1", "move 1...", "`hello`", "not a move"]);
    says(&error("1. a7a6"), &["move 1.", "(red)", "no piece of the side to move on a7"]);
    let long = error(&format!("1. {}", "z".repeat(100_000)));
    assert!(long.to_string().len() < 300, "{long}");
    says(&long, &["zzzz…", "not a move"]);
    let over = error("[FEN \"7/3L3/7/7/7/7/7/7/l6 w\"]\n1. d8d9 a1a2");
    assert!(matches!(over, RecordError::Move { error: MoveError::GameOver, .. }));
    says(&over, &["move 1...", "the game is over"]);
}

#[test]
fn too_many_moves() {
    let rules = "[Rules \"repetition=off,no-capture-limit=0\"]\n";
    let moves = "a3a4 a7a6 a4a3 a6a7 ".repeat(MAX_MOVES / 4);
    assert_eq!(parse(&format!("{rules}{moves}")).game.moves().len(), MAX_MOVES);
    let e = error(&format!("{rules}{moves}\na3a4"));
    assert_eq!(e, RecordError::TooManyMoves { line: 3 });
    says(&e, &["line 3", "too many moves", "10000"]);
}

#[test]
fn results_must_agree_with_the_moves() {
    let e = error("[Result \"2-0\"]");
    assert_eq!(e, RecordError::UnknownResult { line: 1, text: "2-0".into() });
    says(&e, &["line 1", "`2-0`", "1/2-1/2"]);
    let e = error("[Result \"1-0\"]\n1. g3g4");
    assert_eq!(e, RecordError::ResultMismatch { line: 1, written: "1-0".into(), actual: "*" });
    says(&e, &["line 1", "`1-0`", "contradicts", "`*`"]);
    let e = error("[Result \"*\"]\n1. g3g4\n0-1");
    says(&e, &["line 3", "`0-1`", "contradicts"]);
    let finished = "[FEN \"7/3L3/7/7/7/7/7/7/l6 w\"]\n";
    says(&error(&format!("{finished}1. d8d9 *")), &["line 2", "`*`", "`1-0`"]);
    let e = error(&format!("{finished}[Termination \"no-moves\"]\n1. d8d9"));
    assert_eq!(e, RecordError::TerminationMismatch { line: 2, written: "no-moves".into(), actual: "den" });
    says(&e, &["line 2", "`no-moves`", "`den`"]);
    let e = error("[Termination \"den\"]\n1. g3g4");
    assert_eq!(e, RecordError::TerminationNotOver { line: 1, written: "den".into() });
    says(&e, &["line 1", "not over"]);
    let e = error("1. g3g4 * a7a6");
    assert_eq!(e, RecordError::AfterResult { line: 1, text: "a7a6".into() });
    says(&e, &["line 1", "`a7a6`", "after the result"]);
    assert!(GameRecord::parse("1. g3g4 * {a comment after the result is fine}").is_ok());
}

#[test]
fn hostile_header_values_are_data() {
    let nasty = [
        "<script>alert('x')</script>",
        "\"]\n[Result \"1-0\"]\n",
        "back\\slash \\\" \\u{41}",
        "nul \0 bell \u{7} esc \u{1b} del \u{7f} nel \u{85} ls \u{2028}",
        "{not a comment} 1. a7a6 *",
        "斗兽棋 🐘 \u{202e}rtl",
        "",
    ];
    for value in nasty {
        let mut record = GameRecord::new(Game::new(Rules::default()));
        record.set_header("Annotator", value).unwrap();
        let text = record.format();
        assert_eq!(text.lines().count(), 4, "{text}");
        let back = parse(&text);
        assert_eq!(back.header("Annotator"), Some(value));
        assert_eq!(back, record);
    }
}

#[test]
fn header_setting_rules() {
    let mut record = GameRecord::new(Game::new(Rules::default()));
    for reserved in ["Rules", "fen", "RESULT", "Termination"] {
        assert_eq!(record.set_header(reserved, "x"), Err(HeaderProblem::Reserved(reserved.into())));
    }
    for bad in ["", "1abc", "has space", "ü", "a]", &"a".repeat(65)] {
        assert_eq!(record.set_header(bad, "x"), Err(HeaderProblem::BadName), "{bad}");
    }
    let huge = "x".repeat(10 << 20);
    let e = record.set_header("Huge", &huge).unwrap_err();
    assert_eq!(e, HeaderProblem::TooLong);
    assert!(e.to_string().contains("65536"));
    record.set_header("Event", "one").unwrap();
    record.set_header("Red", "Alice").unwrap();
    record.set_header("EVENT", "two").unwrap();
    assert_eq!(
        record.headers(),
        [("Event".to_string(), "two".to_string()), ("Red".to_string(), "Alice".to_string())]
    );
    // A 10 MB record is refused whole, without reading it.
    let e = error(&format!("[Event \"{huge}\"]"));
    assert!(matches!(e, RecordError::TooLarge { .. }));
}

/// Whatever part of a record is refused, the message repeats at most 40 characters of it.
#[test]
fn huge_parts_make_short_messages() {
    let huge = "x".repeat(60_000);
    let records = [
        format!("[Rules \"{huge}\"]"),
        format!("[Rules \"dog-swims={huge}\"]"),
        format!("[FEN \"7/7/7/7/7/7/7/7/7 {huge}\"]"),
        format!("[Result \"{huge}\"]"),
        format!("[Termination \"{huge}\"]\n1. g3g4"),
        format!("1. {huge}"),
        format!("1. g3g4 * {huge}"),
    ];
    for text in &records {
        let e = error(text);
        let message = e.to_string();
        assert!(message.len() < 400, "{} bytes: {message}", message.len());
        assert!(message.contains(&format!("{}…", "x".repeat(40))), "{message}");
        for (name, value) in e.params() {
            assert!(value.to_string().chars().count() <= 41, "{name} = {value}");
        }
    }
}

#[test]
fn errors_have_codes_and_parameters() {
    let described = |text: &str| {
        let e = error(text);
        let params: Vec<String> = e.params().iter().map(|(n, v)| format!("{n}={v}")).collect();
        format!("{} {}", e.code(), params.join(" "))
    };
    assert_eq!(
        described("1. g3g4 g4g5"),
        "record.move line=1 number=1... side=blue text=g4g5 cause=move.no-piece square=g4"
    );
    assert_eq!(
        described("[Event \"x\"]\n[EVENT \"y\"]"),
        "record.bad-header line=2 cause=record.duplicate name=EVENT"
    );
    assert_eq!(described("[Result \"1-0\"]\n1. g3g4"), "record.result-mismatch line=1 written=1-0 actual=*");
    assert_eq!(
        described("[Rules \"traps=all\"]"),
        "record.rules line=1 cause=rules.bad-value option=traps value=all"
    );
}

/// A resignation, a draw agreed, a loss on time, an abandoned online game, one whose player
/// left its tournament and an aborted one are written in `Result` and `Termination`, and read back as the same declared end.
#[test]
fn ends_off_the_board_are_written_and_read_back() {
    use jungle::record::Declared;
    let mut game = Game::new(Rules::default());
    game.play_text("g3g4").unwrap();
    for (declared, result) in [
        (Declared::Resignation(Color::Blue), "0-1"),
        (Declared::Agreement, "1/2-1/2"),
        (Declared::Time(Color::Red), "1-0"),
        (Declared::Abandoned(Color::Blue), "0-1"),
        (Declared::Withdrawn(Color::Red), "1-0"),
        (Declared::Aborted, "*"),
        (Declared::MoveLimit, "1/2-1/2"),
    ] {
        let mut record = GameRecord::new(game.clone());
        record.declare(declared);
        assert_eq!(record.result(), result);
        let text = record.format();
        assert!(
            text.contains(&format!("[Result \"{result}\"]\n[Termination \"{}\"]", declared.name())),
            "{text}"
        );
        assert!(text.ends_with(&format!("1. g3g4 {result}\n")), "{text}");
        let read = parse(&text);
        assert_eq!(read.declared(), Some(declared));
        assert_eq!(read, record);
    }
}

/// A tournament game's record as the club server writes it (`Round`, `Board`, `TimeControl` in
/// PGN's notations) reads back header for header, and is written again the same.
#[test]
fn a_club_server_s_tournament_record_reads_back() {
    let text = "[Event \"Club night\"]\n[Date \"2026.11.29\"]\n[Round \"2\"]\n[Board \"1\"]\n\
                [Game \"k3mxz7q2ab9c\"]\n[Red \"Ann\"]\n[Blue \"Ben\"]\n[TimeControl \"1/172800\"]\n\
                [Result \"0-1\"]\n[Termination \"resignation\"]\n\n1. g3g4 0-1\n";
    let record = parse(text);
    let headers = ["Round", "Board", "TimeControl"].map(|name| record.header(name));
    assert_eq!(headers, [Some("2"), Some("1"), Some("1/172800")]);
    assert_eq!(record.format(), text);
}

/// A game stopped at the online server's move limit, as long as a record may be, reads back.
#[test]
fn a_game_at_the_move_limit_reads_back() {
    use jungle::record::{Declared, MAX_MOVES};
    let mut game = Game::new("repetition=off,no-capture-limit=0".parse().unwrap());
    for mv in ["g1g2", "a9a8", "g2g1", "a8a9"].iter().cycle().take(MAX_MOVES) {
        game.play_text(mv).unwrap();
    }
    let mut record = GameRecord::new(game);
    record.declare(Declared::MoveLimit);
    let text = record.format();
    let read = parse(&text);
    assert_eq!(
        (read.game.moves().len(), read.result(), read.declared()),
        (MAX_MOVES, "1/2-1/2", Some(Declared::MoveLimit))
    );
    assert_eq!(read, record);
}

#[test]
fn a_declared_end_must_agree_with_the_result() {
    // A resignation needs a winner; a draw agreed is a draw.
    let e = error("[Result \"*\"]\n[Termination \"resignation\"]\n1. g3g4 *");
    assert_eq!(e, RecordError::TerminationNotOver { line: 2, written: "resignation".into() });
    let e = error("[Result \"1-0\"]\n[Termination \"agreement\"]\n1. g3g4");
    assert_eq!(e, RecordError::ResultMismatch { line: 1, written: "1-0".into(), actual: "1/2-1/2" });
    let e = error("[Result \"0-1\"]\n[Termination \"resignation\"]\n1. g3g4 1-0");
    assert_eq!(e, RecordError::ResultMismatch { line: 3, written: "1-0".into(), actual: "0-1" });
    // Without the headers a result needs a board that ended the game.
    let e = error("1. g3g4 1-0");
    assert_eq!(e, RecordError::ResultMismatch { line: 1, written: "1-0".into(), actual: "*" });
}

#[test]
fn the_board_s_end_wins_over_a_declared_one() {
    use jungle::record::Declared;
    let record = parse(DEN_GAME);
    let mut again = record.clone();
    again.declare(Declared::Agreement);
    assert_eq!(again.declared(), None);
    assert_eq!(again.result(), "1-0");
    // A record whose board ended the game cannot claim another end.
    let e =
        error("[FEN \"7/3L3/7/7/7/7/7/7/l6 w\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n1. d8d9");
    assert!(matches!(e, RecordError::ResultMismatch { .. } | RecordError::TerminationMismatch { .. }), "{e}");
}

/// A tournament director's result stands even over the board's end (a den won by Red, set to a
/// draw or to Red's forfeit), and reads back as declared.
#[test]
fn a_director_s_result_stands_over_the_board_s_end() {
    use jungle::record::Declared;
    let record = parse(DEN_GAME);
    for (declared, result) in [
        (Declared::Adjudicated(None), "1/2-1/2"),
        (Declared::Adjudicated(Some(Color::Blue)), "0-1"),
        (Declared::Forfeit(Color::Blue), "0-1"),
        (Declared::DoubleForfeit, "*"),
    ] {
        assert!(declared.by_director());
        let mut set = record.clone();
        set.declare(declared);
        assert_eq!((set.declared(), set.result()), (Some(declared), result));
        let text = set.format();
        assert!(
            text.contains(&format!("[Result \"{result}\"]\n[Termination \"{}\"]", declared.name())),
            "{text}"
        );
        assert!(text.ends_with(&format!("2. d8d9 {result}\n")), "{text}");
        assert_eq!(parse(&text), set);
        assert_eq!(Declared::from_parts(declared.name(), declared.winner()), Some(declared));
    }
    // A forfeit names its winner; a double forfeit has none.
    assert_eq!(Declared::from_parts("forfeit", None), None);
    assert_eq!(Declared::from_parts("double-forfeit", Some(Color::Red)), None);
}
