//! Standings taken while games are still being played: each game that ended counts at once,
//! and a line whose tie-breaks a game still being played may change is provisional.
//!
//! A player's tie-breaks may change with
//! - their own game (every tie-break: it adds an opponent, a win, a round played);
//! - the game of an opponent they met over the board (Buchholz, Buchholz cut-1 and
//!   Sonneborn-Berger weigh that opponent's score);
//! - direct encounter: the game of any player who is, or may still come, level with them on
//!   score, or whose earlier tie-breaks may still change (who is tied is then not known yet).
//!
//! A line that none of these touch keeps its tie-breaks whatever the games still played give.

use super::history::History;
use super::pairing::PlayerId;
use super::points::Points;
use super::scoring::Scoring;
use super::tiebreak::TieBreak;
use std::collections::{BTreeMap, BTreeSet};

/// The players of `history` whose tie-breaks (of `tie_breaks`, scored by `scoring`) may still
/// change while the players `playing` finish their games.
pub fn provisional(
    history: &History,
    scoring: Scoring,
    tie_breaks: &[TieBreak],
    playing: &BTreeSet<PlayerId>,
) -> BTreeSet<PlayerId> {
    let weighs_opponents = tie_breaks
        .iter()
        .any(|tb| matches!(tb, TieBreak::Buchholz | TieBreak::BuchholzCut1 | TieBreak::SonnebornBerger));
    let moved: BTreeSet<PlayerId> = history
        .players()
        .filter(|&player| {
            playing.contains(&player)
                || weighs_opponents
                    && history
                        .entries(player)
                        .iter()
                        .filter_map(|e| e.played_opponent())
                        .any(|o| playing.contains(&o))
        })
        .collect();
    if !tie_breaks.contains(&TieBreak::DirectEncounter) {
        return moved;
    }
    // The scores each moved player may end the round with: from now to one more game's best.
    let totals: BTreeMap<PlayerId, Points> =
        history.players().map(|player| (player, scoring.total(history.entries(player)))).collect();
    let reach = |player: PlayerId| {
        let now = totals[&player];
        (now, if playing.contains(&player) { now + scoring.most_for_a_game() } else { now })
    };
    history
        .players()
        .filter(|player| {
            moved.contains(player)
                || moved.iter().any(|&other| {
                    let (low, high) = reach(other);
                    (low..=high).contains(&totals[player])
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::tournament::pairing::Pairing;
    use crate::tournament::result::GameResult;

    const P: [PlayerId; 7] =
        [PlayerId(0), PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4), PlayerId(5), PlayerId(6)];

    fn game(history: &mut History, red: usize, blue: usize, result: GameResult) {
        history.record_game(Pairing { red: P[red], blue: P[blue] }, result).unwrap();
    }

    fn set(players: &[usize]) -> BTreeSet<PlayerId> {
        players.iter().map(|&p| P[p]).collect()
    }

    /// Six players after round 1 (1 beat 2, 3 beat 4, 5 forfeited to 6), in round 2 1–3 has
    /// ended (1 won) while 2–4 is played, and 5–6 too.
    fn round_two_in_play() -> History {
        let mut history = History::new(&P[1..]).unwrap();
        game(&mut history, 1, 2, GameResult::Win(Color::Red));
        game(&mut history, 3, 4, GameResult::Win(Color::Red));
        game(&mut history, 5, 6, GameResult::Forfeit(Color::Red));
        game(&mut history, 1, 3, GameResult::Win(Color::Red));
        history
    }

    #[test]
    fn a_line_is_provisional_when_a_game_in_play_weighs_on_it() {
        let history = round_two_in_play();
        let playing = set(&[2, 4, 5, 6]);
        // Buchholz and Sonneborn-Berger: the players still playing, and those who met them over
        // the board: 1 met 2, 3 met 4. Nobody met 5 or 6 over the board (a forfeit).
        let swiss_like = [TieBreak::Buchholz, TieBreak::SonnebornBerger];
        assert_eq!(
            provisional(&history, Scoring::Classical, &swiss_like, &playing),
            set(&[1, 2, 3, 4, 5, 6])
        );
        // Wins alone: only the players still playing.
        assert_eq!(
            provisional(&history, Scoring::Classical, &[TieBreak::Wins], &playing),
            set(&[2, 4, 5, 6])
        );
        // Nothing in play: nothing provisional.
        assert!(provisional(&history, Scoring::Classical, &swiss_like, &BTreeSet::new()).is_empty());
    }

    #[test]
    fn direct_encounter_is_provisional_for_whom_a_game_in_play_may_tie() {
        let history = round_two_in_play();
        // Scores: 1: 2, 3: 1, 6: 1 (a forfeit won), 2, 4, 5: 0. Only 2–4 is played: 2 and 4 may
        // reach 1 point, level with 3 and 6; 1 (2 points) is out of their reach.
        let playing = set(&[2, 4]);
        let lines = provisional(&history, Scoring::Classical, &[TieBreak::DirectEncounter], &playing);
        assert_eq!(lines, set(&[2, 3, 4, 5, 6]));
        // In arena points (1: 4, 3 and 6: 2, the others 0) a win on a streak is worth 4: everyone
        // is within the reach of 2 and 4.
        let lines = provisional(&history, Scoring::Arena, &[TieBreak::DirectEncounter], &playing);
        assert_eq!(lines, set(&[1, 2, 3, 4, 5, 6]));
    }
}
