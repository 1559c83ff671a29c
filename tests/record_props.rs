//! Property tests of records and links: random games under random rules round-trip through
//! both, and no input, however broken, makes either parser panic.

use jungle::record::{GameRecord, LinkParams, Mode, MoveTree};
use jungle::rules::{Color, Game, Position, Rules, OPTIONS};
use proptest::prelude::*;

/// Rules with every option set from `picks`, and a small capture limit now and then.
fn rules(picks: &[usize], limit: u32) -> Rules {
    let mut rules = Rules::default();
    for (option, &pick) in OPTIONS.iter().zip(picks) {
        match option.values {
            Some(values) => rules.set(option.name, values[pick % values.len()]).unwrap(),
            None => rules.no_capture_limit = limit,
        }
    }
    rules
}

/// A random game: `before` random plies make the start position (the usual one if 0), then
/// `choices` pick the moves of the game until it ends.
fn game(rules: Rules, before: &[u16], choices: &[u16]) -> Game {
    let mut start = Position::new(rules);
    for &c in before {
        let legal = start.legal_moves();
        if legal.is_empty() || start.is_decided() {
            break;
        }
        start.play(legal[c as usize % legal.len()]);
    }
    let mut game = Game::from_position(start);
    for &c in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        game.play(legal[c as usize % legal.len()]).unwrap();
    }
    game
}

fn any_game() -> impl Strategy<Value = Game> {
    let picks = proptest::collection::vec(0..4usize, OPTIONS.len());
    let limit = prop_oneof![Just(0u32), Just(200), 1..12u32];
    let before = proptest::collection::vec(any::<u16>(), 0..30);
    let choices = proptest::collection::vec(any::<u16>(), 0..150);
    (picks, limit, before, choices).prop_map(|(p, l, b, c)| game(rules(&p, l), &b, &c))
}

fn any_headers() -> impl Strategy<Value = Vec<(String, String)>> {
    let value = prop_oneof![any::<String>(), "[\\[\\]\"\\\\{}<>&\n\r\t\0 a-z]{0,30}"];
    proptest::collection::vec(("[A-Za-z][A-Za-z0-9_]{0,12}", value), 0..6)
}

/// Text built from pieces of records, well and badly formed, to reach deep into the parser.
fn record_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("[Event \"x\"]\n"),
        Just("[Rules \"dog-swims=yes\"]\n"),
        Just("[Rules \"first=blue\"]\n"),
        Just("[FEN \"7/3L3/7/7/7/7/7/7/l6 w\"]\n"),
        Just("[Result \"1-0\"]\n"),
        Just("[Termination \"den\"]\n"),
        Just("1. "),
        Just("1... "),
        Just("g3g4 "),
        Just("a7a6 "),
        Just("d8d9 "),
        Just("a1a2 "),
        Just("{c} "),
        Just("{"),
        Just("}"),
        Just("\""),
        Just("\\"),
        Just("["),
        Just("]"),
        Just("\r\n"),
        Just("*"),
        Just("1-0"),
        Just("1/2-1/2 "),
        Just("\u{feff}"),
        Just("é"),
        Just("("),
        Just(")"),
        Just("(1... g7g6) "),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

/// Text built from pieces of links.
fn link_soup() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("?"),
        Just("#"),
        Just("&"),
        Just("="),
        Just("%"),
        Just("%3D"),
        Just("%zz"),
        Just("%ff"),
        Just("+"),
        Just(","),
        Just("fen="),
        Just("7/3L3/7/7/7/7/7/7/l6+w"),
        Just("moves="),
        Just("g3g4,a7a6"),
        Just("d8d9"),
        Just("rules="),
        Just("dog-swims=yes"),
        Just("first=blue"),
        Just("mode=ai"),
        Just("mode=people"),
        Just("level="),
        Just("3"),
        Just("side=blue"),
        Just("lang=zh-TW"),
        Just("embed"),
        Just("theme=dark"),
        Just("size=480"),
        Just("<script>"),
    ];
    proptest::collection::vec(piece, 0..40).prop_map(|p| p.concat())
}

/// What parsing `text` as a record and as a link must always satisfy.
fn check_invariants(text: &str) {
    if let Ok(record) = GameRecord::parse(text) {
        assert_eq!(GameRecord::parse(&record.format()).as_ref(), Ok(&record), "{text:?}");
    }
    if let Ok(tree) = MoveTree::parse(text) {
        assert_eq!(MoveTree::parse(&tree.format()).as_ref(), Ok(&tree), "{text:?}");
    }
    let link = LinkParams::parse(text);
    let game = link.game().unwrap_or_else(|e| panic!("{text:?}: {e}"));
    assert_eq!(game.moves(), link.moves);
    // The query holds the game only: the other parameters and their warnings stay behind.
    let again = LinkParams::parse(&link.to_query());
    assert_eq!(again, LinkParams { warnings: Vec::new(), others: Vec::new(), ..link }, "{text:?}");
}

proptest! {
    #[test]
    fn records_round_trip(game in any_game(), headers in any_headers()) {
        let mut record = GameRecord::new(game);
        for (name, value) in &headers {
            // Reserved names are refused; that is tested elsewhere.
            let _ = record.set_header(name, value);
        }
        let text = record.format();
        let back = GameRecord::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!(back.game.position(), record.game.position());
        prop_assert_eq!(back.game.outcome(), record.game.outcome());
        prop_assert_eq!(back.game.rules(), record.game.rules());
        prop_assert_eq!(back, record);
    }

    #[test]
    fn links_round_trip(
        game in any_game(),
        mode in proptest::option::of(proptest::sample::select(Mode::ALL.to_vec())),
        level in proptest::option::of(1..=8u8),
        side in proptest::option::of(proptest::sample::select(Color::ALL.to_vec())),
    ) {
        let link = LinkParams { mode, level, side, ..LinkParams::from_game(&game) };
        let back = LinkParams::parse(&link.to_query());
        prop_assert_eq!(&back, &link);
        let played = back.game().unwrap();
        prop_assert_eq!(played.start(), game.start());
        prop_assert_eq!(played.position(), game.position());
        prop_assert_eq!(played.moves(), game.moves());
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        check_invariants(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn broken_records_never_panic(text in record_soup()) {
        check_invariants(&text);
    }

    #[test]
    fn broken_links_never_panic(text in link_soup()) {
        check_invariants(&text);
    }
}
