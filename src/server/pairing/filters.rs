//! The lobby's filters for finding an opponent: `clock` (a category — `blitz`, `rapid`,
//! `classical`, `correspondence` — or an exact clock as stored: `live:300+3`, `days:2`, `none`)
//! and `min_rating` / `max_rating` (the creator's rating in the game's rules and category;
//! a guest's game has none, so it is shown only while no rating range is set). Open games are
//! few (each address holds at most `--open-games-per-ip`, each for a day at most), so the
//! lobby reads up to [`SCAN`] of them and filters them here, then pages the rest.

use crate::server::error::Refusal;
use crate::server::game::clock::ClockSpec;
use crate::server::play::protocol::Listed;
use crate::server::rating::category::{Bounds, Category};

/// The most open games a filtered lobby looks through, the latest changed.
pub const SCAN: i64 = 1000;
/// The highest rating a range may name.
pub const MAX_RATING: i64 = 4000;

/// A clock to filter by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockChoice {
    /// Any clock of this category.
    Category(Category),
    /// Exactly this clock.
    Exact(ClockSpec),
}

/// The lobby's own filters (the lists' common ones are in `db::ListFilter`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LobbyFilter {
    /// The clock.
    pub clock: Option<ClockChoice>,
    /// The creator's lowest rating.
    pub min_rating: Option<i64>,
    /// The creator's highest rating.
    pub max_rating: Option<i64>,
}

impl LobbyFilter {
    /// The filters of a query's `clock`, `min_rating` and `max_rating`, or the refusal naming
    /// the bad one.
    pub fn parse(
        clock: Option<&str>,
        min_rating: Option<i64>,
        max_rating: Option<i64>,
    ) -> Result<LobbyFilter, Refusal> {
        let clock = clock
            .map(|text| {
                Category::from_name(text)
                    .filter(|category| *category != Category::OverTheBoard) // no lobby game is
                    .map(ClockChoice::Category)
                    .or_else(|| ClockSpec::from_text(text).filter(|c| c.check().is_ok()).map(ClockChoice::Exact))
                    .ok_or_else(|| {
                        let message = "clock must be blitz, rapid, classical, correspondence, or a clock such as live:300+3, days:2 or none";
                        Refusal::field("clock", message)
                    })
            })
            .transpose()?;
        for (name, rating) in [("min_rating", min_rating), ("max_rating", max_rating)] {
            if rating.is_some_and(|r| !(0..=MAX_RATING).contains(&r)) {
                return Err(Refusal::field(name, format!("{name} must be 0 to {MAX_RATING}")));
            }
        }
        if let (Some(min), Some(max)) = (min_rating, max_rating) {
            if min > max {
                return Err(Refusal::field("min_rating", "min_rating must not be above max_rating"));
            }
        }
        Ok(LobbyFilter { clock, min_rating, max_rating })
    }

    /// Whether no filter is set.
    pub fn is_empty(&self) -> bool {
        *self == LobbyFilter::default()
    }

    /// Whether the open game `game` passes, its category by `bounds`.
    pub fn keeps(&self, game: &Listed, bounds: Bounds) -> bool {
        let clock = match self.clock {
            None => true,
            Some(ClockChoice::Category(category)) => bounds.category(&game.clock) == category,
            Some(ClockChoice::Exact(clock)) => game.clock == clock,
        };
        if !clock {
            return false;
        }
        if self.min_rating.is_none() && self.max_rating.is_none() {
            return true;
        }
        // The creator holds the game's only seat.
        let Some(creator) = game.red_rating.or(game.blue_rating) else { return false };
        self.min_rating.is_none_or(|min| creator.rating >= min)
            && self.max_rating.is_none_or(|max| creator.rating <= max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::rating::shown::Shown;

    fn open(clock: ClockSpec, rating: Option<i64>) -> Listed {
        Listed {
            id: "k3mxz7q2ab9c".into(),
            red: Some("Ana".into()),
            blue: None,
            rules: String::new(),
            clock,
            ply: 0,
            result: None,
            created: 0,
            updated: 0,
            rated: false,
            uncounted: None,
            red_rating: rating.map(|rating| Shown { rating, provisional: false }),
            blue_rating: None,
        }
    }

    #[test]
    fn games_are_kept_by_clock_category_exact_clock_and_the_creator_s_rating() {
        let bounds = Bounds::default();
        let blitz = open(ClockSpec::Live { seconds: 180, increment: 2 }, Some(1600));
        let guest = open(ClockSpec::Live { seconds: 180, increment: 2 }, None);
        let by = |clock, min, max| LobbyFilter::parse(clock, min, max).unwrap();
        assert!(by(None, None, None).is_empty());
        assert!(by(Some("blitz"), None, None).keeps(&blitz, bounds));
        assert!(!by(Some("rapid"), None, None).keeps(&blitz, bounds));
        assert!(by(Some("live:180+2"), None, None).keeps(&blitz, bounds));
        assert!(!by(Some("live:180+3"), None, None).keeps(&blitz, bounds));
        assert!(by(Some("blitz"), None, None).keeps(&guest, bounds), "a guest's game without a range");
        assert!(by(None, Some(1500), Some(1700)).keeps(&blitz, bounds));
        assert!(!by(None, Some(1650), None).keeps(&blitz, bounds));
        assert!(!by(None, None, Some(1599)).keeps(&blitz, bounds));
        assert!(!by(None, Some(0), None).keeps(&guest, bounds), "a guest has no rating in any range");
    }

    #[test]
    fn bad_filters_are_refused_with_the_field_named() {
        let field = |clock, min, max| {
            let refusal = LobbyFilter::parse(clock, min, max).unwrap_err();
            refusal.params_json()["field"].as_str().unwrap().to_string()
        };
        assert_eq!(field(Some("bullet"), None, None), "clock");
        assert_eq!(field(Some("live:0+0"), None, None), "clock");
        assert_eq!(field(None, Some(-1), None), "min_rating");
        assert_eq!(field(None, None, Some(4001)), "max_rating");
        assert_eq!(field(None, Some(1800), Some(1200)), "min_rating");
    }
}
