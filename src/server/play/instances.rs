//! The other instances sharing a PostgreSQL database, as this one hears them: each says it
//! runs every [`ALIVE_EVERY_MS`] and reports the seats it holds connections for. One silent
//! for [`SILENT_MS`] (killed, frozen, cut off) or that says it stops is lost: its seats count
//! as left at its last sign of life, and a seat of it that comes back here within
//! [`MAX_EXCUSED_MS`] is given back the time its clock ran meanwhile (see
//! [`outage`](crate::server::game::outage)).

use crate::rules::{ByColor, Color};
use crate::server::game::outage::MAX_EXCUSED_MS;
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// How often an instance says it runs, in ms.
pub const ALIVE_EVERY_MS: i64 = 500;
/// How long an instance may be silent before it counts as lost: a few of its signs of life,
/// lost or late on a busy machine.
pub const SILENT_MS: i64 = 3_000;

/// A seat of a game.
pub type SeatOf = (String, Color);

/// What is known of another instance.
#[derive(Default)]
struct Other {
    /// Its last sign of life (ms).
    last: i64,
    /// The seats it holds connections for.
    seats: HashSet<SeatOf>,
}

/// An instance lost: when it was last heard of and the seats it held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lost {
    /// Its id.
    pub instance: String,
    /// Its last sign of life (ms).
    pub at: i64,
    /// The seats it held then.
    pub seats: Vec<SeatOf>,
}

/// The other instances.
pub struct Instances {
    /// This instance's id: its own signs of life, heard back, show that the channel works.
    own: String,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    others: HashMap<String, Other>,
    /// This instance's own last sign of life, heard back through the database.
    own_last: i64,
    /// Since when its own signs of life have been heard without a gap: while the channel (or
    /// the database) is away, every instance is silent and none is lost for it.
    own_since: i64,
    /// The seats of instances lost lately that have not come back here, with when each was lost.
    lost_seats: HashMap<SeatOf, i64>,
}

impl Instances {
    /// The other instances of the instance `own`, none heard yet.
    pub fn new(own: &str) -> Instances {
        Instances { own: own.to_string(), state: Mutex::default() }
    }

    /// `instance` says it runs, at `now`.
    pub fn alive(&self, instance: &str, now: i64) {
        let mut state = self.state.lock().expect("instances lock");
        if instance == self.own {
            if now - state.own_last >= SILENT_MS {
                state.own_since = now;
            }
            state.own_last = now;
        } else {
            state.others.entry(instance.to_string()).or_default().last = now;
        }
    }

    /// `instance` reports `count` connections on each seat of `game` (a sign of life too).
    pub fn report(&self, instance: &str, game: &str, count: ByColor<u32>, now: i64) {
        if instance == self.own {
            return;
        }
        let mut state = self.state.lock().expect("instances lock");
        let other = state.others.entry(instance.to_string()).or_default();
        other.last = now;
        for color in Color::ALL {
            let seat = (game.to_string(), color);
            if count[color] > 0 {
                other.seats.insert(seat);
            } else {
                other.seats.remove(&seat);
            }
        }
    }

    /// The seats of `game` each other instance holds connections for (counted 1 each): what a
    /// room loaded now has not heard yet (the instances repeat it only every 20 s).
    pub fn seats_of(&self, game: &str) -> Vec<(String, ByColor<u32>)> {
        let state = self.state.lock().expect("instances lock");
        let holds = |other: &Other, color| u32::from(other.seats.contains(&(game.to_string(), color)));
        state
            .others
            .iter()
            .map(|(id, other)| {
                (id.clone(), ByColor::new(holds(other, Color::Red), holds(other, Color::Blue)))
            })
            .filter(|(_, count)| *count != ByColor::new(0, 0))
            .collect()
    }

    /// `instance` says it stops, at `now`: lost from then.
    pub fn stopping(&self, instance: &str, now: i64) -> Option<Lost> {
        let mut state = self.state.lock().expect("instances lock");
        let other = state.others.remove(instance)?;
        Some(state.lose(instance.to_string(), Other { last: now, ..other }, now))
    }

    /// The instances silent for [`SILENT_MS`] at `now` while this one's own signs of life
    /// were heard (none while they are not: the database is away), lost now.
    pub fn silent(&self, now: i64) -> Vec<Lost> {
        let mut state = self.state.lock().expect("instances lock");
        if now - state.own_last >= SILENT_MS {
            return Vec::new();
        }
        let heard_from = state.own_since;
        let quiet: Vec<String> = state
            .others
            .iter()
            .filter(|(_, o)| now - o.last.max(heard_from) >= SILENT_MS)
            .map(|(id, _)| id.clone())
            .collect();
        quiet
            .into_iter()
            .filter_map(|id| {
                let other = state.others.remove(&id)?;
                Some(state.lose(id, other, now))
            })
            .collect()
    }

    /// When the instance `seat` was last on was lost, if lately (within [`MAX_EXCUSED_MS`] of
    /// `now`); forgotten then, so that the time is given back once.
    pub fn take_lost(&self, seat: &SeatOf, now: i64) -> Option<i64> {
        let mut state = self.state.lock().expect("instances lock");
        state.lost_seats.remove(seat).filter(|&at| now - at <= MAX_EXCUSED_MS)
    }
}

impl State {
    fn lose(&mut self, instance: String, other: Other, now: i64) -> Lost {
        self.lost_seats.retain(|_, &mut at| now - at <= MAX_EXCUSED_MS);
        for seat in &other.seats {
            self.lost_seats.insert(seat.clone(), other.last);
        }
        Lost { instance, at: other.last, seats: other.seats.into_iter().collect() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_silent_instance_is_lost_with_its_seats_from_its_last_sign_of_life() {
        let instances = Instances::new("me");
        instances.alive("me", 500);
        instances.report("a", "g", ByColor::new(1, 0), 1_000);
        assert_eq!(instances.seats_of("g"), vec![("a".to_string(), ByColor::new(1, 0))]);
        assert_eq!(instances.seats_of("h"), vec![]);
        instances.alive("a", 1_500);
        instances.alive("b", 3_000);
        instances.alive("me", 2_500);
        instances.alive("me", 4_000);
        assert_eq!(instances.silent(1_500 + SILENT_MS - 1), vec![]);
        let lost = instances.silent(1_500 + SILENT_MS);
        assert_eq!(
            lost,
            vec![Lost { instance: "a".into(), at: 1_500, seats: vec![("g".into(), Color::Red)] }]
        );
        assert_eq!(instances.seats_of("g"), vec![], "lost");
        let seat = ("g".to_string(), Color::Red);
        assert_eq!(instances.take_lost(&seat, 5_000), Some(1_500));
        assert_eq!(instances.take_lost(&seat, 5_000), None, "given back once");
    }

    #[test]
    fn nobody_is_lost_while_the_instance_s_own_signs_of_life_are_not_heard() {
        let instances = Instances::new("me");
        instances.alive("me", 1_000);
        instances.alive("a", 1_000);
        assert_eq!(instances.silent(1_000 + SILENT_MS), vec![], "the database is away");
        // Back: the others are given the time to be heard again.
        instances.alive("me", 10_000);
        assert_eq!(instances.silent(10_000 + SILENT_MS - 1), vec![]);
        assert_eq!(instances.silent(10_500 + SILENT_MS).len(), 0, "own signs of life stopped again");
        instances.alive("me", 12_500);
        assert_eq!(instances.silent(10_000 + SILENT_MS).len(), 1, "silent since the channel is back");
    }

    #[test]
    fn a_stopping_instance_is_lost_at_once_and_a_late_return_gets_nothing() {
        let instances = Instances::new("me");
        instances.report("a", "g", ByColor::new(0, 2), 1_000);
        instances.report("a", "h", ByColor::new(1, 0), 1_000);
        instances.report("a", "h", ByColor::new(0, 0), 1_200);
        let lost = instances.stopping("a", 2_000).expect("known");
        assert_eq!((lost.at, lost.seats), (2_000, vec![("g".into(), Color::Blue)]));
        assert_eq!(instances.take_lost(&("g".into(), Color::Blue), 2_000 + MAX_EXCUSED_MS + 1), None);
        assert_eq!(instances.stopping("a", 3_000), None, "already lost");
    }
}
