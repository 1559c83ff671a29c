//! What happened to each player, round after round (or game after game in an arena): the one
//! record that scores, tie-breaks and pairings are worked out from.

use super::error::TournamentError;
use super::pairing::{Pairing, PlayerId, Round};
use super::points::Points;
use super::result::{GameResult, PlayerResult};
use crate::rules::Color;
use std::collections::{BTreeMap, BTreeSet};

/// One round (or one arena game) of one player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Entry {
    /// A game, played or forfeited.
    Game {
        /// The opponent.
        opponent: PlayerId,
        /// The side this player had.
        color: Color,
        /// How it ended for this player.
        result: PlayerResult,
    },
    /// No opponent this round: the points the format gives for it.
    Bye {
        /// The points scored.
        points: Points,
    },
    /// Not in the round (a late entry, a withdrawal): the points the format gives for it.
    Missed {
        /// The points scored.
        points: Points,
    },
}

impl Entry {
    /// The opponent of a game played over the board.
    pub fn played_opponent(&self) -> Option<PlayerId> {
        match *self {
            Entry::Game { opponent, result, .. } if result.was_played() => Some(opponent),
            _ => None,
        }
    }
}

/// Every player's entries, in the order they happened.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct History {
    players: BTreeMap<PlayerId, Vec<Entry>>,
}

impl History {
    /// A history of these players, none of whom has played yet.
    pub fn new(players: &[PlayerId]) -> Result<History, TournamentError> {
        let mut history = History::default();
        for &player in players {
            history.add_player(player)?;
        }
        Ok(history)
    }

    /// A new player, without entries.
    pub fn add_player(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        if self.players.contains_key(&player) {
            return Err(TournamentError::DuplicatePlayer(player));
        }
        self.players.insert(player, Vec::new());
        Ok(())
    }

    /// The players, in the order of their numbers.
    pub fn players(&self) -> impl Iterator<Item = PlayerId> + '_ {
        self.players.keys().copied()
    }

    /// Whether `player` is in the tournament.
    pub fn contains(&self, player: PlayerId) -> bool {
        self.players.contains_key(&player)
    }

    /// The entries of `player`, oldest first (none for a player not in the tournament).
    pub fn entries(&self, player: PlayerId) -> &[Entry] {
        self.players.get(&player).map_or(&[], Vec::as_slice)
    }

    /// Whether `a` and `b` were ever paired (a forfeited game counts).
    pub fn have_met(&self, a: PlayerId, b: PlayerId) -> bool {
        self.entries(a).iter().any(|entry| matches!(entry, Entry::Game { opponent, .. } if *opponent == b))
    }

    /// Whether `player` has had a bye.
    pub fn had_bye(&self, player: PlayerId) -> bool {
        self.entries(player).iter().any(|entry| matches!(entry, Entry::Bye { .. }))
    }

    /// The sides of `player`'s games played over the board, oldest first.
    pub fn colors(&self, player: PlayerId) -> impl Iterator<Item = Color> + '_ {
        self.entries(player).iter().filter_map(|entry| match *entry {
            Entry::Game { color, result, .. } if result.was_played() => Some(color),
            _ => None,
        })
    }

    /// The opponent of `player`'s latest game, played or forfeited.
    pub fn last_opponent(&self, player: PlayerId) -> Option<PlayerId> {
        self.entries(player).iter().rev().find_map(|entry| match *entry {
            Entry::Game { opponent, .. } => Some(opponent),
            _ => None,
        })
    }

    /// A game's result, entered for both its players.
    pub fn record_game(&mut self, pairing: Pairing, result: GameResult) -> Result<(), TournamentError> {
        self.check_pairing(&pairing)?;
        for color in Color::ALL {
            let entry =
                Entry::Game { opponent: pairing.player(!color), color, result: result.for_side(color) };
            self.push(pairing.player(color), entry);
        }
        Ok(())
    }

    /// A bye worth `points` for `player`.
    pub fn record_bye(&mut self, player: PlayerId, points: Points) -> Result<(), TournamentError> {
        self.check_known(player)?;
        self.push(player, Entry::Bye { points });
        Ok(())
    }

    /// A round `player` was not in, worth `points`.
    pub fn record_missed(&mut self, player: PlayerId, points: Points) -> Result<(), TournamentError> {
        self.check_known(player)?;
        self.push(player, Entry::Missed { points });
        Ok(())
    }

    /// A whole round: `results` in the order of the round's games, the bye worth `bye_points`.
    /// Nothing is entered unless all of it is valid.
    pub fn record_round(
        &mut self,
        round: &Round,
        results: &[GameResult],
        bye_points: Points,
    ) -> Result<(), TournamentError> {
        if round.pairings.len() != results.len() {
            return Err(TournamentError::ResultCount { games: round.pairings.len(), results: results.len() });
        }
        let mut seen = BTreeSet::new();
        for player in round.players() {
            self.check_known(player)?;
            if !seen.insert(player) {
                return Err(TournamentError::DuplicatePlayer(player));
            }
        }
        for (&pairing, &result) in round.pairings.iter().zip(results) {
            self.record_game(pairing, result)?;
        }
        if let Some(player) = round.bye {
            self.record_bye(player, bye_points)?;
        }
        Ok(())
    }

    fn check_known(&self, player: PlayerId) -> Result<(), TournamentError> {
        if self.contains(player) {
            Ok(())
        } else {
            Err(TournamentError::UnknownPlayer(player))
        }
    }

    fn check_pairing(&self, pairing: &Pairing) -> Result<(), TournamentError> {
        self.check_known(pairing.red)?;
        self.check_known(pairing.blue)?;
        if pairing.red == pairing.blue {
            return Err(TournamentError::DuplicatePlayer(pairing.red));
        }
        Ok(())
    }

    fn push(&mut self, player: PlayerId, entry: Entry) {
        if let Some(entries) = self.players.get_mut(&player) {
            entries.push(entry);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_entered_for_both_players() {
        let (a, b) = (PlayerId(1), PlayerId(2));
        let mut history = History::new(&[a, b]).unwrap();
        history.record_game(Pairing { red: a, blue: b }, GameResult::Forfeit(Color::Blue)).unwrap();
        assert_eq!(
            history.entries(b),
            [Entry::Game { opponent: a, color: Color::Blue, result: PlayerResult::LostByForfeit }]
        );
        assert!(history.have_met(b, a));
        assert_eq!(history.colors(a).count(), 0, "a forfeit gives no colour");
        assert_eq!(history.last_opponent(a), Some(b));
    }

    #[test]
    fn a_bad_round_enters_nothing() {
        let (a, b, c) = (PlayerId(1), PlayerId(2), PlayerId(3));
        let mut history = History::new(&[a, b]).unwrap();
        let round = Round { pairings: vec![Pairing { red: a, blue: b }], bye: Some(c) };
        let refused = history.record_round(&round, &[GameResult::Draw], Points::ONE);
        assert_eq!(refused, Err(TournamentError::UnknownPlayer(c)));
        let twice = Round { pairings: vec![Pairing { red: a, blue: b }], bye: Some(a) };
        let refused = history.record_round(&twice, &[GameResult::Draw], Points::ONE);
        assert_eq!(refused, Err(TournamentError::DuplicatePlayer(a)));
        let short = history.record_round(&twice, &[], Points::ONE);
        assert_eq!(short, Err(TournamentError::ResultCount { games: 1, results: 0 }));
        assert!(history.entries(a).is_empty());
        assert_eq!(History::new(&[a, a]), Err(TournamentError::DuplicatePlayer(a)));
        let own = history.record_game(Pairing { red: a, blue: a }, GameResult::Draw);
        assert_eq!(own, Err(TournamentError::DuplicatePlayer(a)));
    }
}
