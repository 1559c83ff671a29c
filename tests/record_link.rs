//! Share-link parameters: reading, every warning with its message, hostile values, and
//! writing the link of a game. (The page's own settings in a link — language, theme, size,
//! embedding — are read by the wasm bindings: tests/wasm_api.rs.)

use jungle::ai::Level;
use jungle::error_code::ErrorCode;
use jungle::record::{share_query, LinkError, LinkParams, Mode, LEVELS, MAX_LINK_BYTES, MAX_MOVES};
use jungle::rules::{Color, Game, Move, MoveError, Position, PositionError, Rules, RulesError};

fn mv(text: &str) -> Move {
    Move::new(text[..2].parse().unwrap(), text[2..].parse().unwrap())
}

/// The single warning of a link, checked to name `words`.
fn warning(query: &str, words: &[&str]) -> LinkError {
    let link = LinkParams::parse(query);
    assert_eq!(link.warnings.len(), 1, "{query}: {:?}", link.warnings);
    let message = link.warnings[0].to_string();
    for word in words {
        assert!(message.contains(word), "`{message}` lacks `{word}`");
    }
    link.warnings[0].clone()
}

const FEN: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w";

#[test]
fn every_parameter() {
    let query = format!(
        "?fen={FEN}&moves=a3a4,a7a6&rules=dog-swims=yes,traps=universal&mode=computer&level=3&side=red"
    );
    let link = LinkParams::parse(&query);
    assert_eq!(link.warnings, []);
    assert_eq!(link.rules, "dog-swims=yes,traps=universal".parse::<Rules>().unwrap());
    assert_eq!(link.fen.as_deref(), Some(FEN));
    assert_eq!(link.moves, [mv("a3a4"), mv("a7a6")]);
    assert_eq!((link.mode, link.level, link.side), (Some(Mode::Computer), Some(3), Some(Color::Red)));
    assert_eq!(link.others, []);
    let game = link.game().unwrap();
    assert_eq!(game.moves(), link.moves);
    assert!(game.rules().dog_swims);
    // The same percent-encoded, in another order, behind a `#`, with `+` for the space.
    let encoded = "#side=Red&level=3&mode=COMPUTER&moves=a3a4+a7a6\
                   &rules=dog-swims%3Dyes%2Ctraps%3Duniversal&fen=l5t%2F1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L+w";
    assert_eq!(LinkParams::parse(encoded), link);
    assert_eq!(LinkParams::parse(&link.to_query()), link);
}

#[test]
fn modes_have_one_vocabulary_and_old_links_still_work() {
    for (written, mode) in [
        ("computer", Mode::Computer),
        ("people", Mode::People),
        ("watch", Mode::Watch),
        ("ai", Mode::Computer),
        ("local", Mode::People),
        ("AI", Mode::Computer),
    ] {
        let link = LinkParams::parse(&format!("mode={written}"));
        assert_eq!((link.mode, link.warnings.len()), (Some(mode), 0), "{written}");
        // Written back in today's words only.
        assert_eq!(link.to_query(), format!("mode={}", mode.name()));
    }
    let names: Vec<&str> = Mode::ALL.iter().map(|m| m.name()).collect();
    assert_eq!(names, ["computer", "people", "watch"]);
}

#[test]
fn the_page_settings_are_left_to_the_page() {
    let link = LinkParams::parse("lang=fr&Theme=dark&embed&size=480px&utm_source=x&moves=g3g4");
    assert_eq!(link.moves, [mv("g3g4")]);
    let others: Vec<(&str, &str)> = link.others.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    assert_eq!(
        others,
        [("lang", "fr"), ("theme", "dark"), ("embed", ""), ("size", "480px"), ("utm_source", "x")]
    );
    assert!(link.warnings.iter().all(|w| matches!(w, LinkError::Unknown { .. })));
    assert_eq!(link.to_query(), "moves=g3g4");
}

#[test]
fn levels_are_the_ais_levels() {
    assert_eq!((*LEVELS.start(), *LEVELS.end()), (Level::MIN.number(), Level::MAX.number()));
    for n in 0..=10u8 {
        let link = LinkParams::parse(&format!("level={n}"));
        assert_eq!(link.level.is_some(), Level::new(n).is_some(), "{n}");
    }
}

#[test]
fn nothing_given() {
    for query in ["", "?", "#", "#?", "&&", "?level=&mode="] {
        let link = LinkParams::parse(query);
        assert_eq!(link, LinkParams::default(), "{query}");
        assert_eq!(link.game().unwrap().position(), &Position::new(Rules::default()));
    }
    assert_eq!(LinkParams::default().to_query(), "");
}

#[test]
fn bad_settings_are_ignored_and_the_rest_applies() {
    let cases: [(&str, &str, &[&str]); 5] = [
        ("mode=robot%27s", "mode", &["`robot's`", "computer, people or watch"]),
        ("level=0", "level", &["`0`", "1 to 8"]),
        ("level=9", "level", &["`9`"]),
        ("level=-3", "level", &["`-3`"]),
        ("side=green", "side", &["red or blue"]),
    ];
    for (query, param, words) in cases {
        let e = warning(&format!("{query}&moves=g3g4"), words);
        assert!(matches!(e, LinkError::BadValue { param: p, .. } if p == param), "{e:?}");
        assert!(e.to_string().starts_with(&format!("parameter `{param}`")));
        assert_eq!(LinkParams::parse(&format!("{query}&moves=g3g4")).moves, [mv("g3g4")]);
    }
    assert_eq!(LinkParams::parse("level=99999999999").level, None);
}

#[test]
fn unknown_repeated_and_badly_encoded() {
    assert_eq!(
        warning("utm_source=news&level=2", &["unknown parameter `utm_source`"]),
        LinkError::Unknown { param: "utm_source".into() }
    );
    let link = LinkParams::parse("level=2&level=5&LEVEL=6");
    assert_eq!(link.level, Some(2));
    assert_eq!(
        link.warnings,
        [LinkError::Repeated { param: "level" }, LinkError::Repeated { param: "level" }]
    );
    assert!(link.warnings[0].to_string().contains("more than once"));
    let e = warning("mode=%zz&level=4", &["parameter `mode`", "percent-encoding"]);
    assert_eq!(e, LinkError::BadEncoding { param: "mode".into() });
    warning("m%ode=computer", &["`m%ode`", "percent-encoding"]);
    warning("side=%ff", &["`side`", "UTF-8"]);
    let many = "x=1&".repeat(100);
    let link = LinkParams::parse(&format!("{many}level=3"));
    assert_eq!(link.warnings.len(), 65);
    assert_eq!(link.warnings[64], LinkError::TooManyParams);
    assert!(link.warnings[64].to_string().contains("more than 64 parameters"));
}

#[test]
fn bad_rules_fen_and_moves() {
    let e = warning("rules=dog-swims=yes,cats-fly=yes", &["parameter `rules`", "cats-fly", "default rules"]);
    assert!(matches!(e, LinkError::Rules(RulesError::UnknownOption(_))));
    assert_eq!(LinkParams::parse("rules=dog-swims=yes,cats-fly=yes").rules, Rules::default());
    let e = warning("fen=7/7/7/7/7/7/7/7/3E3+w", &["parameter `fen`", "own den", "start position"]);
    assert!(matches!(e, LinkError::Fen(PositionError::PieceOnOwnDen(..))));
    // The FEN needs the rules, whatever the order of the parameters.
    let wet = LinkParams::parse("fen=7/7/7/1D5/7/7/7/7/l6+w&rules=dog-swims=yes&moves=b6b7");
    assert_eq!((wet.warnings.len(), wet.moves.len()), (0, 1));
    let dry = LinkParams::parse("fen=7/7/7/1D5/7/7/7/7/l6+w&moves=g3g4");
    assert!(matches!(dry.warnings[..], [LinkError::Fen(PositionError::NotASwimmer(..))]));
    assert_eq!((dry.fen, dry.moves), (None, vec![mv("g3g4")]));
    let top = LinkParams::parse(
        "rules=no-capture-limit=0&fen=7/3L3/7/7/7/7/7/7/l6+b+4294967295+4294967295&moves=a1a2",
    );
    assert_eq!((top.warnings.len(), top.moves.len()), (0, 1));
}

#[test]
fn moves_are_played_up_to_the_first_bad_one() {
    let link = LinkParams::parse("moves=g3g4,a7a6,g4g6,a6a5");
    assert_eq!(link.moves, [mv("g3g4"), mv("a7a6")]);
    assert_eq!(
        link.warnings,
        [LinkError::Move { index: 3, text: "g4g6".into(), error: MoveError::Illegal(mv("g4g6")) }]
    );
    let message = link.warnings[0].to_string();
    for word in ["parameter `moves`", "move 3", "`g4g6`", "illegal move g4g6", "not played"] {
        assert!(message.contains(word), "{message}");
    }
    warning("moves=g3g4,,banana", &["move 2", "`banana`", "not a move"]);
    warning("moves=a7a6", &["move 1", "no piece of the side to move on a7"]);
    let over = LinkParams::parse("fen=7/3L3/7/7/7/7/7/7/l6+w&moves=d8d9,a1a2");
    assert_eq!(over.moves, [mv("d8d9")]);
    assert!(matches!(over.warnings[..], [LinkError::Move { index: 2, error: MoveError::GameOver, .. }]));
    let shuffle = "a3a4,a7a6,a4a3,a6a7,".repeat(MAX_MOVES / 4 + 1);
    let long = LinkParams::parse(&format!("rules=repetition=off,no-capture-limit=0&moves={shuffle}"));
    assert_eq!(long.moves.len(), MAX_MOVES);
    assert_eq!(long.warnings, [LinkError::TooManyMoves]);
}

#[test]
fn a_game_changed_by_hand_is_checked_again() {
    let mut link = LinkParams::parse("moves=g3g4");
    link.moves.push(mv("g4g5"));
    assert!(matches!(link.game(), Err(LinkError::Move { index: 2, error: MoveError::Illegal(_), .. })));
    link.moves.clear();
    link.fen = Some("<script>".into());
    assert!(matches!(link.game(), Err(LinkError::Fen(_))));
}

#[test]
fn hostile_values_are_reported_as_escaped_data() {
    let e = warning("mode=watch%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", &["parameter `mode`", "<script>"]);
    assert!(e.to_string().contains("watch\\\"><script>"), "the quote is escaped: {e}");
    let e = warning("side=red%00%0A%0D", &["\\0", "\\n", "\\r"]);
    assert!(!e.to_string().contains('\n'));
    let e = warning(&format!("mode={}", "a".repeat(50_000)), &["aaaa…"]);
    assert!(e.to_string().len() < 200);
    warning("fen=%3Cscript%3E/7/7/7/7/7/7/7/7+w", &["parameter `fen`", "unknown FEN character '<'"]);
    let e = warning(&"x".repeat(10 << 20), &["10485760 bytes", "ignored"]);
    assert_eq!(e, LinkError::TooLong { bytes: 10 << 20 });
    assert_eq!(LinkParams::parse(&"?".repeat(MAX_LINK_BYTES + 1)).warnings.len(), 1);
}

#[test]
fn the_share_link_of_a_game() {
    let rules: Rules = "first=blue,lion-tiger=equal".parse().unwrap();
    let mut game = Game::new(rules);
    for m in ["a7a6", "a3a4", "a6a5"] {
        game.play_text(m).unwrap();
    }
    let query = share_query(&game, Some(Mode::Watch), None, Some(Color::Blue));
    assert_eq!(query, "rules=first=blue,lion-tiger=equal&moves=a7a6,a3a4,a6a5&mode=watch&side=blue");
    // A level outside 1–8 is left out.
    assert_eq!(share_query(&Game::new(Rules::default()), None, Some(9), None), "");
    let link = LinkParams::parse(&query);
    assert_eq!(link.warnings, []);
    assert_eq!(link.game().unwrap().position(), game.position());
    // From a position of its own: the FEN is written, its space as `+`.
    let start = Position::from_fen("7/3L3/7/7/7/7/7/7/l6 b 3 7", Rules::default()).unwrap();
    let mut game = Game::from_position(start);
    game.play_text("a1a2").unwrap();
    let query = LinkParams::from_game(&game).to_query();
    assert_eq!(query, "fen=7/3L3/7/7/7/7/7/7/l6+b+3+7&moves=a1a2");
    let back = LinkParams::parse(&query).game().unwrap();
    assert_eq!((back.start(), back.position()), (game.start(), game.position()));
}

#[test]
fn huge_values_make_short_warnings() {
    let huge = "x".repeat(99_000);
    let queries = [
        format!("rules={huge}"),
        format!("rules=dog-swims={huge}"),
        format!("rules={huge}=yes"),
        format!("fen=7/7/7/7/7/7/7/7/7+{huge}"),
        format!("fen=7/7/7/7/7/7/7/7/7+w+{huge}"),
        format!("moves={huge}"),
        format!("mode={huge}"),
        format!("{huge}=1"),
    ];
    for query in &queries {
        let link = LinkParams::parse(query);
        assert_eq!(link.warnings.len(), 1, "{:?}", link.warnings);
        let message = link.warnings[0].to_string();
        // The fixed words (the list of rule options at most) and 40 characters of the input.
        assert!(message.len() < 400, "{} bytes: {message}", message.len());
        assert!(message.contains("xxxxx…"), "{message}");
        for (name, value) in link.warnings[0].params() {
            assert!(value.to_string().chars().count() <= 41, "{name} = {value}");
        }
    }
}

#[test]
fn warnings_have_codes_and_parameters() {
    let codes = |query: &str| -> Vec<(&'static str, String)> {
        let params = |w: &LinkError| {
            w.params().iter().map(|(name, value)| format!("{name}={value}")).collect::<Vec<_>>().join(" ")
        };
        LinkParams::parse(query).warnings.iter().map(|w| (w.code(), params(w))).collect()
    };
    assert_eq!(codes("level=12"), [("link.bad-value", "param=level value=12".to_string())]);
    assert_eq!(
        codes("fen=7/7/7/7/1C5/7/7/7/e6+w"),
        [("link.fen", "cause=position.not-a-swimmer side=red animal=cat square=b5".to_string())]
    );
    assert_eq!(
        codes("rules=dog-swims=maybe"),
        [("link.rules", "cause=rules.bad-value option=dog-swims value=maybe".to_string())]
    );
    assert_eq!(
        codes("moves=g3g4,g4g6"),
        [("link.move", "index=2 text=g4g6 cause=move.no-piece square=g4".to_string())]
    );
    assert_eq!(codes("level=1&level=2"), [("link.repeated", "param=level".to_string())]);
    assert_eq!(
        codes(&"x".repeat(MAX_LINK_BYTES + 1)),
        [("link.too-long", "bytes=100001 limit=100000".to_string())]
    );
}
