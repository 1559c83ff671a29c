//! The small values of a link's game: mode, level and side. Each reader returns `None` for a
//! value it does not know; the link reports it.

use crate::rules::Color;
use std::ops::RangeInclusive;

/// The computer's levels a link may ask for (the AI's `Level` 1 to 8; a test checks they agree).
pub const LEVELS: RangeInclusive<u8> = 1..=8;

/// How the game is played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    /// Against the computer (`computer`).
    Computer,
    /// Two people at one screen (`people`).
    People,
    /// The computer plays both sides while the person watches (`watch`).
    Watch,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 3] = [Mode::Computer, Mode::People, Mode::Watch];

    /// The name in links and on the page: `computer`, `people` or `watch`.
    ///
    /// ```
    /// use jungle::record::Mode;
    /// assert_eq!(Mode::from_name("Computer"), Some(Mode::Computer));
    /// assert_eq!(Mode::from_name("ai"), Some(Mode::Computer));
    /// assert_eq!(Mode::People.name(), "people");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::People => "people",
            Mode::Watch => "watch",
        }
    }

    /// The mode named `name` (ignoring ASCII case). Links written before the page and the
    /// links spoke one vocabulary said `ai` and `local`: those old names are still read (and
    /// never written), so that old links keep working.
    pub fn from_name(name: &str) -> Option<Mode> {
        const OLD_NAMES: [(&str, Mode); 2] = [("ai", Mode::Computer), ("local", Mode::People)];
        let current = Mode::ALL.into_iter().map(|m| (m.name(), m));
        current.chain(OLD_NAMES).find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, m)| m)
    }
}

/// A level in [`LEVELS`], digits only.
pub(super) fn level(value: &str) -> Option<u8> {
    small_number(value).and_then(|n| u8::try_from(n).ok()).filter(|n| LEVELS.contains(n))
}

/// A side: `red` or `blue` (ignoring ASCII case).
pub(super) fn side(value: &str) -> Option<Color> {
    Color::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(value))
}

/// A number of at most 9 decimal digits (no sign, no spaces).
pub fn small_number(value: &str) -> Option<u32> {
    let ok = (1..=9).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_digit());
    ok.then(|| value.parse().ok()).flatten()
}
