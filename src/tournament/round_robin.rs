//! Round robin by the Berger tables: everyone meets everyone once per cycle.
//!
//! With `n` players (one more, a "bye", when the number is odd) and `m = n - 1`, the players
//! numbered 1 to `n` in seeding order, round `r` (1 to `m`) pairs player `n` with the player
//! `p` for which `2p ≡ r + 1 (mod m)`, `p` taking Red in odd rounds and `n` in even ones, and
//! on the other boards `p + k` (Red) with `p - k` (Blue) for `k = 1 … n/2 - 1`, numbers taken
//! modulo `m` in 1 … `m`. This is the FIDE table (round 1 of six players: 1–6, 2–5, 3–4;
//! round 2: 6–4, 5–3, 1–2). A double round robin plays the same rounds again with the sides
//! swapped. Whoever meets the bye sits the round out.

use super::error::TournamentError;
use super::pairing::{Pairing, PlayerId, Round};
use std::collections::BTreeSet;

/// Once or twice around.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cycles {
    /// Everyone meets everyone once.
    Single,
    /// Twice, the second time with the sides swapped.
    Double,
}

/// Every round of a round robin of `players`, in seeding order (the first is number 1).
pub fn round_robin(players: &[PlayerId], cycles: Cycles) -> Result<Vec<Round>, TournamentError> {
    if players.len() < 2 {
        return Err(TournamentError::TooFewPlayers { needed: 2, given: players.len() });
    }
    let mut seen = BTreeSet::new();
    if let Some(&twice) = players.iter().find(|&&player| !seen.insert(player)) {
        return Err(TournamentError::DuplicatePlayer(twice));
    }
    // Numbers 1 … n; number n is the bye when the count is odd.
    let seats = players.len() + players.len() % 2;
    let player_at = |number: usize| players.get(number - 1).copied();
    let first_cycle: Vec<Round> = (1..seats)
        .map(|round| {
            let mut result = Round::default();
            for (red, blue) in berger_round(seats, round) {
                match (player_at(red), player_at(blue)) {
                    (Some(red), Some(blue)) => result.pairings.push(Pairing { red, blue }),
                    (Some(alone), None) | (None, Some(alone)) => result.bye = Some(alone),
                    (None, None) => {}
                }
            }
            result
        })
        .collect();
    let second_cycle = match cycles {
        Cycles::Single => Vec::new(),
        Cycles::Double => first_cycle
            .iter()
            .map(|round| Round {
                pairings: round.pairings.iter().map(Pairing::swapped).collect(),
                bye: round.bye,
            })
            .collect(),
    };
    Ok(first_cycle.into_iter().chain(second_cycle).collect())
}

/// The boards of round `round` (1 … seats - 1) for `seats` numbers (even): (Red, Blue).
fn berger_round(seats: usize, round: usize) -> Vec<(usize, usize)> {
    let m = seats - 1;
    // Numbers modulo m, written 1 … m.
    let wrap = |value: usize| (value + m - 1) % m + 1;
    let last_meets = (1..=m).find(|&p| (2 * p) % m == (round + 1) % m).unwrap_or(1);
    let first_board = if round % 2 == 1 { (last_meets, seats) } else { (seats, last_meets) };
    let others = (1..seats / 2).map(|k| (wrap(last_meets + k), wrap(last_meets + m - k)));
    std::iter::once(first_board).chain(others).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use std::collections::BTreeMap;

    fn ids(count: u32) -> Vec<PlayerId> {
        (1..=count).map(PlayerId).collect()
    }

    /// The rounds as (Red, Blue) numbers.
    fn numbers(rounds: &[Round]) -> Vec<Vec<(u32, u32)>> {
        rounds.iter().map(|round| round.pairings.iter().map(|p| (p.red.0, p.blue.0)).collect()).collect()
    }

    #[test]
    fn four_and_six_players_match_the_fide_tables() {
        let four = round_robin(&ids(4), Cycles::Single).unwrap();
        assert_eq!(numbers(&four), [vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]);
        let six = round_robin(&ids(6), Cycles::Single).unwrap();
        assert_eq!(
            numbers(&six),
            [
                vec![(1, 6), (2, 5), (3, 4)],
                vec![(6, 4), (5, 3), (1, 2)],
                vec![(2, 6), (3, 1), (4, 5)],
                vec![(6, 5), (1, 4), (2, 3)],
                vec![(3, 6), (4, 2), (5, 1)],
            ]
        );
    }

    #[test]
    fn five_players_take_turns_at_the_bye() {
        // Six numbers, number 6 the bye: the six-player table without player 6.
        let five = round_robin(&ids(5), Cycles::Single).unwrap();
        assert_eq!(
            numbers(&five),
            [
                vec![(2, 5), (3, 4)],
                vec![(5, 3), (1, 2)],
                vec![(3, 1), (4, 5)],
                vec![(1, 4), (2, 3)],
                vec![(4, 2), (5, 1)],
            ]
        );
        let byes: Vec<u32> = five.iter().filter_map(|round| round.bye).map(|p| p.0).collect();
        assert_eq!(byes, [1, 4, 2, 5, 3]);
    }

    /// Every pair meets exactly `cycles` times, once per cycle, each player plays each round
    /// once or has the bye, and Red and Blue differ by at most one per cycle (exactly balanced
    /// over a double round robin, where each pair also meets once on each side).
    fn check_round_robin(count: u32, cycles: Cycles) {
        let players = ids(count);
        let rounds = round_robin(&players, cycles).unwrap();
        let per_cycle = (count + count % 2 - 1) as usize;
        let cycle_count = if cycles == Cycles::Double { 2 } else { 1 };
        assert_eq!(rounds.len(), per_cycle * cycle_count);
        for (c, cycle) in rounds.chunks(per_cycle).enumerate() {
            let mut meetings: BTreeMap<(PlayerId, PlayerId), usize> = BTreeMap::new();
            let mut balance: BTreeMap<PlayerId, i32> = BTreeMap::new();
            for round in cycle {
                let mut in_round: Vec<PlayerId> = round.players().collect();
                in_round.sort();
                assert_eq!(in_round, players, "{count} players, cycle {c}: everyone once per round");
                for pairing in &round.pairings {
                    let key = (pairing.red.min(pairing.blue), pairing.red.max(pairing.blue));
                    *meetings.entry(key).or_default() += 1;
                    *balance.entry(pairing.red).or_default() += 1;
                    *balance.entry(pairing.blue).or_default() -= 1;
                }
            }
            let pairs = (count * (count - 1) / 2) as usize;
            assert_eq!(meetings.len(), pairs, "{count} players: every pair meets");
            assert!(meetings.values().all(|&times| times == 1), "{count} players: no pair twice a cycle");
            assert!(balance.values().all(|b| b.abs() <= 1), "{count} players: colours {balance:?}");
        }
        if cycles == Cycles::Double {
            let sides: BTreeSet<(PlayerId, PlayerId)> =
                rounds.iter().flat_map(|r| r.pairings.iter().map(|p| (p.red, p.blue))).collect();
            assert_eq!(sides.len(), (count * (count - 1)) as usize, "each pair once on each side");
            for player in &players {
                let reds = rounds
                    .iter()
                    .flat_map(|r| &r.pairings)
                    .filter(|p| p.color_of(*player) == Some(Color::Red));
                assert_eq!(reds.count(), (count - 1) as usize);
            }
        }
    }

    #[test]
    fn three_to_ten_players_single_and_double() {
        for count in 3..=10 {
            check_round_robin(count, Cycles::Single);
            check_round_robin(count, Cycles::Double);
        }
        check_round_robin(2, Cycles::Double);
        check_round_robin(25, Cycles::Single);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]

        #[test]
        fn any_number_of_players(count in 2u32..=40, double in proptest::bool::ANY) {
            check_round_robin(count, if double { Cycles::Double } else { Cycles::Single });
        }
    }

    #[test]
    fn too_few_or_twice_named_players_are_refused() {
        assert_eq!(
            round_robin(&ids(1), Cycles::Single),
            Err(TournamentError::TooFewPlayers { needed: 2, given: 1 })
        );
        let twice = [PlayerId(1), PlayerId(2), PlayerId(1)];
        assert_eq!(round_robin(&twice, Cycles::Single), Err(TournamentError::DuplicatePlayer(PlayerId(1))));
    }
}
