//! Material sets: which animals each side has, seen from the side to move.

use crate::rules::{Animal, Color, Position};
use std::fmt;

/// The animals of the side to move (`ours`) and of the other side (`theirs`), each a set of
/// animal indices (bit `i` for [`Animal::ALL`]`[i]`). One table holds one material set.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Material {
    /// The side to move's animals.
    pub ours: u8,
    /// The other side's animals.
    pub theirs: u8,
}

impl Material {
    /// The material of `pos`, from its side to move.
    pub fn of(pos: &Position) -> Material {
        let set = |color: Color| {
            pos.pieces(color)
                .into_iter()
                .filter_map(|sq| pos.piece_at(sq))
                .fold(0u8, |set, p| set | bit(p.animal))
        };
        Material { ours: set(pos.turn()), theirs: set(!pos.turn()) }
    }

    /// Animals on the board.
    pub fn count(self) -> u32 {
        self.ours.count_ones() + self.theirs.count_ones()
    }

    /// The same animals with the other side to move.
    pub fn swapped(self) -> Material {
        Material { ours: self.theirs, theirs: self.ours }
    }

    /// The side to move's animals, weakest first.
    pub fn our_animals(self) -> impl Iterator<Item = Animal> {
        animals(self.ours)
    }

    /// The other side's animals, weakest first.
    pub fn their_animals(self) -> impl Iterator<Item = Animal> {
        animals(self.theirs)
    }

    /// Every material set of 2 to `max` animals with at least one animal a side, fewer
    /// animals first: the order in which tables can be built, since a capture only leads to
    /// a set of fewer animals.
    pub fn all(max: u32) -> Vec<Material> {
        let mut sets: Vec<Material> = (1..=255u8)
            .flat_map(|ours| (1..=255u8).map(move |theirs| Material { ours, theirs }))
            .filter(|m| m.count() <= max)
            .collect();
        sets.sort_by_key(|m| (m.count(), *m));
        sets
    }

    /// This set, its colour-swapped twin and every set captures can lead to from them: all
    /// a search from a position of this set may look up.
    pub fn and_below(self) -> Vec<Material> {
        let subsets = |set: u8| (1..=set).filter(move |s| s & set == *s);
        let mut sets: Vec<Material> = subsets(self.ours)
            .flat_map(|ours| subsets(self.theirs).map(move |theirs| Material { ours, theirs }))
            .flat_map(|m| [m, m.swapped()])
            .filter(|m| m.count() >= 2)
            .collect();
        sets.sort_by_key(|m| (m.count(), *m));
        sets.dedup();
        sets
    }

    /// Reads a name written by `Display` (`"LTvR"`).
    pub fn parse(name: &str) -> Option<Material> {
        let (ours, theirs) = name.split_once('v')?;
        let set = |letters: &str| {
            letters.chars().try_fold(0u8, |set, c| {
                let animal = Animal::from_letter(c)?;
                (set & bit(animal) == 0).then_some(set | bit(animal))
            })
        };
        let m = Material { ours: set(ours)?, theirs: set(theirs)? };
        (m.ours != 0 && m.theirs != 0 && m.to_string() == name).then_some(m)
    }
}

/// The bit of `animal` in a set.
pub fn bit(animal: Animal) -> u8 {
    1 << animal.index()
}

fn animals(set: u8) -> impl DoubleEndedIterator<Item = Animal> {
    Animal::ALL.into_iter().filter(move |&a| set & bit(a) != 0)
}

/// The side to move's animal letters, `v`, the other side's, strongest first: `"LTvR"`.
impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letters = |set: u8| animals(set).rev().map(|a| a.letter()).collect::<String>();
        write!(f, "{}v{}", letters(self.ours), letters(self.theirs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn counts_sets_by_animals() {
        // 2 animals: 8 × 8; 3 animals: 8 × C(8,2) each way.
        let all = Material::all(3);
        assert_eq!(all.iter().filter(|m| m.count() == 2).count(), 64);
        assert_eq!(all.iter().filter(|m| m.count() == 3).count(), 2 * 8 * 28);
        assert!(all.windows(2).all(|w| w[0].count() <= w[1].count()));
    }

    #[test]
    fn below_a_set_are_its_captures() {
        let below = Material::parse("LTvR").unwrap().and_below();
        let names: Vec<String> = below.iter().map(|m| m.to_string()).collect();
        assert_eq!(names, ["RvT", "RvL", "TvR", "LvR", "RvLT", "LTvR"]);
    }

    #[test]
    fn names_read_back() {
        for m in Material::all(3) {
            assert_eq!(Material::parse(&m.to_string()), Some(m));
        }
        assert_eq!(Material { ours: 0b1100_0000, theirs: 1 }.to_string(), "ELvR");
        for bad in ["", "v", "LLvR", "RLvE", "Lv", "XvR", "L v R"] {
            assert_eq!(Material::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn of_a_position_is_from_the_side_to_move() {
        let pos = Position::from_fen("7/7/7/7/7/7/7/1e5/2L1T2 b", Rules::default()).unwrap();
        assert_eq!(Material::of(&pos).to_string(), "EvLT");
    }
}
