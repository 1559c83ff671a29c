//! Game clocks, kept by the server: a live clock (seconds + increment per move) or a
//! correspondence clock (days per move). Times are milliseconds since the Unix epoch.

use crate::rules::{ByColor, Color};
use serde::{Deserialize, Serialize};

/// The longest live clock: 3 hours.
pub const MAX_SECONDS: u32 = 3 * 3600;
/// The largest increment: 3 minutes.
pub const MAX_INCREMENT: u32 = 180;
/// The longest correspondence time per move: 30 days.
pub const MAX_DAYS: u32 = 30;

/// A day in milliseconds.
pub const DAY_MS: i64 = 24 * 3600 * 1000;

pub use crate::server::time::now_ms;

/// How a game is timed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
pub enum ClockSpec {
    /// No clock.
    #[default]
    None,
    /// Each side has `seconds`, and gains `increment` seconds per move made.
    Live {
        /// The time each side starts with.
        seconds: u32,
        /// Seconds added after each of one's moves.
        #[serde(default)]
        increment: u32,
    },
    /// Each move must be made within `days`.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

impl ClockSpec {
    /// Checks the limits; the error names the bad field.
    pub fn check(&self) -> Result<(), String> {
        match *self {
            ClockSpec::None => Ok(()),
            ClockSpec::Live { seconds, increment } => {
                if !(1..=MAX_SECONDS).contains(&seconds) {
                    return Err(format!("clock.seconds must be 1 to {MAX_SECONDS}"));
                }
                if increment > MAX_INCREMENT {
                    return Err(format!("clock.increment must be 0 to {MAX_INCREMENT}"));
                }
                Ok(())
            }
            ClockSpec::Correspondence { days } if (1..=MAX_DAYS).contains(&days) => Ok(()),
            ClockSpec::Correspondence { .. } => Err(format!("clock.days must be 1 to {MAX_DAYS}")),
        }
    }

    /// Whether a flag can fall.
    pub fn is_timed(&self) -> bool {
        *self != ClockSpec::None
    }

    /// The time each side has when the game starts (0 without a clock).
    pub fn start_ms(&self) -> i64 {
        match *self {
            ClockSpec::None => 0,
            ClockSpec::Live { seconds, .. } => i64::from(seconds) * 1000,
            ClockSpec::Correspondence { days } => i64::from(days) * DAY_MS,
        }
    }

    /// A compact text for the database: `none`, `live:300+3`, `days:2`.
    pub fn to_text(self) -> String {
        match self {
            ClockSpec::None => "none".into(),
            ClockSpec::Live { seconds, increment } => format!("live:{seconds}+{increment}"),
            ClockSpec::Correspondence { days } => format!("days:{days}"),
        }
    }

    /// The clock as a record's `TimeControl` header, in PGN's notation: `-` for none,
    /// `180+2` (seconds, then the increment per move) for a live clock, and `1/172800` (one
    /// move in so many seconds: 2 days) for a correspondence clock.
    pub fn time_control(self) -> String {
        match self {
            ClockSpec::None => "-".into(),
            ClockSpec::Live { seconds, increment } => format!("{seconds}+{increment}"),
            ClockSpec::Correspondence { days } => format!("1/{}", i64::from(days) * DAY_MS / 1000),
        }
    }

    /// Reads [`ClockSpec::to_text`].
    pub fn from_text(text: &str) -> Option<ClockSpec> {
        if text == "none" {
            return Some(ClockSpec::None);
        }
        if let Some(days) = text.strip_prefix("days:") {
            return Some(ClockSpec::Correspondence { days: days.parse().ok()? });
        }
        let (seconds, increment) = text.strip_prefix("live:")?.split_once('+')?;
        Some(ClockSpec::Live { seconds: seconds.parse().ok()?, increment: increment.parse().ok()? })
    }
}

/// Both sides' time left, as it was at `since`, when the side to move's clock last started.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clocks {
    /// Time left at `since`.
    pub left: ByColor<i64>,
    /// When the side to move started thinking.
    pub since: i64,
}

impl Clocks {
    /// Full clocks, the side to move starting at `now`.
    pub fn start(spec: &ClockSpec, now: i64) -> Clocks {
        let full = spec.start_ms();
        Clocks { left: ByColor::new(full, full), since: now }
    }

    /// Time left for `color` at `now`, `turn` being the side whose clock runs.
    pub fn left_at(&self, color: Color, turn: Color, now: i64) -> i64 {
        let spent = if color == turn { (now - self.since).max(0) } else { 0 };
        (self.left[color] - spent).max(0)
    }

    /// When the running clock reaches zero.
    pub fn deadline(&self, turn: Color) -> i64 {
        self.since + self.left[turn]
    }

    /// Stops `mover`'s clock at `now` after a move and starts the other one. Returns false,
    /// changing nothing, when `mover` had run out of time.
    pub fn on_move(&mut self, spec: &ClockSpec, mover: Color, now: i64) -> bool {
        if self.left_at(mover, mover, now) == 0 {
            return false;
        }
        self.left[mover] = match *spec {
            ClockSpec::None => 0,
            ClockSpec::Live { increment, .. } => {
                self.left_at(mover, mover, now) + i64::from(increment) * 1000
            }
            ClockSpec::Correspondence { .. } => spec.start_ms(),
        };
        self.since = now;
        true
    }

    /// Leaves out of the running clock the `ms` a change of the game waited for the database
    /// (while it was away, nobody could move): that clock counts from that much later.
    pub fn leave_out(&mut self, ms: i64) {
        self.since += ms.max(0);
    }

    /// Charges `turn` for its time up to `now` and restarts the clock there (after a takeback).
    pub fn restart(&mut self, turn: Color, now: i64) {
        self.left[turn] = self.left_at(turn, turn, now);
        self.since = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_clock_charges_the_mover_and_adds_the_increment() {
        let spec = ClockSpec::Live { seconds: 60, increment: 2 };
        let mut clocks = Clocks::start(&spec, 1000);
        assert!(clocks.on_move(&spec, Color::Red, 11_000));
        assert_eq!(clocks.left[Color::Red], 52_000);
        assert_eq!(clocks.left_at(Color::Blue, Color::Blue, 21_000), 50_000);
        assert_eq!(clocks.deadline(Color::Blue), 71_000);
        assert!(!clocks.on_move(&spec, Color::Blue, 71_000));
        assert_eq!(clocks.left[Color::Blue], 60_000, "a refused move changes nothing");
    }

    #[test]
    fn time_left_out_counts_for_nobody() {
        let spec = ClockSpec::Live { seconds: 60, increment: 0 };
        let mut clocks = Clocks::start(&spec, 0);
        clocks.leave_out(20_000);
        assert_eq!(clocks.left_at(Color::Red, Color::Red, 25_000), 55_000);
        assert_eq!(clocks.deadline(Color::Red), 80_000);
        clocks.leave_out(-5);
        assert_eq!(clocks.since, 20_000, "time is never added back");
    }

    #[test]
    fn correspondence_clock_gives_the_full_time_for_every_move() {
        let spec = ClockSpec::Correspondence { days: 1 };
        let mut clocks = Clocks::start(&spec, 0);
        assert!(clocks.on_move(&spec, Color::Red, DAY_MS - 1));
        assert_eq!(clocks.left[Color::Red], DAY_MS);
        assert_eq!(clocks.deadline(Color::Blue), 2 * DAY_MS - 1);
    }

    #[test]
    fn clock_text_round_trips_and_limits_are_checked() {
        for spec in [
            ClockSpec::None,
            ClockSpec::Live { seconds: 300, increment: 3 },
            ClockSpec::Correspondence { days: 3 },
        ] {
            assert_eq!(ClockSpec::from_text(&spec.to_text()), Some(spec));
            assert!(spec.check().is_ok());
        }
        assert!(ClockSpec::Live { seconds: 0, increment: 0 }.check().is_err());
        assert!(ClockSpec::Correspondence { days: 31 }.check().is_err());
        assert_eq!(ClockSpec::from_text("live:3"), None);
    }
}
