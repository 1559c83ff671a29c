//! A member's vacation in a correspondence game: while a side is on vacation its clock does
//! not run (its flag cannot fall, its time left stays as it was); when the vacation ends the
//! clock runs again from where it stood. The running clock is held by counting it from the
//! vacation's end ([`Clocks::since`](super::clock::Clocks) in the future), so a stored game
//! needs nothing more to be held; the vacation's end itself is kept with the game to hold the
//! side's clock again whenever the turn comes back to it. A side may still move during its
//! vacation: the move gives the opponent their clock as usual. Live games are not held.

use super::clock::ClockSpec;
use super::ending::Status;
use super::event::Event;
use super::match_state::Match;
use crate::rules::Color;

impl Match {
    /// `color`'s player is on vacation until `until` (none: no longer, from `now`). A running
    /// clock of theirs is charged up to `now`, then held until `until`.
    /// Told again of the same vacation (a game read with it holds it only from its next change
    /// on), it is applied again: the same game, stored once more.
    pub(super) fn set_vacation(&mut self, color: Color, until: Option<i64>, now: i64) -> Event {
        let until = until.filter(|&until| until > now);
        let ends_none = until.is_none() && self.on_vacation(color, now).is_none();
        if !self.is_correspondence() || self.status == Status::Over || ends_none {
            return Event::Unchanged;
        }
        if self.clock_running() && self.turn() == color {
            if let Some(ended) = self.flag(now) {
                return ended;
            }
            self.clocks.restart(color, now);
        }
        self.vacation[color] = until;
        self.hold_for_vacation();
        Event::VacationChanged
    }

    /// Holds the running clock of a side on vacation until the vacation's end (after any
    /// change: a move or a takeback may have given that side the turn).
    pub(super) fn hold_for_vacation(&mut self) {
        if !self.is_correspondence() || !self.clock_running() {
            return;
        }
        if let Some(until) = self.vacation[self.turn()] {
            self.clocks.since = self.clocks.since.max(until);
        }
    }

    /// `color`'s vacation's end, if it is on vacation at `now`.
    pub fn on_vacation(&self, color: Color, now: i64) -> Option<i64> {
        self.vacation[color].filter(|&until| until > now && self.is_correspondence())
    }

    fn is_correspondence(&self) -> bool {
        matches!(self.clock, ClockSpec::Correspondence { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::game::clock::DAY_MS;
    use crate::server::game::event::Command;
    use crate::server::game::match_state::Seat;

    fn seat(name: &str) -> Seat {
        Seat { name: name.into(), token_digest: name.into() }
    }

    /// A game of `clock`, both sides' first moves played at 0: Red to move, its clock running.
    fn started(clock: ClockSpec) -> Match {
        let game = crate::rules::Game::new(crate::rules::Rules::default());
        let mut m = Match::open("g".into(), game, clock, Color::Red, seat("a"), 0);
        m.apply(Command::Join(seat("b")), 0).unwrap();
        m.apply(Command::Play { by: Color::Red, ply: 0, mv: "a3a4".into() }, 0).unwrap();
        m.apply(Command::Play { by: Color::Blue, ply: 1, mv: "a7a6".into() }, 0).unwrap();
        m
    }

    fn vacation(m: &mut Match, color: Color, until: Option<i64>, now: i64) -> Event {
        m.apply(Command::Vacation { color, until }, now).unwrap()
    }

    #[test]
    fn the_clock_of_a_side_on_vacation_stands_until_it_ends() {
        let mut m = started(ClockSpec::Correspondence { days: 1 });
        // Red thought 6 hours, then goes on vacation for 3 days.
        let start = DAY_MS / 4;
        assert!(matches!(
            vacation(&mut m, Color::Red, Some(start + 3 * DAY_MS), start),
            Event::VacationChanged
        ));
        assert_eq!(m.time_left(Color::Red, start + 3 * DAY_MS), DAY_MS * 3 / 4, "held, not charged");
        assert_eq!(m.deadline(), Some(start + 3 * DAY_MS + DAY_MS * 3 / 4));
        assert!(matches!(m.apply(Command::Flag, start + 3 * DAY_MS).unwrap(), Event::Unchanged));
        assert_eq!(m.on_vacation(Color::Red, start), Some(start + 3 * DAY_MS));
        assert_eq!(m.on_vacation(Color::Red, start + 3 * DAY_MS), None);
    }

    #[test]
    fn the_turn_coming_back_to_a_side_on_vacation_is_held_too() {
        let mut m = started(ClockSpec::Correspondence { days: 1 });
        vacation(&mut m, Color::Blue, Some(10 * DAY_MS), 0);
        m.apply(Command::Play { by: Color::Red, ply: 2, mv: "a4a5".into() }, DAY_MS / 2).unwrap();
        assert_eq!(m.deadline(), Some(11 * DAY_MS));
        // Blue moves during its vacation: Red's clock runs from that move, as always.
        m.apply(Command::Play { by: Color::Blue, ply: 3, mv: "a6a5".into() }, DAY_MS).unwrap();
        assert_eq!(m.deadline(), Some(2 * DAY_MS));
    }

    #[test]
    fn a_vacation_told_again_holds_a_clock_read_with_it() {
        let mut m = started(ClockSpec::Correspondence { days: 1 });
        m.vacation.red = Some(3 * DAY_MS); // read with the game, not yet told
        assert!(matches!(vacation(&mut m, Color::Red, Some(3 * DAY_MS), DAY_MS / 2), Event::VacationChanged));
        assert_eq!(m.deadline(), Some(3 * DAY_MS + DAY_MS / 2), "half a day spent before it");
        assert!(matches!(vacation(&mut m, Color::Red, Some(3 * DAY_MS), DAY_MS), Event::VacationChanged));
        assert_eq!(m.deadline(), Some(3 * DAY_MS + DAY_MS / 2), "the same, told again");
    }

    #[test]
    fn ending_early_runs_the_clock_from_then() {
        let mut m = started(ClockSpec::Correspondence { days: 2 });
        vacation(&mut m, Color::Red, Some(10 * DAY_MS), DAY_MS);
        assert!(matches!(vacation(&mut m, Color::Red, None, 3 * DAY_MS), Event::VacationChanged));
        assert_eq!(m.deadline(), Some(4 * DAY_MS), "a day spent before, a day left from day 3");
        assert!(matches!(vacation(&mut m, Color::Red, None, 3 * DAY_MS), Event::Unchanged));
    }

    #[test]
    fn live_games_and_fallen_flags_are_not_held() {
        let mut m = started(ClockSpec::Live { seconds: 60, increment: 0 });
        assert!(matches!(vacation(&mut m, Color::Red, Some(DAY_MS), 0), Event::Unchanged));
        let mut m = started(ClockSpec::Correspondence { days: 1 });
        assert!(matches!(vacation(&mut m, Color::Red, Some(5 * DAY_MS), 2 * DAY_MS), Event::Ended));
        assert_eq!(m.status, Status::Over);
    }
}
