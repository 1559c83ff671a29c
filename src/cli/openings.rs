//! The openings of `jungle match`: a built-in list of short, sensible move sequences from the
//! start position, topped up with generated ones when a match needs more.

use jungle::ai::selfplay;
use jungle::rules::{Game, Rules};

/// Move sequences from the default start position (Red first): the usual first advances of the
/// rats, elephants, wolves, leopards, dogs and cats, answered symmetrically or not.
pub const OPENINGS: &[&str] = &[
    "a3a4 g7g6",
    "a3a4 a7a6",
    "a3a4 e7d7",
    "g3g4 g7g6",
    "g3g4 a7a6",
    "g3g4 c7d7",
    "c3d3 e7d7",
    "c3d3 g7g6",
    "e3d3 c7d7",
    "e3d3 a7a6",
    "c3b3 e7f7",
    "e3f3 c7b7",
    "b2c2 f8e8",
    "f2e2 b8c8",
    "f2f3 b8b7",
    "b2b3 f8f7",
    "g3f3 a7b7",
    "a3b3 g7f7",
    "g1g2 a9a8",
    "a1a2 g9g8",
    "a3a4 g7g6 a4a5 g6g5",
    "g3g4 a7a6 g4g5 a6a5",
    "e3d3 c7d7 d3d4 d7d6",
    "c3d3 e7d7 a3a4 g7g6",
    "a3a4 a7a6 a4a5 g7g6",
    "g3g4 g7g6 e3d3 c7d7",
    "f2f3 f8f7 b2b3 b8b7",
    "a3a4 c7d7 c3d3 a7a6",
    "g3g4 e7d7 e3d3 g7g6",
    "f2e2 b8c8 b2c2 f8e8",
];

/// Plies of the generated openings.
const GENERATED_PLIES: usize = 6;
/// Generated openings must look balanced to a short search within this many centipawns.
const GENERATED_BALANCE: i32 = 150;

/// `count` opening positions under `rules`: the built-in ones that are legal under these rules,
/// then generated ones (deterministic in `seed`). May return fewer if too few can be found.
pub fn openings(rules: Rules, count: usize, seed: u64) -> Vec<Game> {
    let mut games: Vec<Game> =
        OPENINGS.iter().filter_map(|line| play_line(rules, line)).take(count).collect();
    if games.len() < count {
        games.extend(selfplay::openings(
            rules,
            count - games.len(),
            GENERATED_PLIES,
            GENERATED_BALANCE,
            seed,
        ));
    }
    games
}

/// The game after the moves of `line`, if they are all legal and the game is not over.
fn play_line(rules: Rules, line: &str) -> Option<Game> {
    let mut game = Game::new(rules);
    for text in line.split_whitespace() {
        game.play_text(text).ok()?;
    }
    game.outcome().is_none().then_some(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_opening_is_legal_and_distinct() {
        let games: Vec<Game> = OPENINGS.iter().map(|l| play_line(Rules::default(), l).expect(l)).collect();
        let mut fens: Vec<String> = games.iter().map(|g| g.position().fen()).collect();
        fens.sort();
        fens.dedup();
        assert_eq!(fens.len(), OPENINGS.len());
    }

    #[test]
    fn topped_up_when_more_are_needed() {
        assert_eq!(openings(Rules::default(), 5, 1).len(), 5);
        let more = openings(Rules::default(), OPENINGS.len() + 2, 1);
        assert_eq!(more.len(), OPENINGS.len() + 2);
        // Animal Checkers has no wolves or leopards: only some built-in lines apply.
        let checkers: Rules = "game=animal-checkers".parse().unwrap();
        assert_eq!(openings(checkers, 10, 1).len(), 10);
    }
}
