//! Starting positions of few animals for matches that reach the endgame tables: each side's
//! animals drawn at random and set on random squares, legal, and none within reach of the
//! enemy den in a few moves (so that the games are fights, not races decided at once).

use jungle::ai::Rng;
use jungle::rules::{Animal, Color, Game, Piece, Position, Rules, Setup, Square, SQUARES};

/// `count` games starting from positions of `animals` animals (at least one a side; 2 to
/// 16), drawn from `seed`, under `rules`; the side to move is drawn too.
pub fn endgames(rules: Rules, count: usize, animals: u32, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let mut games = Vec::with_capacity(count);
    while games.len() < count {
        if let Some(game) = random_position(rules, animals, &mut rng) {
            games.push(game);
        }
    }
    games
}

/// One draw: `None` if it is not a legal position, or the game is over or won at once.
fn random_position(rules: Rules, animals: u32, rng: &mut Rng) -> Option<Game> {
    let red = 1 + rng.below(u64::from(animals) - 1) as usize;
    let mut setup = Setup::empty();
    for (color, count) in [(Color::Red, red), (Color::Blue, animals as usize - red)] {
        let mut kinds: Vec<Animal> = Animal::ALL.to_vec();
        for _ in 0..count {
            let animal = kinds.swap_remove(rng.below(kinds.len() as u64) as usize);
            let square = rng.below(SQUARES as u64) as usize;
            if setup.board[square].is_some() {
                return None;
            }
            setup.board[square] = Some(Piece::new(color, animal));
        }
    }
    setup.turn = if rng.below(2) == 0 { Color::Red } else { Color::Blue };
    let pos = Position::from_setup(&setup, rules).ok()?;
    let far = pos.occupied().all(|sq| {
        let piece = pos.piece_at(sq).expect("occupied");
        { pos.terrain().dens[!piece.color] }.all(|den| steps(sq, den) > NEAR_DEN)
    });
    let game = Game::from_position(pos);
    (far && game.outcome().is_none()).then_some(game)
}

/// Steps from the enemy den an animal of a start stays beyond.
const NEAR_DEN: u8 = 3;

/// Steps between two squares, along files and ranks.
fn steps(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_have_the_animals_asked_for_and_are_playable() {
        let games = endgames(Rules::default(), 20, 5, 7);
        assert_eq!(games.len(), 20);
        for game in &games {
            let pos = game.position();
            assert_eq!(pos.occupied().count(), 5);
            assert!(pos.pieces(Color::Red).any() && pos.pieces(Color::Blue).any());
            assert!(!pos.legal_moves().is_empty());
        }
        assert_ne!(games[0].position().fen(), games[1].position().fen());
    }
}
