//! Any text as a game record and as a share link: no panic, readable errors, and what is
//! accepted survives formatting and parsing again unchanged.
#![no_main]

use jungle::record::{GameRecord, LinkParams};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match GameRecord::parse(&text) {
        Ok(record) => {
            let again = GameRecord::parse(&record.format()).expect("a formatted record parses");
            assert_eq!(again, record);
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    let link = LinkParams::parse(&text);
    assert!(link.warnings.iter().all(|w| !w.to_string().is_empty()));
    let game = link.game().expect("a parsed link builds its game");
    assert_eq!(game.moves(), link.moves);
    let again = LinkParams::parse(&link.to_query());
    assert_eq!(again, LinkParams { warnings: Vec::new(), others: Vec::new(), ..link });
});
