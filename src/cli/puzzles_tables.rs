//! `jungle puzzles --out FILE --tables DIR`: endgame puzzles of three animals drawn from the
//! endgame tables, a few from each material set, wins of 5 to 11 plies.

use jungle::ai::Rng;
use jungle::puzzles::{from_tables, Puzzle};
use jungle::tablebase::{folder, Material};
use std::path::Path;

/// The plies of the wins drawn: long enough to need thought, short enough to play out.
const PLIES: std::ops::RangeInclusive<u16> = 5..=11;
/// Puzzles drawn from one material set at most, for variety.
const PER_SET: usize = 2;

/// Up to `count` puzzles from the tables of up to 3 animals in `dir`, none of the `known` ids.
pub fn draw(dir: &Path, count: usize, seed: u64, known: &[String]) -> Result<Vec<Puzzle>, String> {
    let tables = folder::load(dir, 3)?;
    let mut rng = Rng::new(seed);
    let mut sets: Vec<Material> = Material::all(3).into_iter().filter(|m| m.count() == 3).collect();
    // A fair shuffle, so that the sets drawn from vary with the seed.
    for i in (1..sets.len()).rev() {
        sets.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let mut puzzles: Vec<Puzzle> = Vec::new();
    for set in sets.into_iter().filter(|&set| tables.get(set).is_some()) {
        if puzzles.len() >= count {
            break;
        }
        for puzzle in from_tables(&tables, set, PLIES, PER_SET, &mut rng) {
            if puzzles.len() < count && !known.contains(&puzzle.id) {
                puzzles.push(puzzle);
            }
        }
    }
    Ok(puzzles)
}
