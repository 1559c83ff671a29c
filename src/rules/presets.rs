//! The named rule sets the page offers: the usual ones, competition play, and one per source
//! rule sheet (`../shared/seeds/`). Here, beside the options, so that the engine can be
//! measured and tested under each of them (the evaluation's net, `ai::nnue`), not only the page.

use super::options::Rules;

/// A named set of rules; `rules` is an option list as [`Rules`] reads it.
pub struct Preset {
    /// The page's id of the preset (its words are `preset.<id>`).
    pub id: &'static str,
    /// The option list.
    pub rules: &'static str,
}

impl Preset {
    /// The rules of this preset.
    ///
    /// ```
    /// use jungle::rules::{Rules, PRESETS};
    /// assert_eq!(PRESETS[0].rules(), Rules::default());
    /// ```
    pub fn rules(&self) -> Rules {
        self.rules.parse().expect("presets are valid")
    }
}

/// The presets. How each source sheet (`../shared/seeds/`) was read:
/// - 000, a Grenoble club's French sheet: the elephant "can eat every other piece" (so it takes
///   the rat), and the dog fears only the stronger animals and the enemy dog, while the wolf also
///   fears the dog: the dog ranks above the wolf. A rat leaving the water takes the rat, not the
///   elephant (the defaults).
/// - 001, a French encyclopedia article: "an elephant may very well take a rat"; White (Red)
///   moves first; everything else as the defaults (its variants are listed as variants).
/// - 002, a French printed sheet: "the first move always goes to Blue"; the elephant crushes
///   the rat; the dog is listed above the wolf.
/// - 003, an English rules page: the rat "may not capture the Elephant or another Rat on land
///   directly from a water square"; the elephant does not take the rat. (One example gives the
///   dog rank 4, but the page lists "the Dog stronger than the Wolf" as a variation, so the
///   ranks stay standard.)
/// - 004, an illustrated print-and-play sheet: exactly the default rules.
pub const PRESETS: &[Preset] = &[
    Preset { id: "standard", rules: "" },
    Preset { id: "competition", rules: "chase-rules=on" },
    Preset { id: "grenoble", rules: "elephant-takes-rat=yes,ranks=dog-over-wolf" },
    Preset { id: "french-encyclopedia", rules: "elephant-takes-rat=yes" },
    Preset { id: "blue-first", rules: "first=blue,elephant-takes-rat=yes,ranks=dog-over-wolf" },
    Preset { id: "english-blog", rules: "rat-edge-capture=no" },
    Preset { id: "print-and-play", rules: "" },
    Preset { id: "animal-checkers", rules: "game=animal-checkers" },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_reads_and_has_its_own_id() {
        for (i, preset) in PRESETS.iter().enumerate() {
            let _ = preset.rules();
            assert!(PRESETS[..i].iter().all(|p| p.id != preset.id), "{} twice", preset.id);
        }
    }
}
