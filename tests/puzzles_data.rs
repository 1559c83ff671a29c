//! Every shipped puzzle (`www/puzzles/*.txt`) re-verified exactly: its FEN and rules parse, its
//! moves are legal, the last one wins, each of the solver's moves — the first included — is the
//! only one winning within the moves left (proved against every defender reply), each reply holds
//! out as long as any, and its themes are those its solution shows.

use jungle::puzzles::{verify, Puzzle, Theme};
use std::collections::HashSet;
use std::fs;

/// The puzzle sets the page offers: file, rules, and the fewest puzzles it must hold.
const SETS: &[(&str, &str, usize)] = &[
    ("standard.txt", "", 1000),
    ("elephant-takes-rat.txt", "elephant-takes-rat=yes", 100),
    ("competition.txt", "chase-rules=on", 100),
];

/// The fewest puzzles of the rarest themes each set holds (standard, then the variants), so that
/// a player choosing one of them gets a real choice.
const RARE_THEMES: &[(Theme, usize, usize)] = &[(Theme::NoMove, 30, 10), (Theme::Zugzwang, 30, 10)];

fn puzzles(file: &str) -> Vec<Puzzle> {
    let path = format!("{}/www/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(i, line)| Puzzle::parse(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1)))
        .collect()
}

#[test]
fn every_shipped_puzzle_holds() {
    let mut ids = HashSet::new();
    for &(file, rules, at_least) in SETS {
        let set = puzzles(file);
        for puzzle in &set {
            assert_eq!(puzzle.rules.to_string(), rules, "{file}: {} has other rules", puzzle.id);
            assert_eq!(puzzle.id, Puzzle::id_of(&puzzle.rules, &puzzle.fen), "{file}: {}'s id", puzzle.id);
            assert!(ids.insert(puzzle.id.clone()), "{file}: {} appears twice", puzzle.id);
            if let Err(why) = verify(puzzle, 20_000_000) {
                panic!("{file}: puzzle {} ({}) fails: {why}", puzzle.id, puzzle.fen);
            }
        }
        assert!(set.len() >= at_least, "{file}: {} puzzles, at least {at_least} expected", set.len());
        for &(theme, standard, variant) in RARE_THEMES {
            let least = if rules.is_empty() { standard } else { variant };
            let count = set.iter().filter(|p| p.themes.contains(&theme)).count();
            assert!(count >= least, "{file}: {count} puzzles of {}, at least {least} expected", theme.name());
        }
    }
}
