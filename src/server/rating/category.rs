//! The club's clock categories: ratings are kept per rule set and category, since a player's
//! strength at blitz says little of their strength by correspondence. A live game's category
//! comes from its estimated length, `seconds + 40 × increment` (a game of 40 moves a side, as
//! lichess estimates it), against the club's bounds; a correspondence game (days per move) and
//! a game without a clock, where no move is hurried, are `correspondence`.

use crate::server::game::clock::ClockSpec;
use serde::Serialize;

/// The moves a side is assumed to make when a live game's length is estimated.
const ESTIMATED_MOVES: u32 = 40;

/// A clock category.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Live games estimated shorter than the blitz bound.
    Blitz,
    /// Live games up to the rapid bound.
    Rapid,
    /// Longer live games.
    Classical,
    /// Days per move, or no clock.
    Correspondence,
    /// Played on real boards in an over-the-board tournament, whatever the clock.
    #[serde(rename = "over-the-board")]
    OverTheBoard,
}

impl Category {
    /// Every category, fastest first.
    pub const ALL: [Category; 5] = [
        Category::Blitz,
        Category::Rapid,
        Category::Classical,
        Category::Correspondence,
        Category::OverTheBoard,
    ];

    /// Its name in the API and the database.
    pub fn name(self) -> &'static str {
        match self {
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Classical => "classical",
            Category::Correspondence => "correspondence",
            Category::OverTheBoard => "over-the-board",
        }
    }

    /// The category named `name`.
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Where the live categories end, in minutes of estimated game time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bounds {
    /// A live game estimated shorter than this is blitz.
    pub blitz_below: u32,
    /// A live game estimated up to this (and not blitz) is rapid; longer, classical.
    pub rapid_up_to: u32,
}

impl Default for Bounds {
    fn default() -> Bounds {
        Bounds { blitz_below: 8, rapid_up_to: 25 }
    }
}

impl Bounds {
    /// The category of a game with `clock`.
    pub fn category(&self, clock: &ClockSpec) -> Category {
        match *clock {
            ClockSpec::None | ClockSpec::Correspondence { .. } => Category::Correspondence,
            ClockSpec::Live { seconds, increment } => {
                let estimate = u64::from(seconds) + u64::from(ESTIMATED_MOVES) * u64::from(increment);
                if estimate < u64::from(self.blitz_below) * 60 {
                    Category::Blitz
                } else if estimate <= u64::from(self.rapid_up_to) * 60 {
                    Category::Rapid
                } else {
                    Category::Classical
                }
            }
        }
    }

    /// The category of a game whose clock is stored as `text` (a clock that cannot be read:
    /// correspondence, the category without a hurry).
    pub fn category_of_text(&self, text: &str) -> Category {
        ClockSpec::from_text(text).map_or(Category::Correspondence, |clock| self.category(&clock))
    }

    /// Reads `--rating-categories BLITZ,RAPID` (minutes; blitz below the first, rapid up to
    /// the second).
    pub fn parse(text: &str) -> Result<Bounds, String> {
        let (blitz, rapid) = text.split_once(',').ok_or("write two numbers of minutes: BLITZ,RAPID")?;
        let minutes = |value: &str| -> Result<u32, String> {
            let n: u32 = value.trim().parse().map_err(|e| format!("{value}: {e}"))?;
            if (1..=1000).contains(&n) {
                Ok(n)
            } else {
                Err(format!("{n}: minutes must be 1 to 1000"))
            }
        };
        let bounds = Bounds { blitz_below: minutes(blitz)?, rapid_up_to: minutes(rapid)? };
        if bounds.blitz_below > bounds.rapid_up_to {
            return Err("the blitz bound must not be above the rapid one".into());
        }
        Ok(bounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live(seconds: u32, increment: u32) -> ClockSpec {
        ClockSpec::Live { seconds, increment }
    }

    #[test]
    fn live_games_fall_in_a_category_by_their_estimated_length() {
        let bounds = Bounds::default();
        assert_eq!(bounds.category(&live(180, 2)), Category::Blitz, "3 + 40 × 2 s: 4 min 20");
        assert_eq!(bounds.category(&live(479, 0)), Category::Blitz);
        assert_eq!(bounds.category(&live(480, 0)), Category::Rapid, "8 minutes is no longer blitz");
        assert_eq!(bounds.category(&live(300, 5)), Category::Rapid, "5 + 40 × 5 s: 8 min 20");
        assert_eq!(bounds.category(&live(1500, 0)), Category::Rapid, "25 minutes is still rapid");
        assert_eq!(bounds.category(&live(1200, 10)), Category::Classical, "20 + 40 × 10 s: 26 min 40");
        assert_eq!(bounds.category(&ClockSpec::Correspondence { days: 2 }), Category::Correspondence);
        assert_eq!(bounds.category(&ClockSpec::None), Category::Correspondence);
        assert_eq!(bounds.category_of_text("live:60+0"), Category::Blitz);
    }

    #[test]
    fn a_club_sets_its_own_bounds() {
        let bounds = Bounds::parse("3,10").unwrap();
        assert_eq!(bounds, Bounds { blitz_below: 3, rapid_up_to: 10 });
        assert_eq!(bounds.category(&live(300, 0)), Category::Rapid);
        assert_eq!(bounds.category(&live(900, 0)), Category::Classical);
        assert!(Bounds::parse("10,3").unwrap_err().contains("not be above"));
        assert!(Bounds::parse("8").unwrap_err().contains("BLITZ,RAPID"));
        assert!(Bounds::parse("0,25").unwrap_err().contains("1 to 1000"));
        assert!(Bounds::parse("x,25").is_err());
    }

    #[test]
    fn names_round_trip() {
        for category in Category::ALL {
            assert_eq!(Category::from_name(category.name()), Some(category));
        }
        assert_eq!(Category::from_name("bullet"), None);
    }
}
