//! A rated game always has a clock (issue 36): without one a game can be left unfinished for
//! ever, and "Play now" had paired two members into such a game. Creating a game, a challenge
//! and quick pairing (always rated) ask here first.

use crate::server::error::{Code, Refusal};
use crate::server::game::clock::ClockSpec;

/// Refuses a `rated` game with no clock, with `rated_needs_clock`.
pub fn check_rated_clock(rated: bool, clock: &ClockSpec) -> Result<(), Refusal> {
    if rated && !clock.is_timed() {
        return Err(Refusal::new(
            Code::RatedNeedsClock,
            "a rated game needs a clock: choose a live or a correspondence clock, or play it unrated",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_rated_game_without_a_clock_is_refused() {
        let refused = check_rated_clock(true, &ClockSpec::None).unwrap_err();
        assert_eq!(refused.code, Code::RatedNeedsClock);
        assert!(check_rated_clock(false, &ClockSpec::None).is_ok());
        assert!(check_rated_clock(true, &ClockSpec::Live { seconds: 300, increment: 3 }).is_ok());
        assert!(check_rated_clock(true, &ClockSpec::Correspondence { days: 2 }).is_ok());
    }
}
