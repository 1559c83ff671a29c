//! Share-link parameters: reading, every warning with its message, hostile values, and
//! writing the link of a game.

use jungle::ai::Level;
use jungle::record::{share_query, Lang, LinkError, LinkParams, Mode, Theme, MAX_LINK_BYTES, MAX_MOVES};
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
        "?fen={FEN}&moves=a3a4,a7a6&rules=dog-swims=yes,traps=universal&mode=ai&level=3&side=red&lang=fr&embed=1&theme=dark&size=480"
    );
    let link = LinkParams::parse(&query);
    assert_eq!(link.warnings, []);
    assert_eq!(link.rules, "dog-swims=yes,traps=universal".parse::<Rules>().unwrap());
    assert_eq!(link.fen.as_deref(), Some(FEN));
    assert_eq!(link.moves, [mv("a3a4"), mv("a7a6")]);
    assert_eq!((link.mode, link.level, link.side), (Some(Mode::Ai), Level::new(3), Some(Color::Red)));
    assert_eq!(
        (link.lang, link.embed, link.theme, link.size),
        (Some(Lang::Fr), true, Some(Theme::Dark), Some(480))
    );
    let game = link.game().unwrap();
    assert_eq!(game.moves(), link.moves);
    assert!(game.rules().dog_swims);
    // The same percent-encoded, in another order, behind a `#`, with `+` for the space.
    let encoded = "#size=480px&Theme=DARK&embed&lang=fr-CA&side=Red&level=3&mode=AI&moves=a3a4+a7a6\
                   &rules=dog-swims%3Dyes%2Ctraps%3Duniversal&fen=l5t%2F1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L+w";
    assert_eq!(LinkParams::parse(encoded), link);
    assert_eq!(LinkParams::parse(&link.to_query()), link);
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
fn languages() {
    let cases = [
        ("en", Lang::En),
        ("EN-us", Lang::En),
        ("fr", Lang::Fr),
        ("zh", Lang::ZhHans),
        ("zh-CN", Lang::ZhHans),
        ("zh-Hans", Lang::ZhHans),
        ("zh_SG", Lang::ZhHans),
        ("zh-TW", Lang::ZhHant),
        ("zh-HK", Lang::ZhHant),
        ("zh-Hant", Lang::ZhHant),
        ("zh-Hant-CN", Lang::ZhHant),
    ];
    for (tag, lang) in cases {
        assert_eq!(LinkParams::parse(&format!("lang={tag}")).lang, Some(lang), "{tag}");
        assert_eq!(Lang::from_tag(lang.code()), Some(lang));
    }
    for bad in ["de", "zh-", "english", "en-<b>", "zh-Hant-xxxxxxxxx"] {
        assert_eq!(Lang::from_tag(bad), None, "{bad}");
    }
}

#[test]
fn bad_settings_are_ignored_and_the_rest_applies() {
    let cases: [(&str, &str, &[&str]); 9] = [
        ("mode=robot%27s", "mode", &["`robot's`", "ai, local or watch"]),
        ("level=0", "level", &["`0`", "1 to 8"]),
        ("level=9", "level", &["`9`"]),
        ("level=-3", "level", &["`-3`"]),
        ("side=green", "side", &["red or blue"]),
        ("lang=de", "lang", &["`de`", "language"]),
        ("embed=maybe", "embed", &["`maybe`"]),
        ("theme=neon", "theme", &["light, dark or contrast"]),
        ("size=50", "size", &["`50`", "120 to 4096"]),
    ];
    for (query, param, words) in cases {
        let e = warning(&format!("{query}&moves=g3g4"), words);
        assert!(matches!(e, LinkError::BadValue { param: p, .. } if p == param), "{e:?}");
        assert!(e.to_string().starts_with(&format!("parameter `{param}`")));
        assert_eq!(LinkParams::parse(&format!("{query}&moves=g3g4")).moves, [mv("g3g4")]);
    }
    assert_eq!(LinkParams::parse("size=99999999999").size, None);
    assert_eq!(LinkParams::parse("size=4096&embed=0").size, Some(4096));
}

#[test]
fn unknown_repeated_and_badly_encoded() {
    assert_eq!(
        warning("utm_source=news&level=2", &["unknown parameter `utm_source`"]),
        LinkError::Unknown { param: "utm_source".into() }
    );
    let link = LinkParams::parse("level=2&level=5&LEVEL=6");
    assert_eq!(link.level, Level::new(2));
    assert_eq!(
        link.warnings,
        [LinkError::Repeated { param: "level" }, LinkError::Repeated { param: "level" }]
    );
    assert!(link.warnings[0].to_string().contains("more than once"));
    let e = warning("mode=%zz&level=4", &["parameter `mode`", "percent-encoding"]);
    assert_eq!(e, LinkError::BadEncoding { param: "mode".into() });
    warning("m%ode=ai", &["`m%ode`", "percent-encoding"]);
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
    let e =
        warning("theme=dark%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E", &["parameter `theme`", "<script>"]);
    assert!(e.to_string().contains("dark\\\"><script>"), "the quote is escaped: {e}");
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
    let query = share_query(&game, Some(Mode::Watch), None, Some(Color::Blue), Some(Lang::ZhHant));
    assert_eq!(
        query,
        "rules=first=blue,lion-tiger=equal&moves=a7a6,a3a4,a6a5&mode=watch&side=blue&lang=zh-Hant"
    );
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
