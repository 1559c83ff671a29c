//! A ladder: a ranked list of members, the first at the top. A member challenges someone at
//! most [`Limits::reach`] places above; the winner of a ladder game takes the loser's place if
//! the loser was higher (the loser and everyone between move down one); a draw changes nothing.
//! The rules the server follows, worked out here without I/O or a clock:
//!
//! - a newcomer joins at the bottom, or (a ladder's setting) above the first member rated
//!   lower ([`place_for_rating`]);
//! - a challenge is refused beyond the reach, with more than [`Limits::max_open`] open
//!   challenges on either side (given and received), or within the cool-down since the last
//!   challenge between the two ([`Ladder::check_challenge`]);
//! - not answering in time is a loss by forfeit, and so is declining once the challenged has
//!   declined [`Limits::free_declines`] challenges since their last ladder game
//!   ([`decline_forfeits`]);
//! - a member without a ladder game for a period moves down one place per period, never below
//!   another member who is idle too ([`Ladder::drop_idle`]);
//! - a member who leaves makes everyone below move up one ([`Ladder::leave`]).

use std::fmt;

/// What a ladder allows: its settings that decide who may challenge whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How many places above themselves a member may challenge (N ≥ 1).
    pub reach: usize,
    /// The most open challenges (waiting for an answer, or being played) a member may have,
    /// given and received together (K ≥ 1).
    pub max_open: usize,
    /// How long after a challenge between two members neither may challenge the other (ms).
    pub cool_down_ms: i64,
    /// The declines since the member's last ladder game that are free; the next is a forfeit.
    pub free_declines: usize,
}

/// Why a challenge is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    /// One of the two is not on the ladder.
    NotOnLadder,
    /// A member cannot challenge themselves, nor anyone at or below their own place.
    NotAbove,
    /// The challenged is more places above than the reach.
    OutOfReach {
        /// The ladder's reach.
        reach: usize,
    },
    /// One of the two has the most open challenges already.
    TooManyOpen {
        /// The most a member may have.
        limit: usize,
    },
    /// The two had a challenge lately.
    CoolingDown {
        /// Not again before then (ms).
        until: i64,
    },
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            ChallengeError::NotOnLadder => write!(f, "both members must be on the ladder"),
            ChallengeError::NotAbove => write!(f, "a member challenges someone placed above them"),
            ChallengeError::OutOfReach { reach } => {
                write!(f, "a member challenges someone at most {reach} places above")
            }
            ChallengeError::TooManyOpen { limit } => {
                write!(f, "a member has at most {limit} open challenges")
            }
            ChallengeError::CoolingDown { until } => {
                write!(f, "these two had a challenge lately: not again before {until} ms")
            }
        }
    }
}

/// What a challenge asks of the ladder, with the facts the limits need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge<'a, M> {
    /// Who challenges.
    pub challenger: &'a M,
    /// Who is challenged.
    pub challenged: &'a M,
    /// The open challenges of each, given and received.
    pub open: [usize; 2],
    /// When the last challenge between the two was made (ms), if any.
    pub last_between: Option<i64>,
    /// Now (ms).
    pub now: i64,
}

/// A change of places: `member` went from place `from` to place `to` (places from 0, the top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<M> {
    /// Who moved.
    pub member: M,
    /// The place before.
    pub from: usize,
    /// The place after.
    pub to: usize,
}

/// A ranked list of members, the first at the top. Every change keeps it a list of distinct
/// members: no place is lost or doubled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ladder<M> {
    ranking: Vec<M>,
}

impl<M: PartialEq + Clone> Ladder<M> {
    /// The ladder of `ranking`, top first.
    pub fn new(ranking: Vec<M>) -> Ladder<M> {
        Ladder { ranking }
    }

    /// The members, top first.
    pub fn ranking(&self) -> &[M] {
        &self.ranking
    }

    /// The place of `member` (0: the top), if on the ladder.
    pub fn place(&self, member: &M) -> Option<usize> {
        self.ranking.iter().position(|m| m == member)
    }

    /// Puts `member` at `place` (at most the bottom), the members from there moving down one;
    /// the place taken, or none if the member is on the ladder already.
    pub fn join(&mut self, member: M, place: usize) -> Option<usize> {
        if self.place(&member).is_some() {
            return None;
        }
        let place = place.min(self.ranking.len());
        self.ranking.insert(place, member);
        Some(place)
    }

    /// Takes `member` off the ladder, everyone below moving up one; the place they had.
    pub fn leave(&mut self, member: &M) -> Option<usize> {
        let place = self.place(member)?;
        self.ranking.remove(place);
        Some(place)
    }

    /// Whether `challenge` is allowed; else why not.
    pub fn check_challenge(&self, challenge: &Challenge<M>, limits: &Limits) -> Result<(), ChallengeError> {
        let below = self.place(challenge.challenger).ok_or(ChallengeError::NotOnLadder)?;
        let above = self.place(challenge.challenged).ok_or(ChallengeError::NotOnLadder)?;
        if above >= below {
            return Err(ChallengeError::NotAbove);
        }
        if below - above > limits.reach {
            return Err(ChallengeError::OutOfReach { reach: limits.reach });
        }
        if challenge.open.iter().any(|&open| open >= limits.max_open) {
            return Err(ChallengeError::TooManyOpen { limit: limits.max_open });
        }
        match challenge.last_between.map(|at| at + limits.cool_down_ms) {
            Some(until) if challenge.now < until => Err(ChallengeError::CoolingDown { until }),
            _ => Ok(()),
        }
    }

    /// The winner of a ladder game takes the loser's place if the loser was higher: the loser
    /// and everyone between move down one. The moves made (none if the winner was higher, or
    /// either is off the ladder), the winner's first.
    pub fn won(&mut self, winner: &M, loser: &M) -> Vec<Move<M>> {
        let (Some(from), Some(to)) = (self.place(winner), self.place(loser)) else { return Vec::new() };
        if to >= from {
            return Vec::new();
        }
        self.ranking[to..=from].rotate_right(1);
        let mut moves = vec![Move { member: winner.clone(), from, to }];
        moves.extend((to..from).map(|place| Move {
            member: self.ranking[place + 1].clone(),
            from: place,
            to: place + 1,
        }));
        moves
    }

    /// Each member of `idle` moves down one place, past a member who is not idle: the lowest
    /// first, so that an idle member never passes another idle one. The moves of the idle.
    pub fn drop_idle(&mut self, idle: &[M]) -> Vec<Move<M>> {
        let mut moves = Vec::new();
        for place in (0..self.ranking.len().saturating_sub(1)).rev() {
            if idle.contains(&self.ranking[place]) && !idle.contains(&self.ranking[place + 1]) {
                self.ranking.swap(place, place + 1);
                moves.push(Move { member: self.ranking[place + 1].clone(), from: place, to: place + 1 });
            }
        }
        moves
    }
}

/// Where a newcomer rated `rating` joins a ladder whose members are rated `ratings` (top
/// first): above the first member rated lower, else at the bottom.
pub fn place_for_rating(ratings: &[i64], rating: i64) -> usize {
    ratings.iter().position(|&r| r < rating).unwrap_or(ratings.len())
}

/// Whether declining one more challenge is a loss by forfeit for a member who declined
/// `declined` challenges since their last ladder game.
pub fn decline_forfeits(declined: usize, limits: &Limits) -> bool {
    declined >= limits.free_declines
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { reach: 2, max_open: 2, cool_down_ms: 1000, free_declines: 1 };

    fn of(names: &str) -> Ladder<char> {
        Ladder::new(names.chars().collect())
    }

    fn names(ladder: &Ladder<char>) -> String {
        ladder.ranking().iter().collect()
    }

    fn challenge<'a>(challenger: &'a char, challenged: &'a char) -> Challenge<'a, char> {
        Challenge { challenger, challenged, open: [0, 0], last_between: None, now: 5000 }
    }

    #[test]
    fn a_winner_from_below_takes_the_place_and_those_between_move_down_one() {
        // A B C D E: E (place 4) beats C (place 2): A B E C D.
        let mut ladder = of("ABCDE");
        let moves = ladder.won(&'E', &'C');
        assert_eq!(names(&ladder), "ABECD");
        assert_eq!(
            moves,
            [
                Move { member: 'E', from: 4, to: 2 },
                Move { member: 'C', from: 2, to: 3 },
                Move { member: 'D', from: 3, to: 4 },
            ]
        );
    }

    #[test]
    fn a_winner_from_above_or_a_stranger_changes_nothing() {
        let mut ladder = of("ABCDE");
        assert!(ladder.won(&'B', &'D').is_empty());
        assert!(ladder.won(&'Z', &'A').is_empty());
        assert!(ladder.won(&'A', &'A').is_empty());
        assert_eq!(names(&ladder), "ABCDE");
    }

    #[test]
    fn the_next_one_up_swaps_with_the_one_beaten() {
        let mut ladder = of("ABC");
        ladder.won(&'B', &'A');
        assert_eq!(names(&ladder), "BAC");
    }

    #[test]
    fn a_challenge_reaches_up_to_n_places_above_and_no_further() {
        let ladder = of("ABCDE");
        // E is at 4: C (2) is 2 above, B (1) is 3.
        assert_eq!(ladder.check_challenge(&challenge(&'E', &'C'), &LIMITS), Ok(()));
        assert_eq!(ladder.check_challenge(&challenge(&'E', &'D'), &LIMITS), Ok(()));
        assert_eq!(
            ladder.check_challenge(&challenge(&'E', &'B'), &LIMITS),
            Err(ChallengeError::OutOfReach { reach: 2 })
        );
        assert_eq!(ladder.check_challenge(&challenge(&'C', &'E'), &LIMITS), Err(ChallengeError::NotAbove));
        assert_eq!(ladder.check_challenge(&challenge(&'C', &'C'), &LIMITS), Err(ChallengeError::NotAbove));
        assert_eq!(ladder.check_challenge(&challenge(&'Z', &'A'), &LIMITS), Err(ChallengeError::NotOnLadder));
    }

    #[test]
    fn open_challenges_on_either_side_and_the_cool_down_limit_a_challenge() {
        let ladder = of("ABC");
        let busy = |open| Challenge { open, ..challenge(&'C', &'B') };
        assert_eq!(ladder.check_challenge(&busy([1, 1]), &LIMITS), Ok(()));
        assert_eq!(
            ladder.check_challenge(&busy([2, 0]), &LIMITS),
            Err(ChallengeError::TooManyOpen { limit: 2 })
        );
        assert_eq!(
            ladder.check_challenge(&busy([0, 2]), &LIMITS),
            Err(ChallengeError::TooManyOpen { limit: 2 })
        );
        // The last challenge between them at 4500: not before 5500; now is 5000.
        let lately = Challenge { last_between: Some(4500), ..challenge(&'C', &'B') };
        assert_eq!(
            ladder.check_challenge(&lately, &LIMITS),
            Err(ChallengeError::CoolingDown { until: 5500 })
        );
        let long_ago = Challenge { last_between: Some(4000), ..challenge(&'C', &'B') };
        assert_eq!(ladder.check_challenge(&long_ago, &LIMITS), Ok(()));
    }

    #[test]
    fn a_newcomer_joins_at_a_place_or_the_bottom_and_only_once() {
        let mut ladder = of("ABC");
        assert_eq!(ladder.join('D', 9), Some(3));
        assert_eq!(ladder.join('E', 1), Some(1));
        assert_eq!(names(&ladder), "AEBCD");
        assert_eq!(ladder.join('A', 4), None);
        assert_eq!(names(&ladder), "AEBCD");
    }

    #[test]
    fn by_rating_a_newcomer_goes_above_the_first_rated_lower() {
        assert_eq!(place_for_rating(&[1800, 1500, 1500, 1200], 1500), 3);
        assert_eq!(place_for_rating(&[1800, 1500, 1200], 1900), 0);
        assert_eq!(place_for_rating(&[1800, 1500], 1000), 2);
        assert_eq!(place_for_rating(&[], 1500), 0);
    }

    #[test]
    fn a_member_who_leaves_lets_everyone_below_move_up() {
        let mut ladder = of("ABCD");
        assert_eq!(ladder.leave(&'B'), Some(1));
        assert_eq!(names(&ladder), "ACD");
        assert_eq!(ladder.leave(&'B'), None);
    }

    #[test]
    fn an_idle_member_drops_one_place_but_never_past_another_idle_one() {
        // A B C D E with B, C and E idle, lowest first: E is last and stays; C passes D
        // (A B D C E); B's next is now D, not idle: B passes D (A D B C E).
        let mut ladder = of("ABCDE");
        let moves = ladder.drop_idle(&['B', 'C', 'E']);
        assert_eq!(names(&ladder), "ADBCE");
        assert_eq!(moves, [Move { member: 'C', from: 2, to: 3 }, Move { member: 'B', from: 1, to: 2 }]);
        // Two idle members side by side above an active one: both move down one.
        let mut two = of("ABC");
        two.drop_idle(&['A', 'B']);
        assert_eq!(names(&two), "CAB");
    }

    #[test]
    fn the_declines_past_the_free_ones_forfeit() {
        assert!(!decline_forfeits(0, &LIMITS));
        assert!(decline_forfeits(1, &LIMITS));
        assert!(decline_forfeits(2, &LIMITS));
    }
}
