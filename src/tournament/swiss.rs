//! Swiss pairings: a simple system of our own, in the spirit of the FIDE Dutch rules.
//!
//! **Order.** Players are ranked by score, then rating, then number (lowest first). A *score
//! group* is the players with the same score.
//!
//! **What matters most**, in this order: no two players meet twice (a forfeited game counts as
//! a meeting); the sides (below); the bye; the fewest players paired outside their score
//! group; then the order of preference below. The search tries every possibility before saying
//! that no pairing without a repeat exists ([`TournamentError::NoRepeatFreePairing`]): it goes
//! back from each dead end and takes the next choice. The fewest floats are sought within a
//! bounded effort for each number tried (so that a round of a hundred players is paired in a
//! moment): in a large field late in a tournament one float more than the least is possible.
//!
//! **Bye.** With an odd number of players, the lowest-ranked player who has not had a bye
//! sits out and scores [`SwissConfig::bye_points`] (a win unless configured). Each player has
//! at most one bye; if the rest cannot be paired, the next one up takes it.
//!
//! **Order of preference.** Going down the ranking, the highest player not yet paired chooses:
//! - within their score group (still unpaired players only, themselves included, `m` of
//!   them), they want the player `m/2` places below them, the top half meeting the bottom
//!   half in order (1–5, 2–6, 3–7, 4–8 in a group of eight); failing that, the next ones down
//!   the group, then the ones above that place, nearest first;
//! - a player left alone in their group (an odd group, or one whose group-mates they have all
//!   met) *floats down*: they meet the highest-ranked player of the lower groups they can.
//!
//! **Sides.** Only games played over the board count. A player's *colour difference* is Red
//! games minus Blue games. They prefer Blue when it is positive, Red when it is negative, and
//! when it is zero the side opposite to their last game (round 1: no preference). The
//! preference is *absolute* when the difference is 2 or more either way (that side is wanted),
//! or else when their last two games had the same side (the other side is wanted). Two players
//! with the same absolute preference are not paired together when any other pairing exists;
//! failing that, two whose difference is already 2 the same way are still kept apart, so the
//! difference stays within 2 unless the field is nearly exhausted. Within a game: different
//! wishes are both granted; the same wish goes to the stronger one (absolute first, then the
//! larger difference); equal ones alternate from the latest game in which the two had
//! different sides; failing all, the higher-ranked player gets their wish. Players without any
//! preference (round 1): the higher-ranked player of board 1 takes Red, of board 2 Blue, and so
//! on alternately.
//!
//! **Late entries** ([`enter_late`]) score [`SwissConfig::late_entry_points`] (0 or ½) for each
//! round already paired; a withdrawn player is simply left out of the players to pair.

use super::error::TournamentError;
use super::history::History;
use super::pairing::{Pairing, PlayerId, Round};
use super::points::Points;
use super::scoring::Scoring;
use crate::rules::Color;
use std::collections::{BTreeSet, HashSet};

/// The steps a search for a pairing with a given number of floats may take before the next
/// number is tried: a bound on the time of a round in large fields; fields of a dozen players
/// never reach it.
const EFFORT_PER_TRY: u64 = 2_000;

/// The points of the rounds a player does not play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SwissConfig {
    /// A bye's worth: a win by default.
    pub bye_points: Points,
    /// Each round missed by a late entry: 0 by default, or ½.
    pub late_entry_points: Points,
}

impl Default for SwissConfig {
    fn default() -> SwissConfig {
        SwissConfig { bye_points: Points::ONE, late_entry_points: Points::ZERO }
    }
}

/// A player to pair this round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SwissPlayer {
    /// The player.
    pub id: PlayerId,
    /// Their rating, which ranks players of equal score.
    pub rating: i32,
}

/// Adds `player` after `rounds_paired` rounds, with the late entry's points for each.
pub fn enter_late(
    history: &mut History,
    player: PlayerId,
    rounds_paired: usize,
    config: &SwissConfig,
) -> Result<(), TournamentError> {
    history.add_player(player)?;
    for _ in 0..rounds_paired {
        history.record_missed(player, config.late_entry_points)?;
    }
    Ok(())
}

/// The next round for `players` (those still in the tournament), given what happened so far.
pub fn pair_round(players: &[SwissPlayer], history: &History) -> Result<Round, TournamentError> {
    if players.len() < 2 {
        return Err(TournamentError::TooFewPlayers { needed: 2, given: players.len() });
    }
    let mut seen = BTreeSet::new();
    for player in players {
        if !history.contains(player.id) {
            return Err(TournamentError::UnknownPlayer(player.id));
        }
        if !seen.insert(player.id) {
            return Err(TournamentError::DuplicatePlayer(player.id));
        }
    }
    let ranked = rank(players, history);
    let met: Vec<Vec<bool>> =
        ranked.iter().map(|a| ranked.iter().map(|b| history.have_met(a.id, b.id)).collect()).collect();
    let everyone = vec![true; ranked.len()];
    let bye_candidates: Vec<Option<usize>> = if ranked.len().is_multiple_of(2) {
        vec![None]
    } else {
        (0..ranked.len()).rev().filter(|&at| !ranked[at].had_bye).map(Some).collect()
    };
    for colors in [ColorRule::Absolute, ColorRule::Difference, ColorRule::Free] {
        for &bye in &bye_candidates {
            let mut free = everyone.clone();
            if let Some(at) = bye {
                free[at] = false;
            }
            let mut search = Search {
                ranked: &ranked,
                met: &met,
                colors,
                dead_ends: HashSet::new(),
                effort_left: 0,
                gave_up: false,
            };
            let most = ranked.len() / 2;
            for floats in search.fewest_floats(&free)..=most {
                // Only the last try, floats unlimited, must be exhaustive.
                let effort = if floats == most { u64::MAX } else { EFFORT_PER_TRY };
                if let Some(pairs) = search.within(&mut free.clone(), floats, effort) {
                    return Ok(boards(&ranked, pairs, bye));
                }
            }
        }
    }
    Err(TournamentError::NoRepeatFreePairing)
}

/// A player as the pairing sees them.
struct Contender {
    id: PlayerId,
    points: Points,
    rating: i32,
    colors: Vec<Color>,
    had_bye: bool,
    wish: Wish,
}

fn rank(players: &[SwissPlayer], history: &History) -> Vec<Contender> {
    let mut ranked: Vec<Contender> = players
        .iter()
        .map(|player| {
            let colors: Vec<Color> = history.colors(player.id).collect();
            Contender {
                id: player.id,
                points: Scoring::Classical.total(history.entries(player.id)),
                rating: player.rating,
                wish: wish(&colors),
                colors,
                had_bye: history.had_bye(player.id),
            }
        })
        .collect();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(b.rating.cmp(&a.rating)).then(a.id.cmp(&b.id)));
    ranked
}

/// The side a player would like.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Wish {
    color: Option<Color>,
    absolute: bool,
    /// The colour difference's size.
    strength: u32,
}

fn wish(colors: &[Color]) -> Wish {
    let reds = colors.iter().filter(|&&c| c == Color::Red).count() as i64;
    let difference = reds - (colors.len() as i64 - reds);
    let last_two_same = colors.len() >= 2 && colors[colors.len() - 1] == colors[colors.len() - 2];
    let color = match difference {
        d if d >= 2 => Some(Color::Blue),
        d if d <= -2 => Some(Color::Red),
        _ if last_two_same => colors.last().map(|&last| !last),
        d if d > 0 => Some(Color::Blue),
        d if d < 0 => Some(Color::Red),
        _ => colors.last().map(|&last| !last),
    };
    let strength = u32::try_from(difference.unsigned_abs()).unwrap_or(u32::MAX);
    Wish { color, absolute: strength >= 2 || last_two_same, strength }
}

/// Which players with the same colour wish may still meet: each rule is tried only when the
/// one before it leaves no pairing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ColorRule {
    /// Not two players with the same absolute wish.
    Absolute,
    /// Not two players whose difference is already 2 the same way.
    Difference,
    /// Sides do not limit the pairing.
    Free,
}

impl ColorRule {
    fn allows(self, a: Wish, b: Wish) -> bool {
        let same_wish = a.color == b.color;
        match self {
            ColorRule::Absolute => !(same_wish && a.absolute && b.absolute),
            ColorRule::Difference => !(same_wish && a.strength >= 2 && b.strength >= 2),
            ColorRule::Free => true,
        }
    }
}

/// A depth-first search for a pairing of every free player with at most a given number of
/// players paired outside their score group.
struct Search<'a> {
    ranked: &'a [Contender],
    met: &'a [Vec<bool>],
    colors: ColorRule,
    /// Free players and floats allowed known to lead nowhere (the search from them is always
    /// the same, so each is explored once).
    dead_ends: HashSet<(Vec<bool>, usize)>,
    /// The steps this try may still take.
    effort_left: u64,
    /// Whether this try ran out of steps (what it found then proves nothing).
    gave_up: bool,
}

impl Search<'_> {
    /// A pairing with at most `floats` floats found within `effort` steps, or None.
    fn within(&mut self, free: &mut [bool], floats: usize, effort: u64) -> Option<Vec<(usize, usize)>> {
        self.effort_left = effort;
        self.gave_up = false;
        self.pair(free, floats)
    }

    /// The pairs (indices in the ranking, the higher-ranked first), or None.
    fn pair(&mut self, free: &mut [bool], floats: usize) -> Option<Vec<(usize, usize)>> {
        let Some(top) = free.iter().position(|&is_free| is_free) else {
            return Some(Vec::new());
        };
        if self.dead_ends.contains(&(free.to_vec(), floats)) {
            return None;
        }
        if self.effort_left == 0 {
            self.gave_up = true;
            return None;
        }
        self.effort_left -= 1;
        for opponent in self.candidates(top, free) {
            let floats_left = if self.ranked[opponent].points == self.ranked[top].points {
                floats
            } else if let Some(left) = floats.checked_sub(1) {
                left
            } else {
                break;
            };
            if !self.allowed(top, opponent) {
                continue;
            }
            free[top] = false;
            free[opponent] = false;
            if self.may_complete(free, floats_left) {
                if let Some(mut pairs) = self.pair(free, floats_left) {
                    pairs.push((top, opponent));
                    return Some(pairs);
                }
            }
            free[top] = true;
            free[opponent] = true;
            if self.gave_up {
                return None;
            }
        }
        self.dead_ends.insert((free.to_vec(), floats));
        None
    }

    /// `top`'s opponents in the order the rules prefer them: their score group first.
    fn candidates(&self, top: usize, free: &[bool]) -> Vec<usize> {
        let below: Vec<usize> = (top + 1..free.len()).filter(|&at| free[at]).collect();
        let group_size =
            below.iter().take_while(|&&at| self.ranked[at].points == self.ranked[top].points).count();
        let (group, lower) = below.split_at(group_size);
        // Position m/2 of the group counted with `top` (m = group + 1) is group[(m/2) - 1].
        let ideal = group.len().div_ceil(2).saturating_sub(1);
        let from_ideal_down = group.iter().skip(ideal);
        let above_ideal = group.iter().take(ideal).rev();
        from_ideal_down.chain(above_ideal).chain(lower).copied().collect()
    }

    fn allowed(&self, a: usize, b: usize) -> bool {
        !self.met[a][b] && self.colors.allows(self.ranked[a].wish, self.ranked[b].wish)
    }

    /// The fewest floats that can pair the free players: each score group of odd size needs
    /// one, and a float joins two groups.
    fn fewest_floats(&self, free: &[bool]) -> usize {
        let free_players: Vec<usize> = (0..free.len()).filter(|&at| free[at]).collect();
        let groups = free_players.chunk_by(|&a, &b| self.ranked[a].points == self.ranked[b].points);
        groups.filter(|group| group.len() % 2 == 1).count().div_ceil(2)
    }

    /// Quick tests that cut dead branches early: the floats left are enough, and each free
    /// player still has someone to meet.
    fn may_complete(&self, free: &[bool], floats: usize) -> bool {
        let free_players: Vec<usize> = (0..free.len()).filter(|&at| free[at]).collect();
        self.fewest_floats(free) <= floats
            && free_players.iter().all(|&a| free_players.iter().any(|&b| a != b && self.allowed(a, b)))
    }
}

/// The round: boards in the order of their higher-ranked player, sides allocated.
fn boards(ranked: &[Contender], mut pairs: Vec<(usize, usize)>, bye: Option<usize>) -> Round {
    pairs.sort_unstable();
    let pairings = pairs
        .iter()
        .enumerate()
        .map(|(board, &(high, low))| {
            let high_side = side_of_higher(&ranked[high], &ranked[low], board);
            let (high, low) = (ranked[high].id, ranked[low].id);
            match high_side {
                Color::Red => Pairing { red: high, blue: low },
                Color::Blue => Pairing { red: low, blue: high },
            }
        })
        .collect();
    Round { pairings, bye: bye.map(|at| ranked[at].id) }
}

/// The side the higher-ranked player of a board gets.
fn side_of_higher(high: &Contender, low: &Contender, board: usize) -> Color {
    match (high.wish.color, low.wish.color) {
        (None, None) if board.is_multiple_of(2) => Color::Red,
        (None, None) => Color::Blue,
        (Some(wanted), None) => wanted,
        (None, Some(wanted)) => !wanted,
        (Some(high_wants), Some(low_wants)) if high_wants != low_wants => high_wants,
        (Some(both_want), Some(_)) => {
            let strength = |wish: Wish| (wish.absolute, wish.strength);
            if strength(high.wish) != strength(low.wish) {
                return if strength(high.wish) > strength(low.wish) { both_want } else { !both_want };
            }
            // Alternate from the latest game in which they had different sides.
            let latest_difference =
                high.colors.iter().rev().zip(low.colors.iter().rev()).find(|(h, l)| h != l);
            match latest_difference {
                Some((&high_then, _)) => !high_then,
                None => both_want,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::dice::Dice;
    use crate::tournament::result::GameResult;
    use proptest::prelude::*;

    fn id(number: u32) -> PlayerId {
        PlayerId(number)
    }

    /// Players 1 … count, rated 2000, 1990, … (player 1 the highest).
    fn field(count: u32) -> (Vec<SwissPlayer>, History) {
        let players: Vec<SwissPlayer> =
            (1..=count).map(|n| SwissPlayer { id: id(n), rating: 2010 - 10 * n as i32 }).collect();
        let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
        (players, History::new(&ids).unwrap())
    }

    fn boards(round: &Round) -> Vec<(u32, u32)> {
        round.pairings.iter().map(|p| (p.red.0, p.blue.0)).collect()
    }

    fn red_wins(round: &Round, red_winners: &[bool]) -> Vec<GameResult> {
        let result = |&red_won| GameResult::Win(if red_won { Color::Red } else { Color::Blue });
        assert_eq!(round.pairings.len(), red_winners.len());
        red_winners.iter().map(result).collect()
    }

    #[test]
    fn eight_players_top_half_against_bottom_half_then_by_score_groups() {
        let (players, mut history) = field(8);
        let first = pair_round(&players, &history).unwrap();
        // 1–5, 2–6, 3–7, 4–8; board 1's higher player Red, board 2's Blue, and so on.
        assert_eq!(boards(&first), [(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert_eq!(first.bye, None);
        // The higher-rated players all win: groups {1, 2, 3, 4} on 1 point, {5, 6, 7, 8} on 0.
        let results = red_wins(&first, &[true, false, true, false]);
        history.record_round(&first, &results, Points::ONE).unwrap();
        let second = pair_round(&players, &history).unwrap();
        // 1–3 and 2–4, 5–7 and 6–8. 1 and 3 both had Red and want Blue, as much as each
        // other, with no game on different sides: 1, higher, gets Blue. 2 and 4 both want Red:
        // 2 gets it. Likewise 5 gets Red against 7, and 6 Blue against 8.
        assert_eq!(boards(&second), [(3, 1), (2, 4), (5, 7), (8, 6)]);
    }

    #[test]
    fn a_lone_winner_floats_down_to_the_best_opponent_not_yet_met() {
        let (players, mut history) = field(6);
        let first = pair_round(&players, &history).unwrap();
        assert_eq!(boards(&first), [(1, 4), (5, 2), (3, 6)]);
        // 1 and 2 win, 6 beats 3: {1, 2, 6} on 1 point (ranked by rating), {3, 4, 5} on 0.
        let results = red_wins(&first, &[true, false, false]);
        history.record_round(&first, &results, Points::ONE).unwrap();
        let second = pair_round(&players, &history).unwrap();
        // 1–2 in the top group; 6 floats down, has met 3 and so meets 4; 3–5 remain.
        // Sides: 1 had Red, 2 Blue: each gets the other. 6 and 4 both had Blue: 6, higher,
        // gets Red. 3 and 5 both had Red: 3 gets Blue.
        assert_eq!(boards(&second), [(2, 1), (6, 4), (5, 3)]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_player_without_one() {
        let (players, mut history) = field(5);
        let first = pair_round(&players, &history).unwrap();
        assert_eq!(boards(&first), [(1, 3), (4, 2)]);
        assert_eq!(first.bye, Some(id(5)));
        // Draws: everyone on ½ but 5 on the bye's 1 point; 4 is lowest without a bye.
        history.record_round(&first, &[GameResult::Draw; 2], Points::ONE).unwrap();
        let second = pair_round(&players, &history).unwrap();
        assert_eq!(second.bye, Some(id(4)));
        assert!(second.players().all(|p| second.players().filter(|&q| q == p).count() == 1));
    }

    #[test]
    fn the_search_goes_back_when_the_first_choice_leads_nowhere() {
        // Four players level on 1 point: A (1) and B (2) have each drawn with C (3); D (4)
        // entered late with ½ for each round; A and B also have ½ for a missed round.
        let (players, mut history) = field(4);
        let draw = |red, blue| (Pairing { red: id(red), blue: id(blue) }, GameResult::Draw);
        for (pairing, result) in [draw(1, 3), draw(3, 2)] {
            history.record_game(pairing, result).unwrap();
        }
        for player in [1, 2, 4, 4] {
            history.record_missed(id(player), Points::HALF).unwrap();
        }
        // A wants C (met), then D; but then B–C would be a repeat: back, A–B and C–D.
        let round = pair_round(&players, &history).unwrap();
        let mut pairs: Vec<(u32, u32)> =
            boards(&round).into_iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
        pairs.sort();
        assert_eq!(pairs, [(1, 2), (3, 4)]);
    }

    #[test]
    fn no_pairing_without_a_repeat_is_said_so() {
        let (players, mut history) = field(4);
        for _ in 0..3 {
            let round = pair_round(&players, &history).unwrap();
            history.record_round(&round, &[GameResult::Draw; 2], Points::ONE).unwrap();
        }
        assert_eq!(pair_round(&players, &history), Err(TournamentError::NoRepeatFreePairing));
        // Three players after three rounds: everyone has met and had a bye.
        let (players, mut history) = field(3);
        for _ in 0..3 {
            let round = pair_round(&players, &history).unwrap();
            history.record_round(&round, &[GameResult::Draw], Points::ONE).unwrap();
        }
        assert_eq!(pair_round(&players, &history), Err(TournamentError::NoRepeatFreePairing));
    }

    #[test]
    fn a_late_entry_scores_the_configured_points_and_is_paired() {
        let (mut players, mut history) = field(4);
        let first = pair_round(&players, &history).unwrap();
        history.record_round(&first, &[GameResult::Draw; 2], Points::ONE).unwrap();
        let config = SwissConfig { late_entry_points: Points::HALF, ..SwissConfig::default() };
        enter_late(&mut history, id(9), 1, &config).unwrap();
        assert_eq!(Scoring::Classical.total(history.entries(id(9))), Points::HALF);
        assert_eq!(enter_late(&mut history, id(9), 1, &config), Err(TournamentError::DuplicatePlayer(id(9))));
        players.push(SwissPlayer { id: id(9), rating: 1500 });
        let second = pair_round(&players, &history).unwrap();
        assert_eq!(second.bye, Some(id(9)), "the lowest-ranked of five, without a bye");
    }

    #[test]
    fn bad_player_lists_are_refused() {
        let (players, history) = field(3);
        assert_eq!(
            pair_round(&players[..1], &history),
            Err(TournamentError::TooFewPlayers { needed: 2, given: 1 })
        );
        let twice = [players[0], players[1], players[0]];
        assert_eq!(pair_round(&twice, &history), Err(TournamentError::DuplicatePlayer(id(1))));
        let stranger = [players[0], SwissPlayer { id: id(7), rating: 0 }];
        assert_eq!(pair_round(&stranger, &history), Err(TournamentError::UnknownPlayer(id(7))));
    }

    #[test]
    fn colour_wishes() {
        use Color::{Blue, Red};
        assert_eq!(wish(&[]), Wish { color: None, absolute: false, strength: 0 });
        assert_eq!(wish(&[Red, Blue]), Wish { color: Some(Red), absolute: false, strength: 0 });
        assert_eq!(wish(&[Red, Blue, Red]), Wish { color: Some(Blue), absolute: false, strength: 1 });
        assert_eq!(wish(&[Blue, Red, Red]), Wish { color: Some(Blue), absolute: true, strength: 1 });
        assert_eq!(
            wish(&[Blue, Blue, Blue, Red, Red]),
            Wish { color: Some(Blue), absolute: true, strength: 1 }
        );
        assert_eq!(wish(&[Blue, Red, Blue, Blue]), Wish { color: Some(Red), absolute: true, strength: 2 });
    }

    #[test]
    fn equal_wishes_alternate_from_the_latest_difference() {
        use Color::{Blue, Red};
        let contender = |colors: Vec<Color>| Contender {
            id: id(1),
            points: Points::ZERO,
            rating: 0,
            wish: wish(&colors),
            colors,
            had_bye: false,
        };
        // Both want Blue (one Red more, not twice the same last); the latest game on
        // different sides was the second: the higher player had Red then, so now Blue.
        let high = contender(vec![Blue, Red, Red, Blue, Red]);
        let low = contender(vec![Red, Blue, Red, Blue, Red]);
        assert_eq!(side_of_higher(&high, &low, 0), Color::Blue);
        // Swapped ranks, the same alternation: the higher (then Blue) now takes Red.
        assert_eq!(side_of_higher(&low, &high, 0), Color::Red);
        // The stronger wish wins, whatever the rank.
        let strong = contender(vec![Red, Blue, Red, Red]);
        assert_eq!(side_of_higher(&low, &strong, 0), Color::Red);
    }

    /// Every way to pair `players` (indices) two by two.
    fn matchings(players: &[usize]) -> Vec<Vec<(usize, usize)>> {
        let Some((&first, rest)) = players.split_first() else {
            return vec![Vec::new()];
        };
        let mut all = Vec::new();
        for (at, &partner) in rest.iter().enumerate() {
            let others: Vec<usize> =
                rest.iter().enumerate().filter(|&(i, _)| i != at).map(|(_, &p)| p).collect();
            for mut matching in matchings(&others) {
                matching.push((first, partner));
                all.push(matching);
            }
        }
        all
    }

    /// What the rules ask of the next round, found by trying every pairing: the strictest
    /// colour rule any pairing meets, the bye (lowest first), the fewest floats. None: no
    /// pairing avoids a repeat.
    fn best_by_brute_force(
        ranked: &[Contender],
        history: &History,
    ) -> Option<(Option<PlayerId>, usize, ColorRule)> {
        let count = ranked.len();
        let byes: Vec<Option<usize>> = if count.is_multiple_of(2) {
            vec![None]
        } else {
            (0..count).rev().filter(|&at| !ranked[at].had_bye).map(Some).collect()
        };
        for colors in [ColorRule::Absolute, ColorRule::Difference, ColorRule::Free] {
            for &bye in &byes {
                let players: Vec<usize> = (0..count).filter(|&at| Some(at) != bye).collect();
                let valid = |pairs: &&Vec<(usize, usize)>| {
                    pairs.iter().all(|&(a, b)| {
                        !history.have_met(ranked[a].id, ranked[b].id)
                            && colors.allows(ranked[a].wish, ranked[b].wish)
                    })
                };
                let floats = |pairs: &Vec<(usize, usize)>| {
                    pairs.iter().filter(|&&(a, b)| ranked[a].points != ranked[b].points).count()
                };
                if let Some(fewest) = matchings(&players).iter().filter(valid).map(floats).min() {
                    return Some((bye.map(|at| ranked[at].id), fewest, colors));
                }
            }
        }
        None
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]

        /// Up to nine players, round after round with random results: each round is what the
        /// rules ask for (compared with every possible pairing), or refused when none exists.
        #[test]
        fn each_round_is_the_best_pairing_by_the_rules(count in 2u32..=9, rounds in 1usize..=8, seed: u64) {
            let mut dice = Dice::new(seed);
            let players: Vec<SwissPlayer> =
                (1..=count).map(|n| SwissPlayer { id: id(n), rating: 1500 + dice.roll(400) as i32 }).collect();
            let ids: Vec<PlayerId> = players.iter().map(|p| p.id).collect();
            let mut history = History::new(&ids).unwrap();
            for _ in 0..rounds {
                let ranked = rank(&players, &history);
                match (pair_round(&players, &history), best_by_brute_force(&ranked, &history)) {
                    (Err(refused), None) => {
                        prop_assert_eq!(refused, TournamentError::NoRepeatFreePairing);
                        break;
                    }
                    (Ok(round), Some((bye, fewest_floats, colors))) => {
                        prop_assert_eq!(round.bye, bye);
                        let contender = |player| ranked.iter().find(|c| c.id == player).unwrap();
                        let floats = round.pairings.iter().filter(|p| contender(p.red).points != contender(p.blue).points);
                        prop_assert_eq!(floats.count(), fewest_floats);
                        for pairing in &round.pairings {
                            prop_assert!(!history.have_met(pairing.red, pairing.blue));
                            prop_assert!(colors.allows(contender(pairing.red).wish, contender(pairing.blue).wish));
                        }
                        let results: Vec<GameResult> = round.pairings.iter().map(|_| dice.result()).collect();
                        history.record_round(&round, &results, Points::ONE).unwrap();
                    }
                    (ours, best) => prop_assert!(false, "ours {:?}, by brute force {:?}", ours, best),
                }
            }
        }
    }
}
