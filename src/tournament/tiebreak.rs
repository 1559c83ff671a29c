//! Tie-breaks: what orders players with the same score.
//!
//! Only games played over the board count: a bye, a forfeit (won or lost) and a missed round
//! add nothing to Buchholz, Sonneborn-Berger, direct encounter or wins. An opponent's score is
//! their whole score, forfeits and byes included.
//! - **Buchholz**: the sum of the scores of the opponents met over the board (twice for an
//!   opponent met twice).
//! - **Buchholz cut-1**: Buchholz without its least valuable round. A round not played is worth
//!   nothing already, so a player with one keeps their whole Buchholz; otherwise the lowest
//!   opponent's score is taken off.
//! - **Sonneborn-Berger**: the scores of the opponents beaten, plus half the scores of the
//!   opponents drawn.
//! - **Direct encounter**: among players level on score and on every tie-break listed before
//!   this one, the points each scored against the others of the group, when every two of
//!   them have met over the board; when some have not, it decides nothing (0 for all).
//! - **Wins**: the number of games won over the board.

use super::history::{Entry, History};
use super::pairing::PlayerId;
use super::points::Points;
use super::result::PlayerResult;
use std::collections::BTreeMap;

/// One way of ordering players level on score.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TieBreak {
    /// The opponents' scores, weighed by the result against each.
    SonnebornBerger,
    /// The sum of the opponents' scores.
    Buchholz,
    /// Buchholz without its least valuable round.
    BuchholzCut1,
    /// The points scored against the other players of the tie.
    DirectEncounter,
    /// The number of games won.
    Wins,
}

impl TieBreak {
    /// Every tie-break.
    pub const ALL: [TieBreak; 5] = [
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];

    /// A short stable name (for the server and the page).
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::SonnebornBerger => "sonneborn-berger",
            TieBreak::Buchholz => "buchholz",
            TieBreak::BuchholzCut1 => "buchholz-cut-1",
            TieBreak::DirectEncounter => "direct-encounter",
            TieBreak::Wins => "wins",
        }
    }

    /// The tie-break of that name.
    pub fn from_name(name: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|tie_break| tie_break.name() == name)
    }
}

/// The games `player` played over the board: each opponent and the result.
fn played_games(entries: &[Entry]) -> impl Iterator<Item = (PlayerId, PlayerResult)> + '_ {
    entries.iter().filter_map(|entry| match *entry {
        Entry::Game { opponent, result, .. } if result.was_played() => Some((opponent, result)),
        _ => None,
    })
}

/// The value of every tie-break but direct encounter, which depends on who is tied; `totals`
/// holds every player's score.
pub fn individual_value(
    tie_break: TieBreak,
    player: PlayerId,
    history: &History,
    totals: &BTreeMap<PlayerId, Points>,
) -> Points {
    let entries = history.entries(player);
    let score_of = |opponent: PlayerId| totals.get(&opponent).copied().unwrap_or_default();
    match tie_break {
        TieBreak::Buchholz => played_games(entries).map(|(opponent, _)| score_of(opponent)).sum(),
        TieBreak::BuchholzCut1 => {
            let buchholz: Points = played_games(entries).map(|(opponent, _)| score_of(opponent)).sum();
            let unplayed_round = entries.iter().any(|entry| entry.played_opponent().is_none());
            let lowest = played_games(entries).map(|(opponent, _)| score_of(opponent)).min();
            match lowest {
                Some(lowest) if !unplayed_round => buchholz - lowest,
                _ => buchholz,
            }
        }
        TieBreak::SonnebornBerger => {
            played_games(entries).map(|(opponent, result)| score_of(opponent).times(result.value())).sum()
        }
        TieBreak::Wins => {
            let wins = played_games(entries).filter(|&(_, result)| result == PlayerResult::Won).count();
            Points::whole(u32::try_from(wins).unwrap_or(u32::MAX))
        }
        TieBreak::DirectEncounter => Points::ZERO,
    }
}

/// Direct encounter within one group of tied players: each one's points against the others,
/// or nothing for all when two of them have not met over the board.
pub fn direct_encounter(group: &[PlayerId], history: &History) -> Vec<Points> {
    let met = |a: PlayerId, b: PlayerId| played_games(history.entries(a)).any(|(opponent, _)| opponent == b);
    let all_met = group.iter().all(|&a| group.iter().all(|&b| a == b || met(a, b)));
    if group.len() < 2 || !all_met {
        return vec![Points::ZERO; group.len()];
    }
    let against_group = |player: PlayerId| {
        played_games(history.entries(player))
            .filter(|(opponent, _)| group.contains(opponent))
            .map(|(_, result)| result.value())
            .sum()
    };
    group.iter().map(|&player| against_group(player)).collect()
}
