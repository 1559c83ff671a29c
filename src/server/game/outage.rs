//! The clock across the loss of an instance of a site of several (killed, or stopped for a
//! restart): a seat whose connection was on it comes back on another instance, and the time
//! between the lost instance's last sign of life and the seat's return is charged to nobody,
//! if that side's clock ran then. At most [`MAX_EXCUSED_MS`] is given back, so a player who
//! stays away after a crash gains no more than that (and nobody can crash an instance at will).

use super::ending::Status;
use super::event::Event;
use super::match_state::Match;
use crate::rules::Color;

/// The most given back for one lost instance: pages are back on another within 2 s.
pub const MAX_EXCUSED_MS: i64 = 10_000;

impl Match {
    /// How much of `color`'s time ran between `lost` (its instance's last sign of life) and
    /// `back` (its return on another instance), at most [`MAX_EXCUSED_MS`]: none unless its
    /// clock was the one running at `lost`, and none after its next move.
    pub fn outage_of(&self, color: Color, lost: i64, back: i64) -> i64 {
        if self.status != Status::Playing || !self.clock.is_timed() {
            return 0;
        }
        let played = self.move_times.partition_point(|&at| at <= lost);
        // A side's clock runs only once both have moved; then the side to move's.
        if played < 2 || self.mover(played) != color {
            return 0;
        }
        let end = self.move_times.get(played).map_or(back, |&moved| moved.min(back));
        (end - lost).clamp(0, MAX_EXCUSED_MS)
    }

    /// Gives back to `color` the time its clock ran while it was cut off by a lost instance.
    pub(super) fn excuse(&mut self, color: Color, lost: i64, back: i64) -> Event {
        let excused = self.outage_of(color, lost, back);
        if excused == 0 {
            return Event::Unchanged;
        }
        self.clocks.left[color] += excused;
        Event::Excused
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::game::clock::ClockSpec;
    use crate::server::game::event::Command;
    use crate::server::game::match_state::Seat;

    fn seat(name: &str) -> Seat {
        Seat { name: name.into(), token_digest: name.into() }
    }

    /// A 2-minute game, both sides' first moves at 1 s and 2 s.
    fn started() -> Match {
        let clock = ClockSpec::Live { seconds: 120, increment: 0 };
        let mut m = Match::open(
            "g".into(),
            crate::rules::Game::new(crate::rules::Rules::default()),
            clock,
            Color::Red,
            seat("a"),
            0,
        );
        m.apply(Command::Join(seat("b")), 0).unwrap();
        m.apply(Command::Play { by: Color::Red, ply: 0, mv: "a3a4".into() }, 1_000).unwrap();
        m.apply(Command::Play { by: Color::Blue, ply: 1, mv: "a7a6".into() }, 2_000).unwrap();
        m
    }

    #[test]
    fn the_side_to_move_gets_back_the_time_it_was_cut_off() {
        let mut m = started();
        // Red thinks from 2 s; its instance is last heard at 5 s; Red is back at 6.5 s.
        assert_eq!(m.outage_of(Color::Blue, 5_000, 6_500), 0, "Blue's clock did not run");
        assert!(matches!(m.excuse(Color::Red, 5_000, 6_500), Event::Excused));
        // Red moves at 7 s: charged 3 s before the loss and 0.5 s after its return.
        m.apply(Command::Play { by: Color::Red, ply: 2, mv: "a4a5".into() }, 7_000).unwrap();
        assert_eq!(m.clocks.left[Color::Red], 120_000 - 3_500);
    }

    #[test]
    fn a_move_stored_before_the_return_ends_what_is_given_back() {
        let mut m = started();
        m.apply(Command::Play { by: Color::Red, ply: 2, mv: "a4a5".into() }, 5_300).unwrap();
        assert_eq!(m.outage_of(Color::Red, 5_000, 6_500), 300);
        assert!(matches!(m.excuse(Color::Red, 5_000, 6_500), Event::Excused));
        assert_eq!(m.clocks.left[Color::Red], 120_000 - 3_300 + 300);
    }

    #[test]
    fn no_more_than_the_bound_and_nothing_before_the_clocks_run() {
        let m = started();
        assert_eq!(m.outage_of(Color::Red, 5_000, 60_000), MAX_EXCUSED_MS);
        assert_eq!(m.outage_of(Color::Red, 1_500, 1_900), 0, "Blue's first move: no clock ran");
        assert_eq!(m.outage_of(Color::Red, 5_000, 4_000), 0, "back before lost");
    }
}
