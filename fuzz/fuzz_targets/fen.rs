//! Any text as a FEN or an option list: no panic, readable errors, and what is accepted
//! survives formatting and parsing again unchanged.
#![no_main]

use jungle::rules::{Position, Rules, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match text.parse::<Setup>() {
        Ok(setup) => {
            let fen = setup.to_string();
            let again: Setup = fen.parse().expect("a formatted setup parses");
            assert_eq!(again, setup, "{fen}");
            assert_eq!(again.to_string(), fen);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let checkers: Rules = "game=animal-checkers,dog-swims=yes".parse().expect("valid rules");
    for rules in [Rules::default(), checkers] {
        match Position::from_fen(text, rules) {
            Ok(pos) => {
                assert_eq!(pos.hash(), pos.compute_hash());
                let again = Position::from_fen(&pos.fen(), rules).expect("a formatted position parses");
                assert_eq!(again, pos, "{}", pos.fen());
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    match text.parse::<Rules>() {
        Ok(rules) => assert_eq!(rules.to_string().parse::<Rules>(), Ok(rules)),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
