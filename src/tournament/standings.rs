//! The standings: players ordered by score, then by the tie-breaks in the order given.

use super::history::History;
use super::pairing::PlayerId;
use super::points::Points;
use super::scoring::Scoring;
use super::tiebreak::{direct_encounter, individual_value, TieBreak};
use std::collections::BTreeMap;

/// One line of the standings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    /// 1 for the leader; players level on score and every tie-break share a rank.
    pub rank: usize,
    /// The player.
    pub player: PlayerId,
    /// The score.
    pub points: Points,
    /// The value of each tie-break, in the order asked for.
    pub tie_breaks: Vec<Points>,
}

impl Standing {
    /// What orders the standings, best first when sorted in reverse.
    fn key(&self) -> (Points, &[Points]) {
        (self.points, &self.tie_breaks)
    }
}

/// Every player of `history`, best first (players fully level in the order of their numbers).
pub fn standings(history: &History, scoring: Scoring, tie_breaks: &[TieBreak]) -> Vec<Standing> {
    let totals: BTreeMap<PlayerId, Points> =
        history.players().map(|player| (player, scoring.total(history.entries(player)))).collect();
    let mut lines: Vec<Standing> = history
        .players()
        .map(|player| Standing {
            rank: 0,
            player,
            points: totals[&player],
            tie_breaks: tie_breaks.iter().map(|&tb| individual_value(tb, player, history, &totals)).collect(),
        })
        .collect();
    for (index, &tie_break) in tie_breaks.iter().enumerate() {
        if tie_break == TieBreak::DirectEncounter {
            settle_direct_encounters(&mut lines, index, history);
        }
    }
    lines.sort_by(|a, b| b.key().cmp(&a.key()).then(a.player.cmp(&b.player)));
    for index in 0..lines.len() {
        lines[index].rank = match index.checked_sub(1) {
            Some(before) if lines[before].key() == lines[index].key() => lines[before].rank,
            _ => index + 1,
        };
    }
    lines
}

/// Fills in tie-break `index` (direct encounter) for each group of players level on score and
/// on the tie-breaks before it.
fn settle_direct_encounters(lines: &mut [Standing], index: usize, history: &History) {
    let mut groups: BTreeMap<(Points, Vec<Points>), Vec<usize>> = BTreeMap::new();
    for (at, line) in lines.iter().enumerate() {
        groups.entry((line.points, line.tie_breaks[..index].to_vec())).or_default().push(at);
    }
    for members in groups.values() {
        let players: Vec<PlayerId> = members.iter().map(|&at| lines[at].player).collect();
        for (&at, value) in members.iter().zip(direct_encounter(&players, history)) {
            lines[at].tie_breaks[index] = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;
    use crate::tournament::format::Format;
    use crate::tournament::pairing::Pairing;
    use crate::tournament::result::GameResult;

    const P: [PlayerId; 6] = [PlayerId(0), PlayerId(1), PlayerId(2), PlayerId(3), PlayerId(4), PlayerId(5)];

    fn game(history: &mut History, red: usize, blue: usize, result: GameResult) {
        history.record_game(Pairing { red: P[red], blue: P[blue] }, result).unwrap();
    }

    fn order(lines: &[Standing]) -> Vec<(usize, u32)> {
        lines.iter().map(|line| (line.rank, line.player.0)).collect()
    }

    fn quarters(values: &[Points]) -> Vec<u32> {
        values.iter().map(|v| v.quarters()).collect()
    }

    /// Five players, three rounds, a bye worth a win (players 1 to 5 are P[1] … P[5]):
    /// R1: 1–4 1-0, 2–5 ½-½, 3 bye.  R2: 3–1 0-1, 4–2 4 forfeits, 5 bye.
    /// R3: 1–2 ½-½, 3–5 1-0, 4 bye.
    fn five_player_swiss() -> History {
        let mut history = History::new(&P[1..]).unwrap();
        game(&mut history, 1, 4, GameResult::Win(Color::Red));
        game(&mut history, 2, 5, GameResult::Draw);
        history.record_bye(P[3], Points::ONE).unwrap();
        game(&mut history, 3, 1, GameResult::Win(Color::Blue));
        game(&mut history, 4, 2, GameResult::Forfeit(Color::Red));
        history.record_bye(P[5], Points::ONE).unwrap();
        game(&mut history, 1, 2, GameResult::Draw);
        game(&mut history, 3, 5, GameResult::Win(Color::Red));
        history.record_bye(P[4], Points::ONE).unwrap();
        history
    }

    #[test]
    fn swiss_tie_breaks_by_hand() {
        // Scores: 1: 1+1+½ = 2½; 2: ½+1 (forfeit)+½ = 2; 3: 1 (bye)+0+1 = 2; 4: 0+0+1 (bye) = 1;
        // 5: ½+1 (bye)+0 = 1½.
        // Buchholz, over the board only: 1: 4 (1) + 3 (2) + 2 (2) = 5; 2: 5 (1½) + 1 (2½) = 4
        // (the forfeit left out); 3: 1 (2½) + 5 (1½) = 4; 4: 1 (2½) = 2½; 5: 2 (2) + 3 (2) = 4.
        // Cut-1: 1 played every round: 5 - 1 = 4; the others had a round without a game, which
        // is the one cut: unchanged.
        // Sonneborn-Berger: 1: 1 + 2 + ½·2 = 4; 2: ½·1½ + ½·2½ = 2; 3: 1½ (beat 5); 4: 0;
        // 5: ½·2 = 1.  Wins over the board: 1: 2, 3: 1, others 0.
        // 2 and 3 are level on 2 points, cut-1 and Buchholz; Sonneborn-Berger puts 2 first.
        let lines = standings(&five_player_swiss(), Scoring::Classical, Format::Swiss.tie_breaks());
        assert_eq!(order(&lines), [(1, 1), (2, 2), (3, 3), (4, 5), (5, 4)]);
        let points: Vec<u32> = lines.iter().map(|line| line.points.quarters()).collect();
        assert_eq!(points, [10, 8, 8, 6, 4]);
        // Cut-1, Buchholz, Sonneborn-Berger, direct encounter (none met: 0), wins; in quarters.
        assert_eq!(quarters(&lines[0].tie_breaks), [16, 20, 16, 0, 8]);
        assert_eq!(quarters(&lines[1].tie_breaks), [16, 16, 8, 0, 0]);
        assert_eq!(quarters(&lines[2].tie_breaks), [16, 16, 6, 0, 4]);
        assert_eq!(quarters(&lines[3].tie_breaks), [16, 16, 4, 0, 0]);
        assert_eq!(quarters(&lines[4].tie_breaks), [10, 10, 0, 0, 0]);
    }

    /// A four-player round robin:
    /// 1 beats 2, loses to 3, draws with 4 → 1½;  2 loses to 1, beats 3, draws with 4 → 1½;
    /// 3 beats 1, loses to 2 and 4 → 1;  4 draws with 1 and 2, beats 3 → 2.
    fn four_player_round_robin() -> History {
        let mut history = History::new(&P[1..5]).unwrap();
        game(&mut history, 1, 2, GameResult::Win(Color::Red));
        game(&mut history, 3, 1, GameResult::Win(Color::Red));
        game(&mut history, 1, 4, GameResult::Draw);
        game(&mut history, 2, 3, GameResult::Win(Color::Red));
        game(&mut history, 4, 2, GameResult::Draw);
        game(&mut history, 4, 3, GameResult::Win(Color::Red));
        history
    }

    #[test]
    fn round_robin_ties_by_hand() {
        let history = four_player_round_robin();
        // Sonneborn-Berger: 1: 2's 1½ + ½ × 4's 2 = 2½; 2: 3's 1 + ½ × 2 = 2. 1 ahead of 2.
        let lines = standings(&history, Scoring::Classical, Format::RoundRobin.tie_breaks());
        assert_eq!(order(&lines), [(1, 4), (2, 1), (3, 2), (4, 3)]);
        assert_eq!(quarters(&lines[1].tie_breaks), [10, 0, 4]);
        assert_eq!(quarters(&lines[2].tie_breaks), [8, 0, 4]);
        // Direct encounter alone: 1 beat 2 (1 point to 0).
        let lines = standings(&history, Scoring::Classical, &[TieBreak::DirectEncounter]);
        assert_eq!(order(&lines), [(1, 4), (2, 1), (3, 2), (4, 3)]);
        assert_eq!(quarters(&lines[1].tie_breaks), [4]);
        assert_eq!(quarters(&lines[2].tie_breaks), [0]);
        // Wins alone: one each, so 1 and 2 share second place.
        let lines = standings(&history, Scoring::Classical, &[TieBreak::Wins]);
        assert_eq!(order(&lines), [(1, 4), (2, 1), (2, 2), (4, 3)]);
    }

    #[test]
    fn direct_encounter_needs_every_tied_pair_to_have_met() {
        // 1, 2 and 3 all on 2 points after a cycle 1 > 2 > 3 > 1, each beating 0: the group has
        // all met, one point each, so direct encounter leaves them level.
        let mut history = History::new(&P[..4]).unwrap();
        game(&mut history, 1, 2, GameResult::Win(Color::Red));
        game(&mut history, 2, 3, GameResult::Win(Color::Red));
        game(&mut history, 3, 1, GameResult::Win(Color::Red));
        for player in 1..4 {
            game(&mut history, player, 0, GameResult::Win(Color::Red));
        }
        let lines = standings(&history, Scoring::Classical, &[TieBreak::DirectEncounter]);
        assert_eq!(order(&lines), [(1, 1), (1, 2), (1, 3), (4, 0)]);
        assert!(lines[..3].iter().all(|line| line.tie_breaks == [Points::ONE]));
        // 1 > 2 > 3 > 0 in a line: 1, 2 and 3 on 1 point, but 1 and 3 have not met: nothing.
        let mut history = History::new(&P[..4]).unwrap();
        game(&mut history, 1, 2, GameResult::Win(Color::Red));
        game(&mut history, 2, 3, GameResult::Win(Color::Red));
        game(&mut history, 3, 0, GameResult::Win(Color::Red));
        let lines = standings(&history, Scoring::Classical, &[TieBreak::DirectEncounter]);
        assert_eq!(order(&lines), [(1, 1), (1, 2), (1, 3), (4, 0)]);
        assert!(lines.iter().all(|line| line.tie_breaks == [Points::ZERO]));
    }

    #[test]
    fn arena_standings_count_streaks() {
        // 0 beats 1, 2 and 3 in a row: 2 + 2 + 4 = 8. 1 beats 2 and 3: 4. 2 and 3 draw: 1 each.
        let mut history = History::new(&P[..4]).unwrap();
        for loser in 1..4 {
            game(&mut history, 0, loser, GameResult::Win(Color::Red));
        }
        game(&mut history, 1, 2, GameResult::Win(Color::Red));
        game(&mut history, 1, 3, GameResult::Win(Color::Red));
        game(&mut history, 2, 3, GameResult::Draw);
        let lines = standings(&history, Format::Arena.scoring(), Format::Arena.tie_breaks());
        let points: Vec<(u32, u32)> =
            lines.iter().map(|line| (line.player.0, line.points.quarters())).collect();
        assert_eq!(points, [(0, 32), (1, 16), (2, 4), (3, 4)]);
        // 2 and 3: no wins; Sonneborn-Berger ½ × the other's 1 point each: level, shared rank.
        assert_eq!(lines[2].rank, 3);
        assert_eq!(lines[3].rank, 3);
    }
}
