//! Simulated tournaments: Swiss fields of 8 to 50 players over seven rounds, and arenas where
//! games end in random order.

use super::arena::{pair_waiting, ArenaPlayer};
use super::dice::Dice;
use super::swiss::{pair_round, SwissPlayer};
use super::{GameResult, History, Pairing, PlayerId, Points, TournamentError};
use crate::rules::Color;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn color_difference(history: &History, player: PlayerId) -> i64 {
    history.colors(player).map(|c| if c == Color::Red { 1 } else { -1 }).sum()
}

/// Seven rounds of a Swiss of `count` players with random ratings and results (forfeits
/// included); every round checked before its results are entered.
fn simulate_swiss(count: u32, seed: u64) {
    let mut dice = Dice::new(seed);
    let players: Vec<SwissPlayer> =
        (0..count).map(|n| SwissPlayer { id: PlayerId(n), rating: 1200 + dice.roll(1000) as i32 }).collect();
    let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
    let mut history = History::new(&ids).unwrap();
    for round_number in 1..=7 {
        let context = format!("{count} players, seed {seed}, round {round_number}");
        let round = match pair_round(&players, &history) {
            Ok(round) => round,
            // Seven rounds of eight players are a whole round robin: the earlier rounds may
            // leave no way to finish it (the search is exhaustive, see swiss.rs's properties).
            Err(TournamentError::NoRepeatFreePairing) if count == 8 && round_number >= 6 => return,
            Err(refused) => panic!("{context}: {refused}"),
        };
        let mut seen: Vec<PlayerId> = round.players().collect();
        seen.sort();
        assert_eq!(seen, ids, "{context}: everyone once");
        assert_eq!(round.bye.is_some(), count % 2 == 1, "{context}: a bye only when odd");
        if let Some(bye) = round.bye {
            assert!(!history.had_bye(bye), "{context}: a second bye for {bye}");
        }
        for pairing in &round.pairings {
            assert!(!history.have_met(pairing.red, pairing.blue), "{context}: {pairing:?} again");
        }
        let results: Vec<GameResult> = round.pairings.iter().map(|_| dice.result()).collect();
        history.record_round(&round, &results, Points::ONE).unwrap();
        if count > 8 {
            for &player in &ids {
                let difference = color_difference(&history, player);
                assert!(difference.abs() <= 2, "{context}: {player} has a colour difference of {difference}");
            }
        }
    }
}

#[test]
fn swiss_of_8_to_20_players_over_seven_rounds() {
    for seed in 1..=12 {
        for count in 8..=20 {
            simulate_swiss(count, seed * 1000 + u64::from(count));
        }
    }
}

#[test]
fn swiss_of_49_and_50_players_over_seven_rounds() {
    for seed in 1..=4 {
        simulate_swiss(49, seed);
        simulate_swiss(50, seed);
    }
}

/// A waiting player as the arena sees them, with a small score and rating range so that ties
/// and last opponents are common.
fn arena_player() -> impl Strategy<Value = ArenaPlayer> {
    (0u32..6, 1400i32..1410, proptest::option::of(0u32..12), -2i64..=2).prop_map(
        |(points, rating, last_opponent, color_difference)| ArenaPlayer {
            id: PlayerId(0),
            points: Points::whole(points),
            rating,
            last_opponent: last_opponent.map(PlayerId),
            color_difference,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Whoever is paired was waiting, once; last opponents meet again only when they are the
    /// whole queue and no game is on; and the players left waiting could not be paired with
    /// each other without a rematch.
    #[test]
    fn arena_never_pairs_last_opponents_while_others_wait(
        queue in proptest::collection::vec(arena_player(), 0..12),
        games_in_progress in 0usize..3,
    ) {
        let waiting: Vec<ArenaPlayer> =
            queue.into_iter().enumerate().map(|(at, player)| ArenaPlayer { id: PlayerId(at as u32), ..player }).collect();
        let games = pair_waiting(&waiting, games_in_progress).unwrap();
        let just_met = |a: PlayerId, b: PlayerId| {
            let last = |p: PlayerId| waiting.iter().find(|w| w.id == p).and_then(|w| w.last_opponent);
            last(a) == Some(b) || last(b) == Some(a)
        };
        let mut paired = BTreeSet::new();
        for game in &games {
            prop_assert!(paired.insert(game.red) && paired.insert(game.blue), "{:?} twice", game);
            prop_assert!(game.red.0 < waiting.len() as u32 && game.blue.0 < waiting.len() as u32);
            let alone_together = waiting.len() == 2 && games_in_progress == 0;
            prop_assert!(!just_met(game.red, game.blue) || alone_together, "{:?} just met", game);
        }
        let left: Vec<PlayerId> = waiting.iter().map(|w| w.id).filter(|id| !paired.contains(id)).collect();
        for (at, &a) in left.iter().enumerate() {
            for &b in &left[at + 1..] {
                prop_assert!(just_met(a, b), "{} and {} both left waiting", a, b);
            }
        }
    }
}

/// Twenty players, 400 games ending in random order: whenever a game ends its two players
/// join the queue, which is paired at once; nobody meets their last opponent again while
/// anyone else is waiting, and the arena's scores add up from the results.
#[test]
fn an_arena_keeps_everyone_playing() {
    let mut dice = Dice::new(24);
    let ids: Vec<PlayerId> = (0..20).map(PlayerId).collect();
    let ratings: Vec<i32> = ids.iter().map(|_| 1300 + dice.roll(600) as i32).collect();
    let mut history = History::new(&ids).unwrap();
    let mut waiting = ids.clone();
    let mut playing: Vec<Pairing> = Vec::new();
    for _ in 0..400 {
        let queue: Vec<ArenaPlayer> = waiting
            .iter()
            .map(|&id| ArenaPlayer::from_history(id, ratings[id.0 as usize], &history))
            .collect();
        let games = pair_waiting(&queue, playing.len()).unwrap();
        for game in &games {
            let rematch = history.last_opponent(game.red) == Some(game.blue);
            assert!(!rematch || (queue.len() == 2 && playing.is_empty()), "{game:?} again");
            waiting.retain(|&id| id != game.red && id != game.blue);
        }
        assert!(waiting.len() <= 2, "{} players left waiting", waiting.len());
        playing.extend(games);
        let finished = playing.swap_remove(dice.roll(playing.len() as u64) as usize);
        history.record_game(finished, dice.result()).unwrap();
        waiting.extend([finished.red, finished.blue]);
    }
    assert!(ids.iter().all(|&id| history.entries(id).len() >= 20), "everyone played often");
}
