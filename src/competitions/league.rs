//! A league: a season of divisions, a round robin in each, promotion and relegation between
//! them at the end, and the next season drafted from the last one's tables.
//!
//! - **Placement** is top-down by rating: the members, best rated first, fill division 1 with
//!   `size` players, then division 2, and so on; the last division takes the rest (so it holds
//!   `size` to `2·size - 1` players). Fewer than `size` members make one division.
//! - **Standings** in a division: classical points, then the round robin's tie-breaks
//!   (Sonneborn-Berger, direct encounter, wins: see [`Format::RoundRobin`]).
//! - **Withdrawal**: the pairings a player has left are forfeited. What they played stays when
//!   they played at least half of their pairings over the board; under half, their games are
//!   annulled: taken out of everyone's score. Either way they leave the league at the season's end.
//! - **Promotion and relegation**: between two neighbouring divisions, the best `promote` of
//!   the lower one go up and the worst `relegate` of the upper one go down (players who
//!   withdrew are not counted: they leave).
//! - **Drafting** the next season: each division keeps those who neither rose nor fell, takes
//!   who fell from the division above (first) and who rose from the one below (last); newcomers
//!   join the first division whose average rating is at most theirs (else the last).

use crate::tournament::{
    round_robin, standings, Cycles, Format, GameResult, History, Pairing, PlayerId, Round, Standing,
    TournamentError,
};
use std::collections::BTreeSet;

/// Divisions, the first one on top, each a list of players in seeding order.
pub type Divisions = Vec<Vec<PlayerId>>;

/// Places `members` (each with their rating) into divisions of `size`, best rated first (two
/// members rated alike in the order given).
pub fn place_by_rating(members: &[(PlayerId, i64)], size: usize) -> Result<Divisions, TournamentError> {
    if size < 2 || members.len() < 2 {
        return Err(TournamentError::TooFewPlayers { needed: size.max(2), given: members.len() });
    }
    let mut order = members.to_vec();
    order.sort_by_key(|&(_, rating)| std::cmp::Reverse(rating));
    let players: Vec<PlayerId> = order.into_iter().map(|(player, _)| player).collect();
    let count = (players.len() / size).max(1);
    Ok((0..count)
        .map(|d| {
            let end = if d + 1 == count { players.len() } else { (d + 1) * size };
            players[d * size..end].to_vec()
        })
        .collect())
}

/// The rounds of one division's round robin (the schedule gives each game's sides).
pub fn schedule(division: &[PlayerId], cycles: Cycles) -> Result<Vec<Round>, TournamentError> {
    round_robin(division, cycles)
}

/// When round `round` (1 first) of a season starting at `start` with `window` per round opens,
/// and its deadline: `start + (round - 1)·window` and `start + round·window`.
pub fn round_window(start: i64, window: i64, round: i64) -> (i64, i64) {
    (start + (round - 1) * window, start + round * window)
}

/// Whether the games of a player who withdrew are annulled: under half of their `scheduled`
/// pairings were `played` over the board.
pub fn annulled(played: usize, scheduled: usize) -> bool {
    played * 2 < scheduled
}

/// One division's table at some point of the season.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Table {
    /// The standings, best first; players whose games were annulled are left out.
    pub lines: Vec<Standing>,
    /// Players who withdrew (their lines, if kept, stay in `lines`).
    pub withdrawn: Vec<PlayerId>,
    /// Players who withdrew and whose games were annulled.
    pub annulled: Vec<PlayerId>,
}

impl Table {
    /// The players who finish the season, best first: the standings without those who withdrew.
    pub fn finishers(&self) -> Vec<PlayerId> {
        self.lines.iter().map(|line| line.player).filter(|p| !self.withdrawn.contains(p)).collect()
    }
}

/// The table of a division of `players` (the round robin's every game `scheduled` times
/// `players.len() - 1`) from the `games` with a result, `withdrawn` naming who withdrew.
pub fn table(
    players: &[PlayerId],
    cycles: Cycles,
    games: &[(Pairing, GameResult)],
    withdrawn: &[PlayerId],
) -> Result<Table, TournamentError> {
    let scheduled = players.len().saturating_sub(1) * if cycles == Cycles::Double { 2 } else { 1 };
    let played_by = |player: PlayerId| {
        games
            .iter()
            .filter(|(pairing, result)| {
                pairing.color_of(player).is_some_and(|color| result.for_side(color).was_played())
            })
            .count()
    };
    let annulled: BTreeSet<PlayerId> =
        withdrawn.iter().copied().filter(|&p| annulled(played_by(p), scheduled)).collect();
    let kept: Vec<PlayerId> = players.iter().copied().filter(|p| !annulled.contains(p)).collect();
    let mut history = History::new(&kept)?;
    for &(pairing, result) in games {
        if !annulled.contains(&pairing.red) && !annulled.contains(&pairing.blue) {
            history.record_game(pairing, result)?;
        }
    }
    Ok(Table {
        lines: standings(&history, Format::RoundRobin.scoring(), Format::RoundRobin.tie_breaks()),
        withdrawn: withdrawn.to_vec(),
        annulled: annulled.into_iter().collect(),
    })
}

/// Who goes up and who goes down at the end of a season.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Movements {
    /// For each division, the players who rise from it (none from the first).
    pub up: Vec<Vec<PlayerId>>,
    /// For each division, the players who fall from it (none from the last).
    pub down: Vec<Vec<PlayerId>>,
}

/// Promotion and relegation from each division's `finishers` (best first): the best `promote`
/// of every division but the first go up, the worst `relegate` of every division but the last
/// go down (a player is never both: promotion is taken first).
pub fn movements(finishers: &[Vec<PlayerId>], promote: usize, relegate: usize) -> Movements {
    let last = finishers.len().saturating_sub(1);
    let mut result = Movements::default();
    for (d, players) in finishers.iter().enumerate() {
        let up: Vec<PlayerId> =
            if d > 0 { players.iter().take(promote).copied().collect() } else { Vec::new() };
        let rest = &players[up.len()..];
        let down = if d < last { rest[rest.len().saturating_sub(relegate)..].to_vec() } else { Vec::new() };
        result.up.push(up);
        result.down.push(down);
    }
    result
}

/// The next season's divisions from each division's `finishers` (best first), after
/// promotion and relegation: who fell from above first, then who stayed, then who rose from below.
pub fn draft_next(finishers: &[Vec<PlayerId>], promote: usize, relegate: usize) -> Divisions {
    let moves = movements(finishers, promote, relegate);
    finishers
        .iter()
        .enumerate()
        .map(|(d, players)| {
            let from_above = d.checked_sub(1).map(|above| moves.down[above].clone()).unwrap_or_default();
            let stayed =
                players.iter().copied().filter(|p| !moves.up[d].contains(p) && !moves.down[d].contains(p));
            let from_below = moves.up.get(d + 1).cloned().unwrap_or_default();
            from_above.into_iter().chain(stayed).chain(from_below).collect()
        })
        .collect()
}

/// Adds `newcomer` rated `rating` to `divisions`, whose members are rated by `rating_of`: at
/// the end of the first division whose average rating is at most theirs, else of the last.
pub fn add_newcomer(
    divisions: &mut Divisions,
    newcomer: PlayerId,
    rating: i64,
    rating_of: impl Fn(PlayerId) -> i64,
) {
    let average = |players: &[PlayerId]| {
        let count = i64::try_from(players.len()).unwrap_or(i64::MAX).max(1);
        players.iter().map(|&p| rating_of(p)).sum::<i64>() / count
    };
    let at = divisions.iter().position(|players| average(players) <= rating);
    match at.or(divisions.len().checked_sub(1)) {
        Some(d) => divisions[d].push(newcomer),
        None => divisions.push(vec![newcomer]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Color;

    fn p(numbers: &[u32]) -> Vec<PlayerId> {
        numbers.iter().map(|&n| PlayerId(n)).collect()
    }

    #[test]
    fn placement_is_top_down_and_the_last_division_takes_the_rest() {
        // Eight members rated 1000 + 100·n: best first 8 7 6 | 5 4 3 2 1 with divisions of 3.
        let members: Vec<(PlayerId, i64)> =
            (1..=8).map(|n| (PlayerId(n), 1000 + 100 * i64::from(n))).collect();
        assert_eq!(place_by_rating(&members, 3).unwrap(), [p(&[8, 7, 6]), p(&[5, 4, 3, 2, 1])]);
        assert_eq!(place_by_rating(&members, 4).unwrap(), [p(&[8, 7, 6, 5]), p(&[4, 3, 2, 1])]);
        assert_eq!(place_by_rating(&members, 10).unwrap(), [p(&[8, 7, 6, 5, 4, 3, 2, 1])]);
        // Rated alike: the order given.
        let level = [(PlayerId(2), 1500), (PlayerId(1), 1500)];
        assert_eq!(place_by_rating(&level, 2).unwrap(), [p(&[2, 1])]);
        assert!(place_by_rating(&members[..1], 2).is_err());
        assert!(place_by_rating(&members, 1).is_err());
    }

    #[test]
    fn rounds_open_one_window_after_another() {
        // Start at 100, 10 per round: round 1 is 100–110, round 3 is 120–130.
        assert_eq!(round_window(100, 10, 1), (100, 110));
        assert_eq!(round_window(100, 10, 3), (120, 130));
        assert_eq!(schedule(&p(&[1, 2, 3, 4]), Cycles::Single).unwrap().len(), 3);
    }

    /// A division of four, 1 2 3 4: 1 beats everyone, 2 beats 3, 3 and 4 draw, 4 beats 2.
    fn four_games() -> Vec<(Pairing, GameResult)> {
        let game = |red, blue, result| (Pairing { red: PlayerId(red), blue: PlayerId(blue) }, result);
        vec![
            game(1, 2, GameResult::Win(Color::Red)),
            game(3, 1, GameResult::Win(Color::Blue)),
            game(1, 4, GameResult::Win(Color::Red)),
            game(2, 3, GameResult::Win(Color::Red)),
            game(4, 3, GameResult::Draw),
            game(4, 2, GameResult::Win(Color::Red)),
        ]
    }

    fn scores(table: &Table) -> Vec<(u32, u32, usize)> {
        table.lines.iter().map(|l| (l.player.0, l.points.quarters(), l.rank)).collect()
    }

    #[test]
    fn standings_use_the_round_robin_tie_breaks() {
        // 1 won all three (3); 4 beat 2 and drew 3 (1½); 2 beat 3 (1); 3 drew 4 (½).
        let table = table(&p(&[1, 2, 3, 4]), Cycles::Single, &four_games(), &[]).unwrap();
        assert_eq!(scores(&table), [(1, 12, 1), (4, 6, 2), (2, 4, 3), (3, 2, 4)]);
        // Sonneborn-Berger of 4: beat 2 (1 point) + ½ × 3's ½ = 1¼ (5 quarters).
        assert_eq!(table.lines[1].tie_breaks[0].quarters(), 5);
    }

    #[test]
    fn a_withdrawal_under_half_played_is_annulled() {
        // 4 withdraws having played one game of three (beat 2); the other two are forfeited.
        // Annulled: 2 gets that defeat back. 1 beat 2 and 3 (2), 2 beat 3 (1), 3 nothing (0).
        let game = |red, blue, result| (Pairing { red: PlayerId(red), blue: PlayerId(blue) }, result);
        let games = [
            game(1, 2, GameResult::Win(Color::Red)),
            game(3, 1, GameResult::Win(Color::Blue)),
            game(1, 4, GameResult::Forfeit(Color::Blue)),
            game(2, 3, GameResult::Win(Color::Red)),
            game(4, 3, GameResult::Forfeit(Color::Red)),
            game(4, 2, GameResult::Win(Color::Red)),
        ];
        let table = table(&p(&[1, 2, 3, 4]), Cycles::Single, &games, &p(&[4])).unwrap();
        assert_eq!(table.annulled, p(&[4]));
        assert_eq!(scores(&table), [(1, 8, 1), (2, 4, 2), (3, 0, 3)]);
        assert_eq!(table.finishers(), p(&[1, 2, 3]));
    }

    #[test]
    fn a_withdrawal_after_half_played_stays() {
        // 4 played two games of three (drew 3, beat 2) and forfeits the game against 1: kept,
        // the same points as the full table, but 4 does not finish.
        let mut games = four_games();
        games[2].1 = GameResult::Forfeit(Color::Blue);
        let table = table(&p(&[1, 2, 3, 4]), Cycles::Single, &games, &p(&[4])).unwrap();
        assert!(table.annulled.is_empty());
        assert_eq!(scores(&table)[1], (4, 6, 2));
        assert_eq!(table.finishers(), p(&[1, 2, 3]));
        assert!(annulled(1, 3) && !annulled(2, 3) && !annulled(2, 4) && annulled(1, 4));
    }

    #[test]
    fn promotion_relegation_and_the_next_season() {
        // Three divisions of four (best first), two up and one down.
        let finishers = [p(&[1, 2, 3, 4]), p(&[5, 6, 7, 8]), p(&[9, 10, 11, 12])];
        let moves = movements(&finishers, 2, 1);
        assert_eq!(moves.up, [p(&[]), p(&[5, 6]), p(&[9, 10])]);
        assert_eq!(moves.down, [p(&[4]), p(&[8]), p(&[])]);
        let next = draft_next(&finishers, 2, 1);
        assert_eq!(next, [p(&[1, 2, 3, 5, 6]), p(&[4, 7, 9, 10]), p(&[8, 11, 12])]);
        // A division too small to give both: promotion first. 13 and 14 both rise.
        let small = [p(&[1, 2, 3]), p(&[13, 14])];
        assert_eq!(movements(&small, 2, 1).down, [p(&[3]), p(&[])]);
        assert_eq!(draft_next(&small, 2, 1), [p(&[1, 2, 13, 14]), p(&[3])]);
    }

    #[test]
    fn newcomers_join_by_average_rating() {
        // Divisions average 2000 and 1500; 1800 joins the second, 2100 the first, 900 the last.
        let mut divisions = vec![p(&[1, 2]), p(&[3, 4])];
        let rating_of = |player: PlayerId| [0, 2100, 1900, 1600, 1400, 1800, 2100, 900][player.0 as usize];
        add_newcomer(&mut divisions, PlayerId(5), 1800, rating_of);
        add_newcomer(&mut divisions, PlayerId(6), 2100, rating_of);
        add_newcomer(&mut divisions, PlayerId(7), 900, rating_of);
        assert_eq!(divisions, [p(&[1, 2, 6]), p(&[3, 4, 5, 7])]);
        let mut none = Vec::new();
        add_newcomer(&mut none, PlayerId(1), 1500, |_| 0);
        assert_eq!(none, [p(&[1])]);
    }
}
