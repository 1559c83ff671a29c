//! What a player's entries are worth: classical points (round robin and Swiss) or arena points
//! with streaks.
//!
//! Arena points follow lichess: a win is worth 2, a draw 1, a loss 0. After two wins in a row
//! the player is on a streak, and every further win counts double (4) until a game that is not
//! a win ends the streak. A forfeit counts as the win or loss it scores; a bye or a missed
//! round adds its points and leaves a streak as it is.

use super::history::Entry;
use super::points::Points;
use super::result::PlayerResult;

/// How games are scored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Scoring {
    /// 1 for a win, ½ for a draw, 0 for a loss.
    Classical,
    /// 2 for a win, 1 for a draw, 0 for a loss; a streak doubles wins.
    Arena,
}

/// Wins in a row after which a win counts double in an arena.
const STREAK_AFTER: u32 = 2;

impl Scoring {
    /// The most one game can add to a score: a win (an arena's on a streak).
    pub fn most_for_a_game(self) -> Points {
        match self {
            Scoring::Classical => Points::ONE,
            Scoring::Arena => Points::whole(4),
        }
    }

    /// The total of `entries`.
    pub fn total(self, entries: &[Entry]) -> Points {
        match self {
            Scoring::Classical => entries.iter().map(classical_points).sum(),
            Scoring::Arena => arena_total(entries),
        }
    }
}

fn classical_points(entry: &Entry) -> Points {
    match *entry {
        Entry::Game { result, .. } => result.value(),
        Entry::Bye { points } | Entry::Missed { points } => points,
    }
}

fn arena_total(entries: &[Entry]) -> Points {
    let mut wins_in_a_row = 0;
    let mut total = Points::ZERO;
    for entry in entries {
        match *entry {
            Entry::Game { result, .. } if result.is_win() => {
                let doubled = wins_in_a_row >= STREAK_AFTER;
                total += if doubled { Points::whole(4) } else { Points::whole(2) };
                wins_in_a_row += 1;
            }
            Entry::Game { result, .. } => {
                if result == PlayerResult::Drawn {
                    total += Points::whole(1);
                }
                wins_in_a_row = 0;
            }
            Entry::Bye { points } | Entry::Missed { points } => total += points,
        }
    }
    total
}

/// Whether the latest entries put an arena player on a streak (the next win counts double).
pub fn on_streak(entries: &[Entry]) -> bool {
    let games = entries.iter().rev().filter_map(|entry| match *entry {
        Entry::Game { result, .. } => Some(result.is_win()),
        _ => None,
    });
    let wins = games.take_while(|&won| won).count();
    wins >= STREAK_AFTER as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::tournament::pairing::PlayerId;

    fn games(results: &[PlayerResult]) -> Vec<Entry> {
        let game = |&result| Entry::Game { opponent: PlayerId(0), color: Color::Red, result };
        results.iter().map(game).collect()
    }

    #[test]
    fn a_streak_doubles_the_third_win_and_ends_with_a_draw() {
        use PlayerResult::*;
        // W W W W D W W W L: 2 + 2 + 4 + 4 + 1 + 2 + 2 + 4 + 0 = 21.
        let entries = games(&[Won, Won, Won, Won, Drawn, Won, Won, Won, Lost]);
        assert_eq!(Scoring::Arena.total(&entries), Points::whole(21));
        assert!(!on_streak(&entries));
        assert!(on_streak(&entries[..7]));
        assert!(!on_streak(&entries[..6]));
        // Classically: 7 wins and a draw.
        assert_eq!(Scoring::Classical.total(&entries), Points::whole(7) + Points::HALF);
    }

    #[test]
    fn a_forfeit_counts_as_its_result_and_a_bye_leaves_the_streak() {
        use PlayerResult::*;
        let mut entries = games(&[Won, WonByForfeit]);
        entries.push(Entry::Bye { points: Points::ONE });
        entries.extend(games(&[Won, LostByForfeit, Won]));
        // 2 + 2 + 1 (the bye) + 4 + 0 + 2 = 11.
        assert_eq!(Scoring::Arena.total(&entries), Points::whole(11));
    }

    #[test]
    fn a_double_forfeit_scores_nothing_for_either_and_ends_both_streaks() {
        use crate::tournament::GameResult;
        for color in Color::ALL {
            let mut entries = games(&[PlayerResult::Won, PlayerResult::Won]);
            entries.extend(games(&[GameResult::DoubleForfeit.for_side(color)]));
            entries.extend(games(&[PlayerResult::Won]));
            // 2 + 2 + 0 + 2: the win after it is not doubled.
            assert_eq!(Scoring::Arena.total(&entries), Points::whole(6));
            assert_eq!(Scoring::Classical.total(&entries[2..3]), Points::ZERO);
        }
    }
}
