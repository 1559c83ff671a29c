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
    /// `back` (its return on another instance), at most [`MAX_EXCUSED_MS`]: from then, or from
    /// the opponent's move that made it `color`'s turn meanwhile (which its player could not
    /// see), until its next move; none for a side whose clock does not run yet.
    pub fn outage_of(&self, color: Color, lost: i64, back: i64) -> i64 {
        if self.status != Status::Playing || !self.clock.is_timed() {
            return 0;
        }
        let played = self.move_times.partition_point(|&at| at <= lost);
        let next = if self.mover(played) == color { played } else { played + 1 };
        // A side's clock runs only once both have moved.
        if next < 2 {
            return 0;
        }
        let start = match self.move_times.get(played) {
            Some(&turned) if next > played => turned.max(lost),
            None if next > played => return 0,
            _ => lost,
        };
        let end = self.move_times.get(next).map_or(back, |&moved| moved.min(back));
        (end - start).clamp(0, MAX_EXCUSED_MS)
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
        assert_eq!(m.outage_of(Color::Red, 1_500, 2_500), 500, "from Blue's move at 2 s");
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
    fn a_move_made_while_the_other_is_cut_off_runs_its_clock_only_from_its_return() {
        let mut m = started();
        // Blue's instance is lost at 2.5 s; Red moves at 3 s; Blue, back at 4 s, moves at 4.2 s.
        m.apply(Command::Play { by: Color::Red, ply: 2, mv: "a4a5".into() }, 3_000).unwrap();
        assert_eq!(m.outage_of(Color::Blue, 2_500, 4_000), 1_000);
        assert!(matches!(m.excuse(Color::Blue, 2_500, 4_000), Event::Excused));
        m.apply(Command::Play { by: Color::Blue, ply: 3, mv: "a6a5".into() }, 4_200).unwrap();
        assert_eq!(m.clocks.left[Color::Blue], 120_000 - 200);
    }

    #[test]
    fn no_more_than_the_bound_and_nothing_before_the_clocks_run() {
        let m = started();
        assert_eq!(m.outage_of(Color::Red, 5_000, 60_000), MAX_EXCUSED_MS);
        assert_eq!(m.outage_of(Color::Red, 1_500, 1_900), 0, "back before Blue's move made it Red's turn");
        assert_eq!(m.outage_of(Color::Red, 5_000, 4_000), 0, "back before lost");
    }
}
