//! A gauntlet: one player, the challenger, meets every other player (its opponents) a set
//! number of times, and the opponents never meet each other. It is how an engine is measured
//! against a field.
//!
//! Each round is one game, the challenger's: in cycle `c` (0 …) the challenger meets its
//! opponents in seeding order, taking Red against opponent `i` (0 …) when `c + i` is even.
//! So each opponent has the challenger on alternate sides from one meeting to the next (an
//! even number of games each is exactly balanced), and the challenger's side alternates from
//! round to round within a cycle. The opponents who do not play a round sit it out, without
//! a bye: a gauntlet's score is the challenger's against the field.

use super::error::TournamentError;
use super::pairing::{Pairing, PlayerId, Round};
use std::collections::BTreeSet;

/// Every round of a gauntlet of `challenger` against `opponents` (in seeding order), `games`
/// games against each.
pub fn gauntlet(
    challenger: PlayerId,
    opponents: &[PlayerId],
    games: u32,
) -> Result<Vec<Round>, TournamentError> {
    if opponents.is_empty() {
        return Err(TournamentError::TooFewPlayers { needed: 2, given: 1 });
    }
    let mut seen = BTreeSet::from([challenger]);
    if let Some(&twice) = opponents.iter().find(|&&player| !seen.insert(player)) {
        return Err(TournamentError::DuplicatePlayer(twice));
    }
    let rounds = (0..games as usize)
        .flat_map(|cycle| {
            opponents.iter().enumerate().map(move |(i, &opponent)| {
                let red_first = (cycle + i) % 2 == 0;
                let pairing = Pairing { red: challenger, blue: opponent };
                Round { pairings: vec![if red_first { pairing } else { pairing.swapped() }], bye: None }
            })
        })
        .collect();
    Ok(rounds)
}

/// The number of rounds of a gauntlet of `players` players (the challenger among them),
/// `games` against each opponent.
pub fn gauntlet_rounds(players: usize, games: u32) -> usize {
    players.saturating_sub(1) * games as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use std::collections::BTreeMap;

    fn ids(count: u32) -> Vec<PlayerId> {
        (1..=count).map(PlayerId).collect()
    }

    #[test]
    fn three_opponents_twice_each_on_alternate_sides() {
        let rounds = gauntlet(PlayerId(9), &ids(3), 2).unwrap();
        let games: Vec<(u32, u32)> =
            rounds.iter().map(|r| (r.pairings[0].red.0, r.pairings[0].blue.0)).collect();
        assert_eq!(games, [(9, 1), (2, 9), (9, 3), (1, 9), (9, 2), (3, 9)]);
        assert!(rounds.iter().all(|r| r.pairings.len() == 1 && r.bye.is_none()));
        assert_eq!(gauntlet_rounds(4, 2), rounds.len());
    }

    /// The challenger plays every round, each opponent exactly `games` times, never another
    /// opponent, and its sides against each differ by at most one (none when `games` is even).
    fn check_gauntlet(opponents: u32, games: u32) {
        let challenger = PlayerId(0);
        let rounds = gauntlet(challenger, &ids(opponents), games).unwrap();
        assert_eq!(rounds.len(), gauntlet_rounds(opponents as usize + 1, games));
        let mut met: BTreeMap<PlayerId, (u32, i32)> = BTreeMap::new();
        for round in &rounds {
            let [pairing] = round.pairings[..] else { panic!("one game a round: {round:?}") };
            let side = pairing.color_of(challenger).expect("the challenger plays every round");
            let opponent = pairing.player(!side);
            let entry = met.entry(opponent).or_default();
            entry.0 += 1;
            entry.1 += if side == Color::Red { 1 } else { -1 };
        }
        assert_eq!(met.len(), opponents as usize, "every opponent is met");
        for (opponent, (times, balance)) in met {
            assert_eq!(times, games, "{opponent} met {games} times");
            assert!(balance.abs() <= (games % 2) as i32, "{opponent}: sides {balance}");
        }
    }

    #[test]
    fn every_opponent_is_met_as_often_with_sides_balanced() {
        for opponents in 1..=8 {
            for games in 1..=6 {
                check_gauntlet(opponents, games);
            }
        }
    }

    #[test]
    fn no_opponents_or_a_player_twice_are_refused() {
        assert_eq!(
            gauntlet(PlayerId(1), &[], 2),
            Err(TournamentError::TooFewPlayers { needed: 2, given: 1 })
        );
        assert_eq!(
            gauntlet(PlayerId(1), &[PlayerId(2), PlayerId(1)], 2),
            Err(TournamentError::DuplicatePlayer(PlayerId(1)))
        );
        assert_eq!(
            gauntlet(PlayerId(1), &[PlayerId(2), PlayerId(2)], 2),
            Err(TournamentError::DuplicatePlayer(PlayerId(2)))
        );
    }
}
