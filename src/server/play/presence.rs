//! Which seats have a connection, and since when a seat has had none: counted on this
//! instance, and heard from the other instances (PostgreSQL), whose reports expire unless
//! repeated.

use crate::rules::{ByColor, Color};
use std::collections::HashMap;

/// How often an instance repeats the connections it holds, in milliseconds.
pub const HEARTBEAT_MS: i64 = 20_000;
/// How long another instance's report holds without being repeated.
const FRESH_MS: i64 = 3 * HEARTBEAT_MS;

/// A seat's connection at a moment, as the game's views show it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SeatState {
    /// Whether the seat has a connection on any instance.
    pub connected: bool,
    /// How long the seat has had no connection anywhere, in ms (0 while it has one).
    pub away: i64,
}

/// What another instance last said.
#[derive(Clone, Copy, Debug)]
struct Report {
    count: ByColor<u32>,
    heard: i64,
    /// When each seat was last known connected there (or left there).
    seen: ByColor<i64>,
}

/// The connections of a game's seats.
#[derive(Clone, Debug)]
pub struct Presence {
    local: ByColor<u32>,
    /// Since when each seat has had no connection here.
    absent_since: ByColor<i64>,
    /// Since when each seat has had one here (when it has one).
    here_since: ByColor<i64>,
    remote: HashMap<String, Report>,
    /// The connection state last announced to the room.
    announced: ByColor<bool>,
}

impl Presence {
    /// Nobody connected, absent from `now` (a room just loaded, after a restart too).
    pub fn new(now: i64) -> Presence {
        Presence {
            local: ByColor::new(0, 0),
            absent_since: ByColor::new(now, now),
            here_since: ByColor::new(now, now),
            remote: HashMap::new(),
            announced: ByColor::new(false, false),
        }
    }

    /// The connections on this instance.
    pub fn local(&self) -> ByColor<u32> {
        self.local
    }

    /// A connection of this instance takes (`arrive`) or leaves `color`'s seat.
    pub fn change(&mut self, color: Color, arrive: bool, now: i64) {
        let count = &mut self.local[color];
        *count = if arrive { *count + 1 } else { count.saturating_sub(1) };
        if *count == 0 {
            self.absent_since[color] = now;
        } else if arrive && *count == 1 {
            self.here_since[color] = now;
        }
    }

    /// Since when `color`'s seat has had a connection on this instance, if it has one.
    pub fn here_since(&self, color: Color) -> Option<i64> {
        (self.local[color] > 0).then_some(self.here_since[color])
    }

    /// Another instance was lost (no sign of life since `at`): its connections count as
    /// closed then.
    pub fn lost(&mut self, instance: &str, at: i64) {
        if let Some(report) = self.remote.get_mut(instance) {
            for color in Color::ALL {
                if report.count[color] > 0 {
                    report.seen[color] = at;
                }
            }
            report.count = ByColor::new(0, 0);
        }
    }

    /// Another instance reports its connections.
    pub fn heard(&mut self, instance: &str, count: ByColor<u32>, now: i64) {
        let never = ByColor::new(i64::MIN, i64::MIN);
        let report =
            self.remote.entry(instance.to_string()).or_insert(Report { count, heard: now, seen: never });
        for color in Color::ALL {
            if count[color] > 0 || report.count[color] > 0 {
                report.seen[color] = now;
            }
        }
        report.count = count;
        report.heard = now;
        self.remote.retain(|_, r| now - r.heard < FRESH_MS || r.count == ByColor::new(0, 0));
    }

    /// Which seats have a connection on any instance.
    pub fn connected(&self, now: i64) -> ByColor<bool> {
        let seat = |c: Color| {
            self.local[c] > 0 || self.remote.values().any(|r| r.count[c] > 0 && now - r.heard < FRESH_MS)
        };
        ByColor::new(seat(Color::Red), seat(Color::Blue))
    }

    /// How long `color`'s seat has had no connection anywhere (0 while it has one).
    pub fn absent_for(&self, color: Color, now: i64) -> i64 {
        if self.connected(now)[color] {
            return 0;
        }
        let since = self.remote.values().map(|r| r.seen[color]).fold(self.absent_since[color], i64::max);
        now - since
    }

    /// Each seat's connection at `now`.
    pub fn seats(&self, now: i64) -> ByColor<SeatState> {
        let connected = self.connected(now);
        let seat = |c: Color| SeatState { connected: connected[c], away: self.absent_for(c, now) };
        ByColor::new(seat(Color::Red), seat(Color::Blue))
    }

    /// The connection state, if it changed since last announced.
    pub fn news(&mut self, now: i64) -> Option<ByColor<bool>> {
        let connected = self.connected(now);
        (connected != self.announced).then(|| {
            self.announced = connected;
            connected
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_away_only_when_away_everywhere() {
        let mut p = Presence::new(0);
        p.change(Color::Blue, true, 0);
        assert_eq!(p.news(0), Some(ByColor::new(false, true)));
        assert_eq!(p.news(1), None);
        p.change(Color::Blue, false, 100);
        p.heard("other", ByColor::new(0, 1), 200);
        assert_eq!(p.absent_for(Color::Blue, 5_000), 0, "connected on the other instance");
        p.heard("other", ByColor::new(0, 0), 1_000);
        assert_eq!(p.absent_for(Color::Blue, 5_000), 4_000, "away since it left the other instance");
        p.heard("third", ByColor::new(1, 0), 2_000);
        assert_eq!(p.absent_for(Color::Blue, 5_000), 4_000, "another seat's reports do not count");
        assert!(!p.connected(2_000 + FRESH_MS)[Color::Red], "an unrepeated report expires");
        let seats = p.seats(5_000);
        assert_eq!(seats.red, SeatState { connected: true, away: 0 });
        assert_eq!(seats.blue, SeatState { connected: false, away: 4_000 });
    }

    #[test]
    fn the_seats_of_a_lost_instance_are_away_since_its_last_sign_of_life() {
        let mut p = Presence::new(0);
        p.heard("lost", ByColor::new(1, 0), 1_000);
        p.change(Color::Blue, true, 1_500);
        assert!(p.connected(3_000)[Color::Red]);
        p.lost("lost", 2_000);
        assert_eq!(p.seats(3_000).red, SeatState { connected: false, away: 1_000 });
        assert_eq!(p.here_since(Color::Blue), Some(1_500));
        assert_eq!(p.here_since(Color::Red), None);
        p.change(Color::Red, true, 4_000);
        assert_eq!(p.here_since(Color::Red), Some(4_000), "back here");
    }
}
